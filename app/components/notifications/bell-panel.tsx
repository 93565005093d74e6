import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import type { Notification } from "#contract/notifications";
import { SubmissionKey } from "../form/form";
import { deleteControlClass, NotificationPanel, TrashGlyph } from "./notification-list";
import { PHONE_POPOVER } from "../frame/popover";

// The delete confirmation (Headless UI's dialog) is fetched as the panel opens, shown when a delete is asked for.
const loadDeleteDialog = () => import("./delete-dialog");
const DeleteDialog = lazy(loadDeleteDialog);

function panelAction(from: string) {
  return `/notifications?${new URLSearchParams({ from })}`;
}

interface PageState {
  items: Notification[];
  page: number;
  lastPage: number;
}

export interface BellPanelProps {
  unread: number;
  setUnread: (n: number) => void;
  /** The page the panel belongs to (where its forms return). */
  from: string;
  id: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  close: () => void;
  /** The icon of a notification without an image. */
  glyph: ReactNode;
}

/**
 * The bell's popover panel (mounted while it is open): fetched on every opening (spec §9), 4 at a time with
 * 'More', mark all read, delete after confirmation. Its own chunk, loaded when the bell is first pointed at or
 * focused, so pages that never open it do not load it (bell.tsx).
 */
export default function BellPanel({ unread, setUnread, from, id: panelId, buttonRef, close, glyph }: BellPanelProps) {
  const [state, setState] = useState<PageState>({ items: [], page: 0, lastPage: 1 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Notification | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const markAll = useFetcher<{ ok: boolean }>();
  const remove = useFetcher<{ ok: boolean; id?: string }>();
  const action = panelAction(from);

  const load = useCallback(async (page: number) => {
    setLoading(true);
    setError(null);
    try {
      const res = await fetch(`/resources/notifications?page=${page}`, { headers: { accept: "application/json" } });
      if (res.redirected && !res.url.includes("/resources/")) {
        window.location.assign(res.url);
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { items: Notification[]; meta: { current_page: number; last_page: number } };
      setState((s) => {
        const base = page === 1 ? [] : s.items;
        const seen = new Set(base.map((i) => i.id));
        return { items: [...base, ...body.items.filter((i) => !seen.has(i.id))], page: body.meta.current_page, lastPage: body.meta.last_page };
      });
      setNow(Date.now());
    } catch {
      setError("The notifications could not be loaded. Please try again.");
    } finally {
      setLoading(false);
    }
  }, []);

  // Refetched every time it opens (spec §9): it is mounted on opening.
  useEffect(() => {
    void load(1);
    loadDeleteDialog().catch(() => undefined);
  }, [load]);

  // Escape and clicks outside close it (not while the delete confirmation is up).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !confirming) {
        close();
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (confirming) return;
      const t = e.target as Node;
      if (panelRef.current?.contains(t) || buttonRef.current?.contains(t)) return;
      close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [confirming, close, buttonRef]);

  // After 'Mark all as read' succeeded: everything shown is read, and the badge clears.
  useEffect(() => {
    if (markAll.state === "idle" && markAll.data?.ok) {
      const at = new Date().toISOString();
      setState((s) => ({ ...s, items: s.items.map((i) => (i.read_at ? i : { ...i, read_at: at })) }));
      setUnread(0);
    }
  }, [markAll.state, markAll.data, setUnread]);

  // After a delete succeeded: gone from the list.
  useEffect(() => {
    if (remove.state === "idle" && remove.data?.ok && remove.data.id) {
      const id = remove.data.id;
      setState((s) => ({ ...s, items: s.items.filter((i) => i.id !== id) }));
    }
  }, [remove.state, remove.data]);

  const hasUnread = unread > 0 || state.items.some((i) => i.read_at === null);
  return (
    <>
      {
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          className={`absolute right-0 z-40 mt-2 max-h-[70vh] w-[22rem] max-w-[calc(100vw-2rem)] ${PHONE_POPOVER} overflow-y-auto rounded-md bg-white py-2 shadow-lg ring-1 ring-slate-200`}
          data-popover
        >
          <NotificationPanel
            items={state.items}
            action={action}
            now={now}
            headingId={headingId}
            loading={loading}
            error={error}
            js
            glyph={glyph}
            markAll={
              <markAll.Form method="post" action={action}>
                <SubmissionKey />
                <input type="hidden" name="intent" value="read-all" />
                <input type="hidden" name="_js" value="1" />
                <button
                  type="submit"
                  className="text-xs font-semibold text-brand hover:underline disabled:opacity-50"
                  disabled={!hasUnread || markAll.state !== "idle"}
                >
                  Mark all as read
                </button>
              </markAll.Form>
            }
            more={
              state.page > 0 && state.page < state.lastPage ? (
                <button
                  type="button"
                  className="text-sm font-medium text-brand hover:underline disabled:opacity-50"
                  onClick={() => load(state.page + 1)}
                  disabled={loading}
                >
                  {loading ? "Loading..." : "More"}
                </button>
              ) : null
            }
            deleteControl={(n) => (
              <button type="button" className={deleteControlClass} aria-label={`Delete notification: ${n.data.title}`} onClick={() => setConfirming(n)}>
                <TrashGlyph />
              </button>
            )}
          />
        </div>
      }
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteDialog title="Delete notification" onClose={() => setConfirming(null)}>
            <p className="mt-2 text-sm text-slate-600">
              Are you sure you want to delete this notification?
              <span className="mt-1 block font-medium text-slate-800">{confirming.data.title}</span>
            </p>
            <remove.Form method="post" action={action} className="mt-6 flex justify-end gap-2" onSubmit={() => setConfirming(null)}>
              <SubmissionKey />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirming.id} />
              <input type="hidden" name="_js" value="1" />
              <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700" autoFocus>
                Delete
              </button>
            </remove.Form>
          </DeleteDialog>
        </Suspense>
      ) : null}
    </>
  );
}
