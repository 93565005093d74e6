import { and, asc, count, desc, eq, ilike, inArray, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import {
  TEAM_MEMBER_SORTS,
  TEAM_NAME_TAKEN,
  TEAM_SORTS,
  type Team,
  type TeamDetail,
  type TeamInvitation,
  type TeamMember,
  type TeamMemberRole,
  type TeamUserOption,
} from "#contract/teams";
import type { Database, Db } from "#api/db/client";
import { teamInvitations, teamMembers, teams, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import { countedListStatements, countedPage, likeEscape, ListShape, offsetOf, sortOf, textFilter } from "#api/http/paging";
import { isUniqueViolation } from "#api/lib/db-errors";
import { enqueue } from "#api/jobs/enqueue";
import { addedToTeam } from "../notifications/notify";
import { teamInvitationEmail } from "./jobs";

// ---------------------------------------------------------------- shapes

// Drizzle writes the columns of a one-table select without their table name, so a correlated subquery
// in the select list must name the outer column itself (an unqualified "id" would mean the inner table's).
const outerTeamId = sql.raw(`"teams"."id"`);
const membersCount = sql<number>`(select count(*)::int from team_members tm where tm.team_id = ${outerTeamId})`;
const pendingCount = sql<number>`(select count(*)::int from team_invitations ti where ti.team_id = ${outerTeamId} and ti.cancelled_at is null and ti.accepted_at is null)`;

const teamColumns = { id: teams.id, name: teams.name, createdAt: teams.createdAt, updatedAt: teams.updatedAt, membersCount, pendingCount };
type TeamRow = { id: number; name: string; createdAt: Date; updatedAt: Date; membersCount: number; pendingCount: number };

const toTeam = (t: TeamRow): Team => ({
  id: t.id,
  name: t.name,
  members_count: Number(t.membersCount),
  pending_invitations_count: Number(t.pendingCount),
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");

const memberColumns = {
  id: teamMembers.id,
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  role: teamMembers.role,
  createdAt: teamMembers.createdAt,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  profilePhotoPath: users.profilePhotoPath,
};
type MemberRow = {
  id: number;
  teamId: number;
  userId: number;
  role: TeamMemberRole;
  createdAt: Date;
  name: string;
  lastName: string;
  email: string;
  profilePhotoPath: string | null;
};

const toMember = (m: MemberRow): TeamMember => ({
  id: m.id,
  team_id: m.teamId,
  user_id: m.userId,
  role: m.role,
  name: m.name,
  last_name: m.lastName,
  full_name: fullName(m),
  email: m.email,
  profile_photo_path: m.profilePhotoPath,
  created_at: m.createdAt.toISOString(),
});

const optionColumns = {
  id: users.id,
  uuid: users.uuid,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  profilePhotoPath: users.profilePhotoPath,
};
const toOption = (u: { id: number; uuid: string; name: string; lastName: string; email: string; profilePhotoPath: string | null }): TeamUserOption => ({
  id: u.id,
  uuid: u.uuid,
  name: u.name,
  last_name: u.lastName,
  full_name: fullName(u),
  email: u.email,
  profile_photo_path: u.profilePhotoPath,
});

/** Name, last name, full name or e-mail contains the text (case-insensitive). */
function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = `%${likeEscape(search)}%`;
  return or(ilike(users.name, like), ilike(users.lastName, like), ilike(users.email, like), ilike(sql`${users.name} || ' ' || ${users.lastName}`, like));
}

const userOrder = (desc_: boolean) =>
  desc_
    ? [desc(sql`lower(${users.name})`), desc(sql`lower(${users.lastName})`), desc(users.id)]
    : [asc(sql`lower(${users.name})`), asc(sql`lower(${users.lastName})`), asc(users.id)];

// ---------------------------------------------------------------- teams

/** The list's statements, prepared per shape: the tasks pages ask for the company's teams on every view. */
const listStatements = countedListStatements(teams, (db) => db.select(teamColumns).from(teams).$dynamic());

export async function listTeams(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const shape = new ListShape();
  const where = and(
    eq(teams.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", teams.name, search),
    shape.when(
      "user",
      idFilter(query, "user_id"),
      (p) => sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${p})`,
    ),
  )!;
  const sort = sortOf(query, TEAM_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql`lower(${teams.name})`, created_at: teams.createdAt, members_count: membersCount }[sort.field];
  // Ties (same member count, same day) in name order.
  const order = shape.sorted(sort, [sort.desc ? desc(column) : asc(column), asc(sql`lower(${teams.name})`), asc(teams.id)]);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(toTeam), total };
}

async function findTeam(db: Db, tenantId: number, id: number): Promise<TeamRow> {
  const [row] = await db
    .select(teamColumns)
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .limit(1);
  if (!row) throw notFound("Team");
  return row;
}

async function membersOf(db: Db, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.role), ...userOrder(false));
  return rows.map(toMember);
}

async function pendingInvitationsOf(db: Db, teamId: number, invitationId?: number): Promise<TeamInvitation[]> {
  const rows = await db
    .select({ invitation: teamInvitations, inviterName: users.name, inviterLastName: users.lastName })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.cancelledAt),
        isNull(teamInvitations.acceptedAt),
        invitationId ? eq(teamInvitations.id, invitationId) : undefined,
      ),
    )
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return rows.map(({ invitation: i, inviterName, inviterLastName }) => ({
    id: i.id,
    team_id: i.teamId,
    email: i.email,
    role: i.role,
    status: "pending" as const,
    invited_by:
      i.invitedBy !== null && inviterName !== null ? { id: i.invitedBy, full_name: fullName({ name: inviterName, lastName: inviterLastName ?? "" }) } : null,
    created_at: i.createdAt.toISOString(),
  }));
}

export async function getTeam(db: Db, tenantId: number, id: number): Promise<TeamDetail> {
  const team = await findTeam(db, tenantId, id);
  const [members, invitations] = await Promise.all([membersOf(db, id), pendingInvitationsOf(db, id)]);
  return { ...toTeam(team), members, invitations };
}

async function assertTeamNameFree(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(sql`lower(${teams.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw invalid({ name: [TEAM_NAME_TAKEN] });
}

/** Active users of the tenant with these ids; any id that is not one answers 404 (whoever it belongs to). */
async function tenantUsers(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), inArray(users.id, unique)));
  if (rows.length !== unique.length) throw notFound("User");
  return rows;
}

export async function createTeam(database: Database, tenantId: number, body: { name: string; user_ids?: number[] }) {
  const { db } = database;
  await assertTeamNameFree(db, tenantId, body.name);
  const members = await tenantUsers(db, tenantId, body.user_ids ?? []);
  try {
    const id = await database.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values({ tenantId, name: body.name }).returning({ id: teams.id });
      if (members.length) await tx.insert(teamMembers).values(members.map((u) => ({ tenantId, teamId: team.id, userId: u.id })));
      return team.id;
    });
    return getTeam(db, tenantId, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [TEAM_NAME_TAKEN] });
    throw e;
  }
}

export async function renameTeam(db: Db, tenantId: number, id: number, name: string) {
  await findTeam(db, tenantId, id);
  await assertTeamNameFree(db, tenantId, name, id);
  try {
    await db
      .update(teams)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [TEAM_NAME_TAKEN] });
    throw e;
  }
  return getTeam(db, tenantId, id);
}

