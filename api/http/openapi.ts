import { z } from "zod";
import { apiErrorSchema, pageMetaSchema } from "#contract/common";
import type { RouteDeclaration } from "./route";

/**
 * The API's OpenAPI 3.1 document, generated from the route declarations (api/http/route.ts) and the zod
 * contract (zod's JSON Schema output, draft 2020-12, the dialect OpenAPI 3.1 uses). Nothing in it is written by
 * hand: a route registered tomorrow is in it tomorrow, with its access, its inputs and — where the declaration
 * names one — its answer (docs/decisions/016-openapi.md).
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security: Record<string, string[]>[];
  /** Any of these permissions lets a caller in; [] = any signed-in user. Absent on a public route. */
  "x-permissions"?: readonly string[];
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
}

export interface OpenApiOptions {
  /** Told once per schema that cannot be converted (the document then shows an open object in its place). */
  warn?: (message: string) => void;
}

/** The contract's version: raised when a change breaks a client built against an earlier document. */
export const CONTRACT_VERSION = "1.0.0";

const ERROR = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ERROR } } });

/** Fastify's `/task/:id` as OpenAPI's `/task/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** The path's parameter names, in order. */
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** The path's segments that name something (not `api`, `v1` or a parameter). */
const words = (url: string) => url.split("/").filter((s) => s && !s.startsWith(":") && s !== "api" && !/^v\d+$/.test(s));

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const spaced = (segment: string) => segment.replace(/[-_]+/g, " ");
/** companies → company, tasks → task (the owner of a sub-resource, said as one). */
const singular = (word: string) => word.replace(/ies$/, "y").replace(/([^s])s$/, "$1");

/** The area a route belongs to: its module's (given where the module is registered), else its path's first word. */
export const areaOf = (d: RouteDeclaration) => d.area ?? sentence(spaced(words(d.url)[0] ?? "API"));

/** Words that make a path's last segment an action rather than a thing: POST /task/:id/send-email sends. */
const ACTIONS = /^(send|read|archive|verify|resend|validate|update|login|logout|bulk|portal)\b/;

/**
 * A one-line summary derived from the method and path: "List tasks" is a GET with a list query, "Get task" a GET
 * of one, "Create task" a POST to a collection, "Update task" a write to one, "Delete task" / "Delete many
 * task" a DELETE of one / of a body's ids; an action segment (send-email, read, archive) is said as it is. A
 * sub-resource says whose: "List task product of a task".
 */
export function summaryOf(d: RouteDeclaration): string {
  if (d.summary) return d.summary;
  const segments = d.url.split("/").filter((s) => s && s !== "api" && !/^v\d+$/.test(s));
  const last = segments[segments.length - 1] ?? "";
  const item = last.startsWith(":");
  const named = segments.filter((s) => !s.startsWith(":"));
  // "/get-types" is a thing to get, not "get get types".
  const thing = spaced(named[named.length - 1] ?? "API").replace(/^get /, "");
  // The record the path goes through before its last named segment: /task/:id/task-product → "of a task".
  const ownerIndex = segments.lastIndexOf(named[named.length - 1] ?? "") - 1;
  const owner = ownerIndex > 0 && segments[ownerIndex].startsWith(":") ? singular(spaced(segments[ownerIndex - 1])) : undefined;
  const of = owner && owner !== thing ? ` of a ${owner}` : "";
  if (d.method === "DELETE" && /-bulk-delete$/.test(last)) return `Delete many ${thing.replace(/ bulk delete$/, "")}`;
  if (!item && ACTIONS.test(last)) return `${sentence(thing)}${of}`;
  const isList = Boolean(d.schemas.query && listShaped(d.schemas.query));
  switch (d.method) {
    case "GET":
      return `${isList ? "List" : "Get"} ${thing}${of}`;
    case "POST":
      return `${item ? "Update" : "Create"} ${thing}${of}`;
    case "PUT":
    case "PATCH":
      return `Update ${thing}${of}`;
    case "DELETE":
      return `${item || !d.schemas.body ? "Delete" : "Delete many"} ${thing}${of}`;
    default:
      return `${d.method} ${thing}${of}`;
  }
}

/** A list query: page[number] / page[size] (contract/common.ts listQuerySchema). */
function listShaped(schema: z.ZodType): boolean {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return Boolean(shape && "page" in shape);
}

const operationIdOf = (d: RouteDeclaration) =>
  d.method.toLowerCase() +
  d.url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => sentence(w))
    .join("");

