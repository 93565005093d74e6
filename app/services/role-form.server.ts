import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { roleNameSchema } from "../../contract/roles";
import { ApiValidationError } from "./api.server";
import { redirectWithToast } from "./session.server";

const schema = z.object({ name: roleNameSchema });

/** Saves the role-name drawer (add or rename); the API's errors go under the field. */
export async function saveRoleName(request: Request, send: (name: string) => Promise<unknown>, messages: { success: string; failure: string }, backTo: string) {
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
