import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { PageHeader } from "../components/frame/page-header";
import { BellGlyph } from "../components/notifications/bell";
import { deleteControlClass, NotificationPanel, TrashGlyph } from "../components/notifications/notification-list";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { safeReturnPath } from "../access/account-menu";
import { pageTitle } from "../lib/variant";
import { requireUser } from "../services/auth.server";
import {
  deleteNotification,
  fromParam,
  isRedirect,
  markAllRead,
  markRead,
  NOTIFICATION_TOASTS,
  notificationPages,
  pagesParam,
  panelHref,
  respond,
} from "../services/notifications.server";
import { useFrame } from "./_app";
import { formOf } from "../services/submission.server";
import { dispatchIntent } from "../services/form-action.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Notifications", matches);

/**
 * The notifications panel as a page of its own: what the bell opens without JavaScript (with it, the
 * bell opens a popover that posts to the action below). `?from=` is the page it closes back to;
 * `?pages=` how many pages of 4 are shown ('More' adds one).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  const url = new URL(request.url);
  const pages = pagesParam(url);
  const list = await notificationPages(api, pages);
  const from = fromParam(url);
  // The panel's own address is worked out here: notifications.server.ts is not in the browser bundle.
  return { ...list, pages, from, action: panelHref(from, pages), now: Date.now() };
}

/**
 * The panel's three forms, told apart by `intent`:
 * - read: marks one read and goes to its link (or back, when it has none);
 * - read-all: marks every notification read;
 * - delete: deletes one (after the confirmation).
 * Popover forms add `_js=1` and get data back (the toast is flashed all the same); plain forms are redirected.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request);
  const url = new URL(request.url);
  const form = await formOf(request);
  const from = fromParam(url);
  const panel = panelHref(from, pagesParam(url));
  const id = String(form.get("id") ?? "");
  /** An intent's change; when it fails (anything but a sign-out), the toast that says so, back where it goes. */
  type Answer = Awaited<ReturnType<typeof respond>> | Response;
  const attempt = async (run: () => Promise<Answer>, failed: () => Promise<Answer>): Promise<Answer> => {
    try {
      return await run();
    } catch (error) {
      if (isRedirect(error)) throw error;
      return failed();
    }
  };
  return dispatchIntent(form, {
    read: () =>
      attempt(
        async () => {
          const n = await markRead(api, id);
          // The API only stores portal paths; checked again so this can never redirect off the site.
          const link = safeReturnPath(n.data.link);
          return redirect(link ?? (form.get("_js") === "1" ? from : panel));
        },
        // Clicking a notification is a navigation (with or without JavaScript): it always ends in a redirect,
        // back to the page (popover) or the panel.
        () => respond(request, null, form.get("_js") === "1" ? from : panel, { kind: "error", message: NOTIFICATION_TOASTS.markOneFailed }),
      ),
    "read-all": () =>
      attempt(
        async () => {
          await markAllRead(api);
          return respond(request, form, panel, null);
        },
        () => respond(request, form, panel, { kind: "error", message: NOTIFICATION_TOASTS.markAllFailed }),
      ),
    delete: () =>
      attempt(
        async () => {
          await deleteNotification(api, id);
          return respond(request, form, panel, { kind: "success", message: NOTIFICATION_TOASTS.deleted }, { id });
        },
        () => respond(request, form, panel, { kind: "error", message: NOTIFICATION_TOASTS.deleteFailed }),
      ),
  });
}

export default function NotificationsPanel() {
  const { items, more, pages, from, action, now } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const busy = useNavigation().state !== "idle";
  const params = (extra: Record<string, string> = {}) => new URLSearchParams({ from, ...(pages > 1 ? { pages: String(pages) } : {}), ...extra });
  const hasUnread = items.some((i) => i.read_at === null);
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Notifications" />
      <Drawer title="Notifications" closeTo={from}>
        <NotificationPanel
          items={items}
          action={action}
          now={now}
          glyph={<BellGlyph className="h-4 w-4" />}
          markAll={
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="read-all" />
              <button type="submit" className="text-sm font-semibold text-brand hover:underline disabled:opacity-50" disabled={!hasUnread || busy}>
                Mark all as read
              </button>
            </Form>
          }
          more={
            more ? (
              <Link to={`/notifications?${params({ pages: String(pages + 1) })}`} className="text-sm font-medium text-brand hover:underline" preventScrollReset>
                More
              </Link>
            ) : null
          }
          deleteControl={(n) => (
            <Link
              to={`/notifications/${n.id}/delete?${params()}`}
              className={deleteControlClass}
              aria-label={`Delete notification: ${n.data.title}`}
              preventScrollReset
            >
              <TrashGlyph />
            </Link>
          )}
        />
        {/* The delete confirmation (a nested route) opens over the panel. */}
        <Outlet />
      </Drawer>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