/**
 * zod → JSON Schema: what a client sends (`input`: defaults make a field optional) or what it receives
 * (`output`). A schema zod cannot convert becomes an open object, told once through `warn`.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", where: string, warn: (message: string) => void, defs: Record<string, JsonSchema>): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline", cycles: "ref" }) as JsonSchema;
    delete out.$schema;
    return hoistDefs(out, where, defs);
  } catch (error) {
    warn(`OpenAPI: the schema of ${where} cannot be converted (${error instanceof Error ? error.message : String(error)}); it is shown as an open object.`);
    return { type: "object", additionalProperties: true, description: "Not described: this schema could not be converted." };
  }
}

/** A schema's own `$defs` (recursive parts) moved to components.schemas, its references pointed there. */
function hoistDefs(schema: JsonSchema, where: string, defs: Record<string, JsonSchema>): JsonSchema {
  const own = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!own) return schema;
  delete schema.$defs;
  const prefix = where.replace(/[^A-Za-z0-9]+/g, "_");
  const renamed = new Map(Object.keys(own).map((k) => [`#/$defs/${k}`, `#/components/schemas/${prefix}_${k}`]));
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? (renamed.get(v) ?? v) : rewrite(v)]));
    }
    return value;
  };
  for (const [k, v] of Object.entries(own)) defs[`${prefix}_${k}`] = rewrite(v) as JsonSchema;
  return rewrite(schema) as JsonSchema;
}

const properties = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema) => new Set((schema.required ?? []) as string[]);

/**
 * The query's parameters: a field of the query schema is one parameter; an object with named fields (page) is
 * one parameter per field, `page[number]` and `page[size]`; an object of any keys (filter) is one deepObject
 * parameter, sent as `filter[status]=1`, `filter[created_at][from]=…`.
 */
function queryParameters(schema: JsonSchema): JsonSchema[] {
  const required = requiredOf(schema);
  const out: JsonSchema[] = [];
  for (const [name, prop] of Object.entries(properties(schema))) {
    const nested = properties(prop);
    if (Object.keys(nested).length) {
      const nestedRequired = requiredOf(prop);
      for (const [field, fieldSchema] of Object.entries(nested)) {
        out.push({ name: `${name}[${field}]`, in: "query", required: required.has(name) && nestedRequired.has(field), schema: fieldSchema });
      }
    } else if (prop.type === "object" || prop.additionalProperties) {
      const described = name === "filter" ? { description: FILTER_HELP } : {};
      out.push({ name, in: "query", required: required.has(name), style: "deepObject", explode: true, schema: prop, ...described });
    } else {
      const described = name === "sort" ? { description: "A field to sort by, '-' before it for descending (sort=-created_at)." } : {};
      out.push({ name, in: "query", required: required.has(name), schema: prop, ...described });
    }
  }
  return out;
}

const FILTER_HELP = "filter[field]=value, or a range as filter[field][from] / filter[field][to]; filter[search] finds by name where the list has a search.";

function pathParameters(d: RouteDeclaration, schema: JsonSchema | undefined): JsonSchema[] {
  const props = schema ? properties(schema) : {};
  return pathParams(d.url).map((name) => ({ name, in: "path", required: true, schema: props[name] ?? { type: "string" } }));
}

/** The generic answers of a route whose declaration names no response schema. */
const GENERIC_LIST = { $ref: "#/components/schemas/Page" };
const GENERIC_RECORD = { type: "object", additionalProperties: true, description: "Not described by the contract yet: usually `{ data }`." };