export async function deleteTeam(db: Db, tenantId: number, id: number) {
  const gone = await db
    .delete(teams)
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)))
    .returning({ id: teams.id });
  if (gone.length === 0) throw notFound("Team");
}

// ---------------------------------------------------------------- members

/** Members of one team, paged; search by name or e-mail; sort name|email|role|created_at. */
export async function listMembers(db: Db, tenantId: number, teamId: number, query: ListQuery) {
  await findTeam(db, tenantId, teamId);
  const role = textFilter(query, "role");
  const where = and(
    eq(teamMembers.teamId, teamId),
    eq(teamMembers.tenantId, tenantId),
    userSearch(textFilter(query, "search")),
    role ? eq(teamMembers.role, role as TeamMemberRole) : undefined,
  );
  const sort = sortOf(query, TEAM_MEMBER_SORTS) ?? { field: "name" as const, desc: false };
  const dir = sort.desc ? desc : asc;
  const order =
    sort.field === "name"
      ? userOrder(sort.desc)
      : [dir({ email: sql`lower(${users.email})`, role: teamMembers.role, created_at: teamMembers.createdAt }[sort.field]), ...userOrder(false)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(where),
  ]);
  return { rows: rows.map(toMember), total };
}

/** One membership by its id (GET /api/v1/teams/member/{id}), with its team. */
export async function getMember(db: Db, tenantId: number, memberId: number) {
  const [row] = await db
    .select({ ...memberColumns, teamName: teams.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.tenantId, tenantId), eq(teams.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound("Team member");
  return { ...toMember(row), team: { id: row.teamId, name: row.teamName } };
}

/** Every member and every pending invitation of a team. */
export async function teamUsers(db: Db, tenantId: number, teamId: number) {
  await findTeam(db, tenantId, teamId);
  const [members, invitations] = await Promise.all([membersOf(db, teamId), pendingInvitationsOf(db, teamId)]);
  return { members, invitations };
}

async function memberByUser(db: Db, teamId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ? toMember(row) : null;
}

async function addMember(db: Db, tenantId: number, teamId: number, userId: number, role: TeamMemberRole) {
  if (await memberByUser(db, teamId, userId)) throw invalid({ user_id: ["This user is already in the team."] });
  try {
    await db.insert(teamMembers).values({ tenantId, teamId, userId, role });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ user_id: ["This user is already in the team."] });
    throw e;
  }
  await db.update(teams).set({ updatedAt: new Date() }).where(eq(teams.id, teamId));
  return (await memberByUser(db, teamId, userId))!;
}

