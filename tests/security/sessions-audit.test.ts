/**
 * Sessions and the audit log, for what the route matrix does not show by itself:
 * - a password changed on the profile follows the same policy as at set-up (length, common passwords,
 *   not the e-mail address), ends the user's other sessions, and is recorded;
 * - giving a user roles is recorded; deletions are recorded with what was deleted; the administrator
 *   reads all of it at GET /audit-log, another company sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_TOO_COMMON } from "#api/lib/password-policy";
import { createTestApi, type TestApi } from "../helpers/api";
import { createActors, one, type Actors } from "./support";

let api: TestApi;
let actors: Actors;
beforeAll(async () => {
  api = await createTestApi();
  actors = await createActors(api);
});
afterAll(async () => {
  await api?.close();
});

const profile = (token: string, body: Record<string, string>) => api.request("POST", "/api/v1/update-user-profile", { token, body });

describe("password change on the profile", () => {
  it("refuses a common password or the e-mail address, accepts a good one, ends the other sessions and records it", async () => {
    const viewerId = Number(await one(api, `select id from users where email = 'viewer@harbour.test'`));
    const token = await actors.token(viewerId);
    const other = await actors.token(viewerId);
    const current = "demo-pass-2026";

    const common = await profile(token, { password: "password1234", password_confirmation: "password1234", current_password: current });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([PASSWORD_TOO_COMMON]);

    const email = await profile(token, { password: "viewer@harbour.test", password_confirmation: "viewer@harbour.test", current_password: current });
    expect(email.status).toBe(422);
    expect(email.body.errors.password[0]).toMatch(/e-mail address/);

    const good = await profile(token, { password: "harbour-lantern-tide-42", password_confirmation: "harbour-lantern-tide-42", current_password: current });
    expect(good.status).toBe(200);
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
    expect((await api.request("GET", "/me", { token: other })).status).toBe(401);

    const log = await api.request("GET", "/audit-log", { token: await actors.token(actors.adminId), query: { filter: { type: "password.changed" } } });
    expect(log.body.data).toEqual([
      expect.objectContaining({ type: "password.changed", subject: `user:${viewerId}`, user: expect.objectContaining({ email: "viewer@harbour.test" }) }),
    ]);
  });
});

describe("audit log of role grants and deletions", () => {
  it("records who gave which roles and what was deleted; the administrator reads it, another company does not", async () => {
    const admin = await actors.token(actors.adminId);
    const viewerId = Number(await one(api, `select id from users where email = 'viewer@harbour.test'`));
    const roleId = Number(await one(api, `select id from roles where tenant_id = ${actors.harbourId} and not is_system order by id limit 1`));
    expect((await api.request("PUT", `/users/${viewerId}/roles`, { token: admin, body: { role_ids: [roleId] } })).status).toBe(200);

    const provider = await one(api, `select uuid from providers where tenant_id = ${actors.harbourId} order by id limit 1`);
    expect((await api.request("DELETE", `/providers/${provider}`, { token: admin })).status).toBe(204);
    const team = await one(api, `select id from teams where tenant_id = ${actors.harbourId} order by id limit 1`);
    expect((await api.request("DELETE", `/team/${team}`, { token: admin })).status).toBe(204);

    const log = await api.request("GET", "/audit-log", { token: admin, query: { page: { size: 50 } } });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "user.roles_changed", subject: `user:${viewerId}`, details: { role_ids: [roleId] } }),
        expect.objectContaining({ type: "record.deleted", subject: `providers:${provider}`, details: { route: "DELETE /providers/:uuid" } }),
        expect.objectContaining({ type: "record.deleted", subject: `team:${team}`, details: { route: "DELETE /team/:id" } }),
      ]),
    );
    const foreign = await api.request("GET", "/audit-log", { token: await actors.token(actors.foreignAdminId), query: { filter: { type: "record.deleted" } } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
  });
});
