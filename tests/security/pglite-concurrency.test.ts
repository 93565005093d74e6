/**
 * PGlite has one connection: the API must queue transactions on it so that concurrent requests never run
 * inside one another's transaction. Proven three ways on the embedded database (on PostgreSQL a pool is
 * used, and its isolation is the server's business, so this file is skipped there):
 *   - 50 role creations and 50 permission changes sent at once through app.inject all land;
 *   - 20 simultaneous replacements of one role's permissions leave exactly one of the submitted sets,
 *     never a mixture (each replacement is a delete and an insert in one transaction);
 *   - 50 simultaneous read-then-write transactions on a counter, each yielding between its read and its
 *     write, lose no increment.
 */
import { sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";
import { createActors, rows, type Actors } from "./support";

const onPglite = !process.env.TEST_DATABASE_URL;
let api: TestApi;
let actors: Actors;

beforeAll(async () => {
  if (!onPglite) return;
  api = await createTestApi();
  actors = await createActors(api);
});
afterAll(async () => {
  await api?.close();
});

describe.skipIf(!onPglite)("PGlite: one connection, transactions queued", () => {
  it("50 role creations and 50 permission changes sent at once all land", async () => {
    const token = await actors.token(actors.adminId);
    const creations = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.request("POST", "/role", { token, body: { name: `Concurrent role ${i}`, permissions: i % 2 ? ["task_view"] : ["task_view", "policy_view"] } }),
      ),
    );
    expect(creations.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = creations.map((r) => r.body.data.id as number);
    expect(new Set(ids).size).toBe(50);

    const changes = await Promise.all(
      ids.map((id, i) =>
        api.request("PUT", `/role/${id}/permission`, { token, body: { permissions: i % 2 ? ["quote_view", "invoice_view"] : ["task_manage"] } }),
      ),
    );
    expect(changes.map((r) => r.status)).toEqual(Array(50).fill(200));

    const stored = await rows<{ role_id: number; names: string }>(
      api,
      `select rp.role_id, string_agg(p.name, ',' order by p.name) as names from role_permissions rp join permissions p on p.id = rp.permission_id
       where rp.role_id in (${ids.join(",")}) group by rp.role_id`,
    );
    const byRole = new Map(stored.map((r) => [Number(r.role_id), r.names]));
    ids.forEach((id, i) => expect(byRole.get(id), `role ${id}`).toBe(i % 2 ? "invoice_view,quote_view" : "task_manage"));
    console.log(`PGlite concurrency: 50 simultaneous role creations and 50 permission changes all landed`);
  });

  it("simultaneous replacements of one role's permissions leave one submitted set, never a mixture", async () => {
    const token = await actors.token(actors.adminId);
    const role = await api.request("POST", "/role", { token, body: { name: "Contended role", permissions: ["task_view"] } });
    const sets = [
      ["task_view", "task_manage"],
      ["quote_view", "quote_manage", "invoice_view"],
      ["policy_view"],
      ["individual_view", "company_view", "product_view", "payment_view"],
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.request("PUT", `/role/${role.body.data.id}/permission`, { token, body: { permissions: sets[i % sets.length] } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const [final] = await rows<{ names: string }>(
      api,
      `select string_agg(p.name, ',' order by p.name) as names from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = ${role.body.data.id}`,
    );
    expect(sets.map((s) => [...s].sort().join(","))).toContain(final.names);
  });

  it("50 read-then-write transactions at once lose no update", async () => {
    const { db } = api.database;
    await db.execute(sql.raw(`create table security_counter (id int primary key, n int not null)`));
    await db.execute(sql.raw(`insert into security_counter values (1, 0)`));
    await Promise.all(
      Array.from({ length: 50 }, () =>
        api.database.transaction(async (tx) => {
          const r = (await tx.execute(sql.raw(`select n from security_counter where id = 1`))) as unknown as { rows: { n: number }[] };
          await sleep(2); // another request's statements would run here if transactions were not queued
          await tx.execute(sql.raw(`update security_counter set n = ${Number(r.rows[0].n) + 1} where id = 1`));
        }),
      ),
    );
    const [c] = await rows<{ n: number }>(api, `select n from security_counter where id = 1`);
    expect(Number(c.n)).toBe(50);
    // Plain statements sent meanwhile wait for the transaction and see only committed data.
    const seen: number[] = [];
    await Promise.all([
      api.database.transaction(async (tx) => {
        await tx.execute(sql.raw(`update security_counter set n = -1 where id = 1`));
        await sleep(20);
        await tx.execute(sql.raw(`update security_counter set n = 100 where id = 1`));
      }),
      (async () => {
        await sleep(5);
        const [r] = await rows<{ n: number }>(api, `select n from security_counter where id = 1`);
        seen.push(Number(r.n));
      })(),
    ]);
    expect(seen[0]).not.toBe(-1);
  });
});
