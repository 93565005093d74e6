import { z } from "zod";
import { pagedSchema } from "./common";
import { idField } from "./ids";
export { TEAM_SORTS, TEAM_MEMBER_SORTS } from "./list-sorts";

export const TEAM_MEMBER_ROLES = ["member", "leader"] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

export { TEAM_MEMBER_SEARCH_PAGE_SIZE, TEAMS_FULL_LIST_SIZE } from "./team-constants";

export const TEAM_NAME_TAKEN = "A team with this name already exists.";

export const teamNameSchema = z
  .string({ error: "Enter a team name." })
  .trim()
  .min(1, "Enter a team name.")
  .max(100, "The team name may not be longer than 100 characters.");

const userIdSchema = idField("Choose a user.");

const roleSchema = z.enum(TEAM_MEMBER_ROLES, { error: "The role must be member or leader." });

/** POST /api/v1/teams: a new team, optionally with its first members (users of the same company). */
export const teamCreateBodySchema = z.object({
  name: teamNameSchema,
  user_ids: z.array(userIdSchema).max(500, "Add at most 500 members at once.").optional(),
});

/** PUT /api/v1/teams/{id}: rename. */
export const teamUpdateBodySchema = z.object({ name: teamNameSchema });

/**
 * POST /teams/{id}/users: add a user of the company by user_id, or invite an e-mail address. An address
 * that belongs to a user of the company adds that user; any other address gets a pending invitation.
 */
export const teamUserBodySchema = z
  .object({
    user_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), userIdSchema.optional()),
    email: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ error: "Enter a valid e-mail address." })
        .trim()
        .max(254, "Enter a valid e-mail address.")
        .email("Enter a valid e-mail address.")
        .transform((s) => s.toLowerCase())
        .optional(),
    ),
    role: roleSchema.default("member"),
  })
  .superRefine((b, ctx) => {
    if (b.user_id === undefined && b.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["user_id"], message: "Choose a user or enter an e-mail address." });
    } else if (b.user_id !== undefined && b.email !== undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Choose a user or enter an e-mail address, not both." });
    }
  });

/** PUT /teams/{id}/users/{userId}. */
export const teamMemberRoleBodySchema = z.object({ role: roleSchema });

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members_count: z.number().int(),
  pending_invitations_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** A user in a team: the membership (id, role) and the user (user_id, names, e-mail). */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  user_id: z.number().int(),
  role: z.enum(TEAM_MEMBER_ROLES),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_photo_path: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  email: z.string(),
  role: z.enum(TEAM_MEMBER_ROLES),
  status: z.literal("pending"),
  invited_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamDetailSchema = teamSchema.extend({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** A user of the company as an option (searchable dropdown of /users/team, /me/team/user). */
export const teamUserOptionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_photo_path: z.string().nullable(),
});
export type TeamUserOption = z.infer<typeof teamUserOptionSchema>;

export const teamListSchema = pagedSchema(teamSchema);
export const teamResponseSchema = z.object({ data: teamDetailSchema });
export const teamMemberListSchema = pagedSchema(teamMemberSchema);
export const teamMemberResponseSchema = z.object({ data: teamMemberSchema.extend({ team: z.object({ id: z.number().int(), name: z.string() }) }) });
export const teamUserOptionListSchema = pagedSchema(teamUserOptionSchema);
/** GET /teams/{id}/users: every member and every pending invitation. */
export const teamUsersResponseSchema = z.object({ data: z.object({ members: z.array(teamMemberSchema), invitations: z.array(teamInvitationSchema) }) });
/** POST /teams/{id}/users: the member added, or the invitation created. */
export const teamUserAddedSchema = z.object({
  data: z.discriminatedUnion("type", [
    z.object({ type: z.literal("member"), member: teamMemberSchema }),
    z.object({ type: z.literal("invitation"), invitation: teamInvitationSchema }),
  ]),
});
