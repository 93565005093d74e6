import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApi } from "../services/api.server";

/**
 * A user's private calendar feed (ICS), for Outlook and Google Calendar to subscribe to: no session, the token in
 * the address is the key; the API answers 404 for an unknown or regenerated one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").replace(/\.ics$/, "");
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new Response("Not found.", { status: 404 });
  return createApi({ request }).download(`/calendar-feed/${token}.ics`);
}
