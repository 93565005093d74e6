import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { PROVIDER_FUNCTIONS, PROVIDER_ROLES } from "#contract/providers";
import { HttpError } from "#api/http/errors";
import { readForm } from "#api/http/multipart";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

const MANAGE = { permissions: ["provider_manage"] } as const;
const uuidParams = z.object({ uuid: z.string().max(100) });
const FILE_FIELDS = ["logo"] as const;

/** `_method` of a POST (form field, JSON field or query) or the X-HTTP-Method-Override header. */
function overriddenMethod(fields: Record<string, unknown>, query: unknown, header: unknown): string | undefined {
  const candidates = [fields._method, (query as Record<string, unknown> | undefined)?._method, header];
  const found = candidates.find((v) => typeof v === "string" && v.trim() !== "");
  return typeof found === "string" ? found.trim().toUpperCase() : undefined;
}

export default routes((r) => {
  r.get("/providers", { access: MANAGE, query: listQuerySchema({ maxSize: 999 }) }, async ({ auth, query, request }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    const { rows, total } = await service.listProviders(db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  /** The functions list of provider forms. */
  r.get("/providers/functions", { access: MANAGE }, async ({ auth, request }) => {
    await service.assertParentTenant(request.server.database.db, auth.tenantId);
    return { data: PROVIDER_FUNCTIONS };
  });

  /** The roles list of provider forms. */
  r.get("/providers/roles", { access: MANAGE }, async ({ auth, request }) => {
    await service.assertParentTenant(request.server.database.db, auth.tenantId);
    return { data: PROVIDER_ROLES };
  });

  r.get("/providers/:uuid", { access: MANAGE, params: uuidParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    return { data: await service.getProvider(db, auth.tenantId, params.uuid) };
  });

  /** Create: JSON, or multipart with an optional `logo` image. */
  r.post("/providers", { access: MANAGE }, async ({ auth, request, reply }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    const form = await readForm(request, FILE_FIELDS);
    const provider = await service.createProvider(db, request.server.storage, auth.tenantId, form);
    reply.code(201);
    return { data: provider };
  });

  /** Update sent as POST with `_method=PUT` (how a multipart form with a file is sent). */
  r.post("/providers/:uuid", { access: MANAGE, params: uuidParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    const form = await readForm(request, FILE_FIELDS);
    const method = overriddenMethod(form.fields, request.query, request.headers["x-http-method-override"]);
    if (method !== "PUT" && method !== "PATCH") {
      throw new HttpError(405, "To update a provider, send _method=PUT with the POST (or use PUT).");
    }
    return { data: await service.updateProvider(db, request.server.storage, auth.tenantId, params.uuid, form) };
  });

  r.put("/providers/:uuid", { access: MANAGE, params: uuidParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    const form = await readForm(request, FILE_FIELDS);
    return { data: await service.updateProvider(db, request.server.storage, auth.tenantId, params.uuid, form) };
  });

  r.delete("/providers/:uuid", { access: MANAGE, params: uuidParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.assertParentTenant(db, auth.tenantId);
    await service.deleteProvider(db, request.server.storage, auth.tenantId, params.uuid);
  });
});
