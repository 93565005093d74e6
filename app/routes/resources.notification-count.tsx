import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../services/auth.server";
import { unreadCount } from "../services/notifications.server";

/** The bell's unread count, polled every 30 s with JavaScript: { new }. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  return Response.json({ new: await unreadCount(api) }, { headers: { "Cache-Control": "no-store" } });
}
