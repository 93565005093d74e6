import { dashboardQuerySchema } from "#contract/dashboard";
import { routes } from "#api/http/route";
import * as service from "./service";

/** The dashboard's task widgets: for users who may see tasks (others get 403, and the portal hides the widgets). */
const READ = { permissions: ["task_view", "task_manage"] } as const;

export default routes((r) => {
  r.get("/dashboard-stats/task-new-vs-won", { access: READ, query: dashboardQuerySchema }, async ({ auth, query, request }) => ({
    data: await service.newVsWon(request.server.database.db, auth.tenantId, query.interval),
  }));

  r.get("/dashboard-stats/insurance-overview", { access: READ, query: dashboardQuerySchema }, async ({ auth, query, request }) => ({
    data: await service.insuranceOverview(request.server.database.db, auth.tenantId, query.interval),
  }));
});
