import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { idsFrom } from "../services/bulk.server";
import { redirectWithToast } from "../services/session.server";
import { sendRenewalEmails } from "../services/policies.server";
import { paramsOf } from "../services/submission.server";

/**
 * The confirmation of "Send renewal e-mails": the selected policies (`ids`) or every renewal due within `days`
 * (30, 60 or 90). Confirmed, the e-mails go out as a background job; its notification says how many were sent.
 */
function read(params: URLSearchParams) {
  const days = ["30", "60", "90"].includes(params.get("days") ?? "") ? Number(params.get("days")) : null;
  const ids = days ? [] : idsFrom(params, undefined, 1000);
  return { days, ids };
}

function back(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const name of ["ids", "days", "index"]) params.delete(name);
  const q = params.toString();
  return `/policies${q ? `?${q}` : ""}`;
}

const guard = (request: Request) => requirePermission(request, "policy_manage", { route: "/policies", back: back(new URL(request.url)) });

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  const url = new URL(request.url);
  const { days, ids } = read(url.searchParams);
  if (!days && ids.length === 0) throw redirect(back(url));
  return { days, ids, back: back(url) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await guard(request);
  const url = new URL(request.url);
  const { days, ids } = read(await paramsOf(request));
  if (!days && ids.length === 0) throw redirect(back(url));
  try {
    await sendRenewalEmails(api, days ? { days } : { ids: ids.map(Number) });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithToast(request, back(url), { kind: "error", message: `The renewal e-mails could not be sent. ${error.body.message}` });
  }
  return redirectWithToast(request, back(url), {
    kind: "success",
    message: "The renewal e-mails are being sent. A notification will tell you how many were sent.",
  });
}

export default function SendRenewalEmails() {
  const { days, ids, back: cancelTo } = useLoaderData<typeof loader>();
  const what = days ? `every live policy renewing in the next ${days} days` : ids.length === 1 ? "the selected policy" : `the ${ids.length} selected policies`;
  return (
    <ConfirmDialog
      title="Send renewal e-mails"
      message={`Send the renewal e-mail to the client of ${what}? A policy whose renewal e-mail was sent already this term is not sent it again.`}
      cancelTo={cancelTo}
      confirmLabel="Send"
      fields={days ? { days: String(days) } : { ids }}
    />
  );
}
