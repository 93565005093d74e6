import { listQuerySchema } from "#contract/common";
import { DATA_LIST_GROUPS, typeBodySchema } from "#contract/lookups";
import { invalid } from "#api/http/errors";
import { paged, textFilter } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

/** Lookups are read by any signed-in user; their forms ask for page[size]=999 (spec §9). */
const ANYONE = { permissions: [] } as const;
const fullList = listQuerySchema({ maxSize: 999, defaultSize: 999 });
const groupMessage = `The group must be one of: ${DATA_LIST_GROUPS.join(", ")}.`;

export default routes((r) => {
  r.get("/type", { access: ANYONE, query: fullList }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listTypes(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/get-types", { access: ANYONE }, async ({ auth, request }) => ({ data: await service.allTypes(request.server.database.db, auth.tenantId) }));

  r.post("/type", { access: { permissions: ["company_create", "company_manage"] }, body: typeBodySchema }, async ({ auth, body, request, reply }) => {
    reply.code(201);
    return { data: await service.createType(request.server.database.db, auth.tenantId, body.name) };
  });

  r.get("/employee-size", { access: ANYONE, query: fullList }, async ({ query, request }) => {
    const { rows, total } = await service.listEmployeeSizes(request.server.database.db, query);
    return paged(request, query, rows, total);
  });

  r.get("/job-title", { access: ANYONE, query: fullList }, async ({ query, request }) => {
    const { rows, total } = await service.listJobTitles(request.server.database.db, query);
    return paged(request, query, rows, total);
  });

  r.get("/api/v1/get-industries", { access: ANYONE }, async ({ request }) => ({ data: await service.allIndustries(request.server.database.db) }));

  r.get("/trade-industry", { access: ANYONE }, async ({ request }) => ({ data: await service.industriesWithTrades(request.server.database.db) }));

  /** Trades, optionally of one industry: filter[industry_id]. */
  r.get("/trade", { access: ANYONE, query: fullList }, async ({ query, request }) => {
    const { rows, total } = await service.listTrades(request.server.database.db, query);
    return paged(request, query, rows, total);
  });

  /** filter[group]=company|task|product|wealth-source; without a group, every list. */
  r.get("/data-lists", { access: ANYONE, query: listQuerySchema() }, async ({ query, request }) => {
    const group = textFilter(query, "group");
    if (group !== undefined && !(DATA_LIST_GROUPS as readonly string[]).includes(group)) throw invalid({ "filter.group": [groupMessage] });
    return { data: await service.dataList(request.server.database.db, group as (typeof DATA_LIST_GROUPS)[number] | undefined) };
  });

  r.get("/business-units", { access: ANYONE }, async ({ request }) => ({ data: await service.allBusinessUnits(request.server.database.db) }));
});
