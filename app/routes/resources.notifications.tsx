import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../services/auth.server";
import { notificationPage } from "../services/notifications.server";

/** One page of 4 of the user's notifications for the bell's popover: `?page=N` answers { items, meta }. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  const n = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(n) ? Math.min(Math.max(n, 1), 1_000_000) : 1;
  return Response.json(await notificationPage(api, page), { headers: { "Cache-Control": "no-store" } });
}
