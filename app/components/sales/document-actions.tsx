import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DocumentPageData, PageDocument } from "#app/services/sales-detail.server";
import { Form } from "../form/form";
import type { SalesKindInfo } from "./kinds";

function ActionButton({ intent, children, primary }: { intent: string; children: ReactNode; primary?: boolean }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? "btn-primary" : "btn-secondary"}>
        {children}
      </button>
    </Form>
  );
}

/** The status actions the document's status allows (the API checks again). */
export function Actions({ data, k }: { data: DocumentPageData; k: SalesKindInfo }) {
  const { allowed, canManage, canDelete, canConvert, kind, doc } = data;
  const { search } = useLocation();
  const confirmHref = (what: string) => {
    const params = new URLSearchParams(search);
    params.set("confirm", what);
    return `?${params}`;
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-actions>
      {canManage && allowed.send ? (
        <ActionButton intent="send" primary>
          {doc.status === "draft" ? "Send by e-mail" : "Send again"}
        </ActionButton>
      ) : null}
      {canManage && allowed.markSent ? <ActionButton intent="mark-sent">Mark as sent</ActionButton> : null}
      {canManage && allowed.markApproved ? <ActionButton intent="mark-approved">Mark as approved</ActionButton> : null}
      {canManage && allowed.recalculate ? <ActionButton intent="recalculate">Recalculate</ActionButton> : null}
      {canManage && canConvert && allowed.convert ? <ActionButton intent="convert">Convert to invoice</ActionButton> : null}
      {canManage && allowed.cancel ? (
        <Link to={confirmHref("cancel")} className="btn-secondary text-red-700" preventScrollReset>
          {`Cancel ${k.noun}`}
        </Link>
      ) : null}
      {canDelete && allowed.remove ? (
        <Link to={confirmHref("delete")} className="btn-secondary text-red-700" preventScrollReset>
          Delete draft
        </Link>
      ) : null}
      <Link to={k.summary(doc.id)} className="btn-secondary">
        {kind === "quote" ? "Quote summary" : "Invoice summary"}
      </Link>
    </div>
  );
}

/** The confirmation of a cancel or a delete, drawn on the page (`?confirm=`), so it works without JavaScript. */
export function Confirmation({ what, k, doc }: { what: "cancel" | "delete"; k: SalesKindInfo; doc: PageDocument }) {
  const { pathname } = useLocation();
  return (
    <div role="alertdialog" aria-labelledby="confirm-title" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4" data-confirm>
      <h2 id="confirm-title" className="font-semibold text-red-900">
        {what === "delete" ? `Delete this draft ${k.noun}?` : `Cancel ${k.noun} ${doc.number_label}?`}
      </h2>
      <p className="mt-1 text-sm text-red-900">
        {what === "delete"
          ? `Are you sure you want to delete this draft ${k.noun}? It cannot be brought back.`
          : `Are you sure you want to cancel this ${k.noun}? It keeps its number and can no longer be changed.`}
      </p>
      <Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value={what} />
        <Link to={pathname} className="btn-secondary" preventScrollReset>
          Back
        </Link>
        <button type="submit" className="btn-danger">
          {what === "delete" ? "Delete" : `Cancel ${k.noun}`}
        </button>
      </Form>
    </div>
  );
}
