import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CALL_ENTITY_TYPES, CALL_MESSAGES, type CallEntityType } from "#contract/call-constants";
import { ApiValidationError } from "../services/api.server";
import { requireUser } from "../services/auth.server";
import { dispatchIntent } from "../services/form-action.server";
import { initiateCall, refreshCallToken, sandboxEvents, terminateCall } from "../services/calls.server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** The text of a refusal, for the panel: the API's message (its data.error), else the caller's fallback. */
async function refusal(error: unknown, fallback: string): Promise<string> {
  if (error instanceof ApiValidationError) return error.body.message || fallback;
  if (error instanceof Response && error.status >= 400 && error.status < 500) return (await error.text()) || fallback;
  throw error;
}

const idOf = (value: FormDataEntryValue | string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/** The sandbox device's poll: GET /resources/calls?id=12 → the events of the call so far. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  const id = idOf(new URL(request.url).searchParams.get("id"));
  if (id === null) return json({ message: "Not found." }, 404);
  try {
    return json((await sandboxEvents(api, id)).data);
  } catch (error) {
    return json({ message: await refusal(error, "Not found.") }, 404);
  }
}

/** The panel's answer to a request: the API's data, or its refusal told as `fallback` when it gave no words. */
async function answer(fallback: string, call: () => Promise<{ data: unknown }>) {
  try {
    return json({ ok: true, data: (await call()).data });
  } catch (error) {
    return json({ ok: false, error: await refusal(error, fallback) }, 422);
  }
}

/** The call panel's requests (JavaScript only), by intent: initiate, terminate or token; any other answers 400. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request);
  const form = await request.formData();
  return dispatchIntent(
    form,
    {
      initiate: () => {
        const type = String(form.get("entity_type")) as CallEntityType;
        const id = idOf(form.get("entity_id"));
        if (!CALL_ENTITY_TYPES.includes(type) || id === null) return json({ ok: false, error: CALL_MESSAGES.failedToInitiate }, 422);
        return answer(CALL_MESSAGES.failedToInitiate, () => initiateCall(api, type, id));
      },
      terminate: () => {
        const id = idOf(form.get("id"));
        if (id === null) return json({ ok: false, error: CALL_MESSAGES.failedToTerminate }, 422);
        return answer(CALL_MESSAGES.failedToTerminate, () => terminateCall(api, id));
      },
      token: () => answer(CALL_MESSAGES.failedToInitializeDevice, () => refreshCallToken(api)),
    },
    () => json({ ok: false, error: "Unknown request." }, 400),
  );
}
