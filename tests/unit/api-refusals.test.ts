import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as api from "#app/services/api.server";

/**
 * How the portal's API client tells the page what an API answer means: a refusal is shown as one (under the
 * form, or a not-found page), and only a server's failure is the outage page.
 */
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = Number(req.url!.split("/")[1]);
    // Node's own answer to an over-long request line has no body; so has a proxy's refusal (`/bare`).
    if (status === 431 || req.url!.endsWith("/bare")) return res.writeHead(status).end();
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: `answered ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function thrownBy(status: number): Promise<unknown> {
  const client = api.createApi({ request: new Request("http://portal.test/page"), token: "t", baseUrl });
  return client.get(`/${status}`).then(
    () => "no error",
    (error: unknown) => error,
  );
}

describe("the API's refusals, as the portal reads them", () => {
  it.each([400, 409, 413, 422, 429])("a %i is a refusal with the API's message, shown as one", async (status) => {
    const error = await thrownBy(status);
    expect(error).toBeInstanceOf(api.ApiValidationError);
    expect((error as Error).message).toBe(`answered ${status}`);
  });

  it.each([404, 414, 431])("a %i (no such record, or an address too long to be one) is a not-found page", async (status) => {
    const error = await thrownBy(status);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(404);
  });

  it("a 403 is a forbidden page", async () => {
    expect(((await thrownBy(403)) as Response).status).toBe(403);
  });

  it("a refusal without a message of its own says the request could not be handled", async () => {
    const client = api.createApi({ request: new Request("http://portal.test/page"), token: "t", baseUrl });
    const error = await client.get("/413/bare").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiValidationError);
    expect((error as Error).message).toBe(api.REFUSED_MESSAGE);
  });

  it.each([500, 502, 503])("a %i is the outage page (503), not a refusal", async (status) => {
    const error = await thrownBy(status);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(503);
  });
});
