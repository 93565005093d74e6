import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openApiDocument } from "#api/http/openapi";
import type { RouteDeclaration } from "#api/http/route";
import { docsEnabled } from "#api/modules/api-docs/routes";
import { createTestApi, type TestApi } from "../helpers/api";
import { makePipeline, makeTask } from "../helpers/crm";

let api: TestApi;
let admin: string;
let doc: any;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  const res = await api.request("GET", "/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await api?.close();
});

/** Fastify's `/task/:id` written the OpenAPI way, `/task/{id}` (worked out here, not by the generator). */
const templated = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const declaration = (method: string, url: string) => api.app.routeDeclarations.find((d) => d.method === method && d.url === url)!;
const op = (method: string, url: string) => doc.paths[templated(url)]?.[method.toLowerCase()];
const param = (o: any, name: string) => (o.parameters ?? []).find((p: any) => p.name === name);

describe("the OpenAPI document", () => {
  it("is an OpenAPI 3.1 document, served without a token", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(typeof doc.info.title).toBe("string");
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    // Every $ref points at something the document has.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(10);
    for (const [, kind, name] of refs) expect(doc.components[kind]?.[name], `#/components/${kind}/${name}`).toBeTruthy();
  });

  it("has every registered route, once, with its access", () => {
    const declarations = api.app.routeDeclarations;
    expect(declarations.length).toBeGreaterThan(100);
    const missing = declarations.filter((d) => !op(d.method, d.url)).map((d) => `${d.method} ${d.url}`);
    expect(missing, "routes missing from /openapi.json").toEqual([]);
    const operations = Object.values(doc.paths).flatMap((methods: any) => Object.values(methods)) as any[];
    expect(operations.length).toBe(declarations.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    for (const d of declarations) {
      const o = op(d.method, d.url);
      const what = `${d.method} ${d.url}`;
      expect(o.summary, what).toMatch(/\S/);
      expect(o.tags, what).toHaveLength(1);
      if ("public" in d.access) {
        expect(o.security, what).toEqual([]);
        expect(o["x-permissions"], what).toBeUndefined();
      } else {
        expect(o.security, what).toEqual([{ bearer: [] }]);
        expect(o["x-permissions"], what).toEqual([...d.access.permissions]);
        expect(o.responses["401"], what).toBeTruthy();
      }
      // Every {name} of the path is a required path parameter.
      for (const [, name] of d.url.matchAll(/:(\w+)/g))
        expect(param(o, name), `${what} :${name}`).toEqual(expect.objectContaining({ in: "path", required: true }));
    }
  });

  it("describes a list's query: page, filter, sort and the list's own parameters", () => {
    const list = op("GET", "/task");
    expect(list.tags).toEqual(["Tasks"]);
    expect(list.summary).toBe("List task");
    expect(param(list, "page[number]")).toEqual(
      expect.objectContaining({ in: "query", required: false, schema: expect.objectContaining({ type: "integer", minimum: 1 }) }),
    );
    expect(param(list, "page[size]").schema).toEqual(expect.objectContaining({ type: "integer", maximum: 999, default: 10 }));
    expect(param(list, "filter")).toEqual(expect.objectContaining({ in: "query", style: "deepObject", explode: true }));
    expect(param(list, "sort").schema).toEqual(expect.objectContaining({ type: "string" }));
    expect(param(list, "include")).toBeTruthy();
    // Its answer is the contract's page of tasks.
    const answer = list.responses["200"].content["application/json"].schema;
    expect(answer.required).toEqual(expect.arrayContaining(["data", "meta", "links"]));
    expect(answer.properties.data.items.required).toEqual(expect.arrayContaining(["id", "name", "pipeline_id"]));
  });

  it("describes a create's body with its required fields, its 201 answer and its permissions", () => {
    const create = op("POST", "/task");
    const body = create.requestBody.content["application/json"].schema;
    expect(body.type).toBe("object");
    expect(body.required).toEqual(expect.arrayContaining(["name", "pipeline_id"]));
    expect(body.required).not.toContain("priority");
    expect(body.properties.name).toEqual(expect.objectContaining({ type: "string", maxLength: 255 }));
    expect(create["x-permissions"]).toEqual(["task_manage"]);
    expect(create.responses["201"].content["application/json"].schema.properties.data).toBeTruthy();
    expect(create.responses["403"]).toBeTruthy();
    expect(param(create, "Idempotency-Key")).toEqual(expect.objectContaining({ in: "header", required: false }));

    expect(op("GET", "/task/:id")["x-permissions"]).toEqual(["task_view", "task_manage"]);
    expect(op("GET", "/priority")["x-permissions"]).toEqual([]);
    expect(op("GET", "/priority").responses["403"]).toBeUndefined();
    expect(op("DELETE", "/task/:id").responses["204"]).toBeTruthy();
    expect(op("POST", "/login").security).toEqual([]);
    expect(op("GET", "/openapi.json").security).toEqual([]);
  });

  it("the answers a route declares are the answers it gives", async () => {
    const pipeline = await makePipeline(api, admin);
    const task = await makeTask(api, admin, { pipeline_id: pipeline.id, name: `OpenAPI check ${Date.now()}` });
    const cases: [string, string, string][] = [
      ["GET", "/task/:id", `/task/${task.id}`],
      ["GET", "/task", `/task?filter[pipeline_id]=${pipeline.id}&include=pipeline,pipelineStage,products,confidence`],
      ["GET", "/activity-log/task/:id", `/activity-log/task/${task.id}`],
      ["GET", "/confidence-scores", "/confidence-scores"],
      ["GET", "/priority", "/priority"],
      ["GET", "/pipelines", "/pipelines?include=stages"],
      ["GET", "/pipelines/:id", `/pipelines/${pipeline.id}`],
      ["GET", "/pipelines/:id/pipeline-stages", `/pipelines/${pipeline.id}/pipeline-stages`],
      ["GET", "/pipelines/:id/targets/users", `/pipelines/${pipeline.id}/targets/users`],
      ["GET", "/revenue-stages", "/revenue-stages"],
    ];
    for (const [method, url, path] of cases) {
      const res = await api.request(method as "GET", path, { token: admin });
      expect(res.status, path).toBe(200);
      const parsed = declaration(method, url).response!.safeParse(res.body);
      expect(parsed.success, `${path}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("a schema that cannot be converted is an open object, told once, and the document is still made", () => {
    const told: string[] = [];
    const broken = { notAZodSchema: true } as unknown as z.ZodType;
    const routes: RouteDeclaration[] = [
      { method: "POST", url: "/broken/:id", access: { permissions: ["task_manage"] }, schemas: { body: broken, params: z.object({ id: z.coerce.number() }) } },
      { method: "PUT", url: "/fine", access: { public: true }, schemas: { body: z.object({ name: z.string() }) } },
    ];
    const made = openApiDocument([...routes, routes[0]], { warn: (m) => told.push(m) });
    expect(made.paths["/broken/{id}"].post.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: expect.objectContaining({ type: "object", additionalProperties: true }) } },
    });
    expect(made.paths["/fine"].put.requestBody!.content).toEqual({ "application/json": { schema: expect.objectContaining({ required: ["name"] }) } });
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("POST /broken/:id body");
  });
});

describe("the documentation page", () => {
  it("lists every operation by area, with its permissions and schemas, self-contained", async () => {
    const res = await api.request("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    const html = parse(res.text);
    expect(html.querySelectorAll("script")).toHaveLength(0);
    expect(html.querySelectorAll("link[rel=stylesheet]")).toHaveLength(0);
    const operations = html.querySelectorAll("details[id]");
    expect(operations.length).toBe(api.app.routeDeclarations.length);
    const tasks = html.querySelectorAll("section").find((s) => s.querySelector("h2")?.text === "Tasks")!;
    const create = tasks.querySelectorAll("details").find((d) => /^POST\s+\/task\s—/.test(d.querySelector("summary")!.text))!;
    expect(create, "POST /task in the Tasks area").toBeTruthy();
    expect(create.querySelector("summary")!.text).toContain("task_manage");
    expect(create.querySelectorAll("pre")[0].text).toContain('"pipeline_id"');
  });

  it("is off when API_DOCS=off, and by default in production; the document is always served", async () => {
    const off = await api.buildApp({ API_DOCS: "off" });
    expect((await off.request("GET", "/docs")).status).toBe(404);
    expect((await off.request("GET", "/openapi.json")).status).toBe(200);
    expect(docsEnabled({ NODE_ENV: "production", API_DOCS: undefined })).toBe(false);
    expect(docsEnabled({ NODE_ENV: "production", API_DOCS: "on" })).toBe(true);
    expect(docsEnabled({ NODE_ENV: "development", API_DOCS: undefined })).toBe(true);
  });
});
