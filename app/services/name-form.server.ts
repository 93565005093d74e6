import { z } from "zod";
import { roleNameSchema } from "#contract/roles";
import { teamNameSchema } from "#contract/teams";
import type { Permission } from "#contract/permissions";
import type { Api } from "./api.server";
import { requirePermission } from "./auth.server";
import { submitForm } from "./form-action.server";
import { formOf } from "./submission.server";

/** The name rules of the name drawers: each says what to enter ('Enter a role name.', 'Enter a team name.'). */
const NAME_RULES = { role: roleNameSchema, team: teamNameSchema } as const;
export type NameRule = keyof typeof NAME_RULES;

/**
 * Saves a name drawer (add or rename a role or a team) by the form protocol: the name checked by its own rule;
 * the API answers uniqueness, its errors go under the field; back to the list (its URL state kept) with a toast.
 */
export function saveNameForm<G extends { api: Api }>(
  request: Request,
  form: FormData,
  rule: NameRule,
  guard: () => Promise<G>,
  send: (api: Api, name: string) => Promise<unknown>,
  messages: { success: string; failure: string },
  backTo: string,
) {
  return submitForm(request, {
    form,
    guard,
    schema: z.object({ name: NAME_RULES[rule] }),
    failure: messages.failure,
    failureOnInvalid: false,
    send: ({ name }, { api }) => send(api, name),
    success: () => ({ to: backTo, message: messages.success }),
  });
}

/** The 'Add role' and 'Add team' drawers: a nested route of their list that creates one by name. */
export interface NewNameRoute {
  list: "/roles" | "/team";
  /** The name's rule. */
  rule: NameRule;
  /** Who may add one (any of these); anyone else goes back to the list. */
  permissions: readonly Permission[];
  create: (api: Api, name: string) => Promise<unknown>;
  messages: { success: string; failure: string };
}

const requireCreate = (request: Request, drawer: NewNameRoute) => requirePermission(request, drawer.permissions, { route: drawer.list, back: drawer.list });

export async function newNameLoader(request: Request, drawer: NewNameRoute) {
  await requireCreate(request, drawer);
  return null;
}

/** Creates it, back to the list (its filters kept) with a toast; the form is kept when the API does not answer. */
export async function newNameAction(request: Request, drawer: NewNameRoute) {
  const form = await formOf(request);
  const back = `${drawer.list}${new URL(request.url).search}`;
  return saveNameForm(request, form, drawer.rule, () => requireCreate(request, drawer), drawer.create, drawer.messages, back);
}