function operation(d: RouteDeclaration, warn: (message: string) => void, defs: Record<string, JsonSchema>): OpenApiOperation {
  const where = `${d.method} ${d.url}`;
  const isPublic = "public" in d.access;
  const permissions = "public" in d.access ? undefined : d.access.permissions;
  const params = d.schemas.params ? jsonSchema(d.schemas.params, "input", `${where} params`, warn, defs) : undefined;
  const query = d.schemas.query ? jsonSchema(d.schemas.query, "input", `${where} query`, warn, defs) : undefined;
  const parameters = [...pathParameters(d, params), ...(query ? queryParameters(query) : [])];
  if (d.method !== "GET" && !isPublic) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "8–255 printable characters: the same change sent again with the same key answers as the first did, and acts once.",
      schema: { type: "string", minLength: 8, maxLength: 255 },
    });
  }

  const responses: Record<string, JsonSchema> = {};
  const status = String(d.status ?? (d.method === "DELETE" && !d.response ? 204 : 200));
  if (status === "204") responses[status] = { description: "Done; nothing to answer." };
  else {
    const schema = d.response
      ? jsonSchema(d.response, "output", `${where} response`, warn, defs)
      : d.method === "GET" && d.schemas.query && listShaped(d.schemas.query)
        ? GENERIC_LIST
        : GENERIC_RECORD;
    responses[status] = d.responseType
      ? { description: `The answer (${d.responseType}).`, content: { [d.responseType]: { schema: { type: "string" } } } }
      : { description: d.response ? "The answer." : "The answer (its shape is not declared by the route).", content: { "application/json": { schema } } };
  }
  if (!isPublic) responses["401"] = { $ref: "#/components/responses/Unauthenticated" };
  if (permissions?.length) responses["403"] = { $ref: "#/components/responses/Forbidden" };
  if (pathParams(d.url).length) responses["404"] = { $ref: "#/components/responses/NotFound" };
  if (d.schemas.query || d.schemas.body || d.method !== "GET") responses["422"] = { $ref: "#/components/responses/Invalid" };
  responses["4XX"] = { $ref: "#/components/responses/Refused" };

  const op: OpenApiOperation = {
    operationId: operationIdOf(d),
    summary: summaryOf(d),
    description: isPublic
      ? "Public: no token needed."
      : permissions!.length
        ? `Needs one of the permissions: ${permissions!.join(", ")}. Works on the caller's company only; another company's record answers 404.`
        : "Any signed-in user. Works on the caller's company only.",
    tags: [areaOf(d)],
    ...(parameters.length ? { parameters } : {}),
    responses,
    security: isPublic ? [] : [{ bearer: [] }],
    ...(permissions ? { "x-permissions": permissions } : {}),
  };
  if (d.schemas.body) {
    op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(d.schemas.body, "input", `${where} body`, warn, defs) } } };
  }
  return op;
}

/** The document for these route declarations. */
export function openApiDocument(declarations: readonly RouteDeclaration[], options: OpenApiOptions = {}): OpenApiDocument {
  const told = new Set<string>();
  const warn = (message: string) => {
    if (told.has(message)) return;
    told.add(message);
    options.warn?.(message);
  };
  const defs: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  const operationIds = new Set<string>();
  for (const d of declarations) {
    const op = operation(d, warn, defs);
    // Two paths that differ only in punctuation would share an id; the second gets a number.
    let id = op.operationId;
    for (let n = 2; operationIds.has(id); n++) id = `${op.operationId}${n}`;
    op.operationId = id;
    operationIds.add(id);
    tags.add(op.tags[0]);
    (paths[openApiPath(d.url)] ??= {})[d.method.toLowerCase()] = op;
  }
  const meta = z.toJSONSchema(pageMetaSchema, { target: "draft-2020-12", io: "output" }) as JsonSchema;
  delete meta.$schema;
  const error = z.toJSONSchema(apiErrorSchema, { target: "draft-2020-12", io: "output" }) as JsonSchema;
  delete error.$schema;
  return {
    openapi: "3.1.0",
    info: {
      title: "flightDeck & smallBusiness portal API",
      version: CONTRACT_VERSION,
      description:
        "The REST contract the portal speaks. Authenticate with POST /login and send the token as `Authorization: Bearer <token>`. " +
        "Every route that is not public works on the caller's company only. Lists take page[number], page[size], filter[…] and sort, " +
        "and answer { data, meta, links }; a refusal answers { message, errors? } (errors: field → messages). x-permissions on an " +
        "operation lists the permissions of which the caller needs one ([] = any signed-in user).",
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The token POST /login answers with." } },
      schemas: {
        Error: error,
        PageMeta: meta,
        Page: {
          type: "object",
          properties: {
            data: { type: "array", items: {} },
            meta: { $ref: "#/components/schemas/PageMeta" },
            links: {
              type: "object",
              properties: { first: { type: "string" }, last: { type: "string" }, prev: { type: ["string", "null"] }, next: { type: ["string", "null"] } },
              required: ["first", "last", "prev", "next"],
            },
          },
          required: ["data", "meta", "links"],
        },
        ...defs,
      },
      responses: {
        Unauthenticated: errorResponse("No token, or one that has expired: { message: 'Unauthenticated.' }."),
        Forbidden: errorResponse("The caller holds none of the route's permissions."),
        NotFound: errorResponse("No such record in the caller's company."),
        Invalid: errorResponse("The input was refused: { message, errors: { field: [messages] } }."),
        Refused: errorResponse("Any other refusal: { message }."),
      },
    },
  };
}
