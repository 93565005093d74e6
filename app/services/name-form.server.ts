import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { roleNameSchema } from "../../contract/roles";
import { ApiValidationError } from "./api.server";
import { redirectWithToast } from "./session.server";

const schema = z.object({ name: roleNameSchema });

// Role and team names follow the same rule (1–100 characters); the API answers uniqueness.

/** Saves a name drawer (add or rename a role or a team); the API's errors go under the field. */
export async function saveNameForm(request: Request, send: (name: string) => Promise<unknown>, messages: { success: string; failure: string }, backTo: string) {
  const submission = parseWithZod(await request.formData(), { schema });
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
