import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { roleNameSchema } from "#contract/roles";
import { teamNameSchema } from "#contract/teams";
import { ApiValidationError, type Api } from "./api.server";
import { requireAccess } from "./auth.server";
import { keepFormOnOutage } from "./outage.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";

/** The name rules of the name drawers: each says what to enter ('Enter a role name.', 'Enter a team name.'). */
const NAME_RULES = { role: roleNameSchema, team: teamNameSchema } as const;
export type NameRule = keyof typeof NAME_RULES;

/**
 * Saves a name drawer (add or rename a role or a team): the name checked by its own rule; the API answers
 * uniqueness, its errors go under the field.
 */
export async function saveNameForm(
  request: Request,
  form: FormData,
  rule: NameRule,
  send: (name: string) => Promise<unknown>,
  messages: { success: string; failure: string },
  backTo: string,
) {
  const submission = parseWithZod(form, { schema: z.object({ name: NAME_RULES[rule] }) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  try {
    await send(submission.value.name);
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return data({ result: submission.reply({ fieldErrors: error.body.errors ?? {}, formErrors: [messages.failure] }) }, { status: 422 });
    }
    throw error;
  }
  return redirectWithToast(request, backTo, { kind: "success", message: messages.success });
}

/** The 'Add role' and 'Add team' drawers: a nested route of their list that creates one by name. */
export interface NewNameRoute {
  list: "/roles" | "/team";
  /** The name's rule. */
  rule: NameRule;
  /** Who may add one (any of these); anyone else goes back to the list. */
  permissions: readonly string[];
  create: (api: Api, name: string) => Promise<unknown>;
  messages: { success: string; failure: string };
}

async function requireCreate(request: Request, drawer: NewNameRoute) {
  const signedIn = await requireAccess(request, drawer.list);
  if (!signedIn.subject.permissions.some((p) => drawer.permissions.includes(p))) throw redirect(drawer.list);
  return signedIn;
}

export async function newNameLoader(request: Request, drawer: NewNameRoute) {
  await requireCreate(request, drawer);
  return null;
}

/** Creates it, back to the list (its filters kept) with a toast; the form is kept when the API does not answer. */
export async function newNameAction(request: Request, drawer: NewNameRoute) {
  const form = await formOf(request);
  return keepFormOnOutage(form, async () => {
    const { api } = await requireCreate(request, drawer);
    return saveNameForm(request, form, drawer.rule, (name) => drawer.create(api, name), drawer.messages, `${drawer.list}${new URL(request.url).search}`);
  });
}
