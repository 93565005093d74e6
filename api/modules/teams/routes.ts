import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { TEAMS_FULL_LIST_SIZE, teamCreateBodySchema, teamMemberRoleBodySchema, teamUpdateBodySchema, teamUserBodySchema } from "#contract/teams";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

const READ = { permissions: ["team_view", "team_create", "team_manage"] } as const;
const CREATE = { permissions: ["team_create", "team_manage"] } as const;
const MANAGE = { permissions: ["team_manage"] } as const;

const id = pathId;
const teamParams = z.object({ id });
const teamUserParams = z.object({ id, userId: id });
const invitationParams = z.object({ id, invId: id });

/** The spec's teams page size (9999: a full list); member and user lists up to 999 (full-list size). */
const teamsQuery = listQuerySchema({ maxSize: TEAMS_FULL_LIST_SIZE });
const membersQuery = listQuerySchema({ maxSize: 999 });
const usersQuery = listQuerySchema({ maxSize: 999, defaultSize: 20 });

export default routes((r) => {
  r.get("/team", { access: READ, query: teamsQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listTeams(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/team/:id", { access: READ, params: teamParams }, async ({ auth, params, request }) => ({
    data: await service.getTeam(request.server.database.db, auth.tenantId, params.id),
  }));

  // Members of one team, paged. The spec calls it by three paths; they answer the same list.
  for (const url of ["/team/:id/team-user", "/team/:id/user", "/teams/:id/members"]) {
    r.get(url, { access: READ, params: teamParams, query: membersQuery }, async ({ auth, params, query, request }) => {
      const { rows, total } = await service.listMembers(request.server.database.db, auth.tenantId, params.id, query);
      return paged(request, query, rows, total);
    });
  }

  /** Users who share a team with the caller: any signed-in user may see their own teams' members. */
  r.get("/me/team/user", { access: { permissions: [] }, query: membersQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listMyTeamUsers(request.server.database.db, auth.tenantId, auth.userId, query);
    return paged(request, query, rows, total);
  });

  /** Users of the company that can be put in teams (the searchable dropdown: page size 20). */
  r.get("/users/team", { access: READ, query: usersQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listTenantUsers(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/api/v1/teams/member/:id", { access: READ, params: teamParams }, async ({ auth, params, request }) => ({
    data: await service.getMember(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/api/v1/teams", { access: CREATE, body: teamCreateBodySchema }, async ({ auth, body, request, reply }) => {
    const team = await service.createTeam(request.server.database, auth.tenantId, body);
    reply.code(201);
    return { data: team };
  });

  r.put("/api/v1/teams/:id", { access: MANAGE, params: teamParams, body: teamUpdateBodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.renameTeam(request.server.database.db, auth.tenantId, params.id, body.name),
  }));

  for (const url of ["/team/:id", "/api/v1/teams/:id"]) {
    r.delete(url, { access: MANAGE, params: teamParams }, async ({ auth, params, request }) => {
      await service.deleteTeam(request.server.database.db, auth.tenantId, params.id);
    });
  }

  r.get("/teams/:id/users", { access: READ, params: teamParams }, async ({ auth, params, request }) => ({
    data: await service.teamUsers(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/teams/:id/users", { access: MANAGE, params: teamParams, body: teamUserBodySchema }, async ({ auth, params, body, request, reply }) => {
    const added = await service.addTeamUser(request.server.database, { userId: auth.userId, tenantId: auth.tenantId }, params.id, body);
    reply.code(201);
    return { data: added };
  });

  r.put("/teams/:id/users/:userId", { access: MANAGE, params: teamUserParams, body: teamMemberRoleBodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.setMemberRole(request.server.database.db, auth.tenantId, params.id, params.userId, body.role),
  }));

  r.delete("/teams/:id/users/:userId", { access: MANAGE, params: teamUserParams }, async ({ auth, params, request }) => {
    await service.removeMember(request.server.database.db, auth.tenantId, params.id, params.userId);
  });

  r.delete("/teams/:id/invitations/:invId", { access: MANAGE, params: invitationParams }, async ({ auth, params, request }) => {
    await service.cancelInvitation(request.server.database.db, auth.tenantId, params.id, params.invId);
  });
});
