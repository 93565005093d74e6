import { globalSearchQuerySchema } from "#contract/global-search";
import { routes } from "#api/http/route";
import { globalSearch } from "./service";

export default routes((r) => {
  /** Any signed-in user; each group is there only for those who may see it (see SEARCH_GROUP_PERMISSIONS). */
  r.get("/global-search", { access: { permissions: [] }, query: globalSearchQuerySchema }, async ({ auth, query, request }) => ({
    data: await globalSearch(request.server.database.db, auth, query.q, query.limit),
    meta: { q: query.q, limit: query.limit },
  }));
});