export interface Inviter {
  userId: number;
  tenantId: number;
}

/**
 * Adds a user of the company to a team (by user_id, or by an e-mail address that is theirs), or invites
 * an e-mail address. Whether an address belongs to someone in another company is never revealed: such an
 * address gets an invitation like any other. The invitation's e-mail is sent by a background job.
 */
export async function addTeamUser(database: Database, inviter: Inviter, teamId: number, body: { user_id?: number; email?: string; role: TeamMemberRole }) {
  const { db } = database;
  const { tenantId } = inviter;
  const team = await findTeam(db, tenantId, teamId);
  if (body.user_id !== undefined) {
    await tenantUsers(db, tenantId, [body.user_id]);
    const member = await addMember(db, tenantId, teamId, body.user_id, body.role);
    await tellAdded(db, inviter, team, body.user_id);
    return { type: "member" as const, member };
  }
  const email = body.email!;
  const [colleague] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), eq(sql`lower(${users.email})`, email)))
    .limit(1);
  if (colleague) {
    const member = await addMember(db, tenantId, teamId, colleague.id, body.role);
    await tellAdded(db, inviter, team, colleague.id);
    return { type: "member" as const, member };
  }

  const alreadyInvited = () => invalid({ email: ["This e-mail address has already been invited to the team."] });
  const [pending] = await pendingInvitationRows(db, teamId, email);
  if (pending) throw alreadyInvited();
  // The invitation and the job sending its e-mail are saved together: no e-mail for an invitation that was
  // not saved, no invitation whose e-mail is never sent.
  let invitationId: number;
  try {
    invitationId = await database.transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(teamInvitations)
        .values({ tenantId, teamId, email, role: body.role, invitedBy: inviter.userId })
        .returning({ id: teamInvitations.id });
      await enqueue(tx, teamInvitationEmail, { invitationId: id }, { tenantId });
      return id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyInvited();
    throw e;
  }
  const [invitation] = await pendingInvitationsOf(db, teamId, invitationId);
  return { type: "invitation" as const, invitation };
}

/** The bell tells a user of the company that they were added to a team (not when they added themselves). */
async function tellAdded(db: Db, inviter: Inviter, team: { id: number; name: string }, userId: number) {
  if (userId === inviter.userId) return;
  const [by] = await db.select({ name: users.name, lastName: users.lastName, photo: users.profilePhotoPath }).from(users).where(eq(users.id, inviter.userId));
  await addedToTeam(db, { tenantId: inviter.tenantId, userId }, team, { name: by ? fullName(by) : null, photo: by?.photo ?? null });
}

