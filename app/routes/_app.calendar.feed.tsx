import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireAccess } from "../services/auth.server";
import { regenerateFeed } from "../services/calendar.server";
import { calendarBack } from "../services/calendar-forms.server";
import { redirectWithToast } from "../services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, "/calendar");
  return { back: calendarBack(request) };
}

/** A new private address: calendars subscribed to the old one stop receiving events. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAccess(request, "/calendar");
  await regenerateFeed(api);
  return redirectWithToast(request, calendarBack(request), {
    kind: "success",
    message: "Your calendar has a new address. Subscribe to it again where you used the old one.",
  });
}

export default function RegenerateFeed() {
  const { back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Regenerate your calendar address"
      message="The current address stops working at once: Outlook, Google Calendar or anyone else using it no longer receives your events."
      cancelTo={back}
      confirmLabel="Regenerate address"
    />
  );
}
