/**
 * What the team page's forms post, parsed on the server. A module of its own so the browser never loads it: an
 * import of zod in the route module, even one only its action uses, keeps zod (about 90 KB gzip) in the page's
 * first-load JavaScript (the bundler still imports a shared chunk for an import it has dropped).
 */
import { z } from "zod";
import { TEAM_MEMBER_ROLES, teamMemberRoleBodySchema, teamUpdateBodySchema, teamUserBodySchema } from "#contract/teams";
import { checkForm } from "#app/services/form-action.server";

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string() }),
  z.object({ intent: z.literal("add"), user_id: z.string().regex(/^\d+$/, "Choose a user."), role: z.enum(TEAM_MEMBER_ROLES).default("member") }),
  z.object({ intent: z.literal("invite"), email: z.string(), role: z.enum(TEAM_MEMBER_ROLES).default("member") }),
  z.object({ intent: z.literal("role"), user_id: z.string().regex(/^\d+$/), role: z.enum(TEAM_MEMBER_ROLES) }),
  z.object({ intent: z.literal("remove"), user_id: z.string().regex(/^\d+$/) }),
  z.object({ intent: z.literal("cancel-invitation"), invitation_id: z.string().regex(/^\d+$/) }),
]);

export type TeamIntent = z.infer<typeof intentSchema>;

/** The API's body of each form that sends fields, checked before the API is asked (the contract's schema). */
const bodySchemas: Partial<Record<TeamIntent["intent"], z.ZodType>> = {
  rename: teamUpdateBodySchema,
  add: teamUserBodySchema,
  invite: teamUserBodySchema,
  role: teamMemberRoleBodySchema,
};

/**
 * The form's intent and fields; or, refused, the messages by field ("Choose a user." under the colleague, "Enter a
 * team name." under the name: the contract's messages) — none when it is none of the page's forms.
 */
export function parseTeamIntent(form: FormData): { intent: TeamIntent } | { errors: Record<string, string[]> } {
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (parsed.success) {
    const body = bodySchemas[parsed.data.intent];
    const checked = body ? checkForm(form, body) : null;
    return checked && !checked.ok && Object.keys(checked.errors).length ? { errors: checked.errors } : { intent: parsed.data };
  }
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(parsed.error.flatten().fieldErrors)) if (field !== "intent" && messages?.length) errors[field] = messages;
  return { errors };
}