function pendingInvitationRows(db: Db, teamId: number, email: string) {
  return db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(sql`lower(${teamInvitations.email})`, email),
        isNull(teamInvitations.cancelledAt),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .limit(1);
}

export async function setMemberRole(db: Db, tenantId: number, teamId: number, userId: number, role: TeamMemberRole) {
  await findTeam(db, tenantId, teamId);
  const updated = await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId)))
    .returning({ id: teamMembers.id });
  if (updated.length === 0) throw notFound("Team member");
  return (await memberByUser(db, teamId, userId))!;
}

export async function removeMember(db: Db, tenantId: number, teamId: number, userId: number) {
  await findTeam(db, tenantId, teamId);
  const gone = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId)))
    .returning({ id: teamMembers.id });
  if (gone.length === 0) throw notFound("Team member");
  await db.update(teams).set({ updatedAt: new Date() }).where(eq(teams.id, teamId));
}

export async function cancelInvitation(db: Db, tenantId: number, teamId: number, invitationId: number) {
  await findTeam(db, tenantId, teamId);
  const cancelled = await db
    .update(teamInvitations)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.tenantId, tenantId),
        isNull(teamInvitations.cancelledAt),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (cancelled.length === 0) throw notFound("Invitation");
}

/**
 * A user's pending team invitations in their own company (their e-mail address, in any case) become
 * memberships with the invited role: called as they sign in, as the invitation e-mail tells them to. An
 * invitation to a team they are already in is marked accepted too; another company's invitations to the same
 * address stay pending. One statement: the invitations are claimed and the memberships made together.
 */
export async function acceptTeamInvitations(db: Db, userId: number): Promise<void> {
  await db.execute(sql`
    with accepted as (
      update ${teamInvitations} ti set accepted_at = now()
      from ${users} u
      where u.id = ${userId} and ti.tenant_id = u.tenant_id and lower(ti.email) = lower(u.email)
        and ti.cancelled_at is null and ti.accepted_at is null
      returning ti.tenant_id, ti.team_id, ti.role
    )
    insert into ${teamMembers} (tenant_id, team_id, user_id, role)
    select tenant_id, team_id, ${userId}, role from accepted
    on conflict (team_id, user_id) do nothing`);
}

// ---------------------------------------------------------------- users as options

/**
 * Active users of the tenant, for the searchable dropdown of team forms. filter[search] (name or e-mail),
 * filter[id] (the item resolver: one user by id), filter[not_in_team] (leave out a team's members).
 */
export async function listTenantUsers(db: Db, tenantId: number, query: ListQuery) {
  const id = idFilter(query, "id");
  const notInTeam = idFilter(query, "not_in_team");
  const where = and(
    eq(users.tenantId, tenantId),
    eq(users.status, "active"),
    userSearch(textFilter(query, "search")),
    id ? eq(users.id, id) : undefined,
    notInTeam
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, notInTeam), eq(teamMembers.userId, users.id))),
        )
      : undefined,
  );
  return pagedUsers(db, query, where);
}

/** The users who share a team with the caller (the caller included), each once; filter[search], filter[team_id]. */
export async function listMyTeamUsers(db: Db, tenantId: number, userId: number, query: ListQuery) {
  const teamId = idFilter(query, "team_id");
  const mine = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.tenantId, tenantId), teamId ? eq(teamMembers.teamId, teamId) : undefined));
  const where = and(
    eq(users.tenantId, tenantId),
    eq(users.status, "active"),
    userSearch(textFilter(query, "search")),
    sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${teamMembers.teamId} in (${mine}))`,
  );
  return pagedUsers(db, query, where);
}

async function pagedUsers(db: Db, query: ListQuery, where: SQL | undefined) {
  const sort = sortOf(query, ["name", "email"] as const) ?? { field: "name" as const, desc: false };
  const order = sort.field === "name" ? userOrder(sort.desc) : [sort.desc ? desc(sql`lower(${users.email})`) : asc(sql`lower(${users.email})`), asc(users.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(optionColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toOption), total };
}
