import { Link } from "@remix-run/react";
import { formatDateTime } from "#common/format";
import { EmptyState } from "../ui/empty-state";

export interface RecentEmail {
  id: number;
  to: string;
  subject: string;
  sent_at: string;
}

/**
 * The task's latest e-mails (subject, to whom, when), newest first; the e-mails drawer (`drawerHref`) reads them
 * in full and sends one.
 */
export function RecentEmails({ emails, total, drawerHref, canSend }: { emails: RecentEmail[]; total: number; drawerHref: string; canSend: boolean }) {
  return (
    <>
      {emails.length === 0 ? (
        <EmptyState compact icon="mail" title="No e-mails yet." />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Latest e-mails">
          {emails.map((e) => (
            <li key={e.id} className="py-2 text-sm first:pt-0" data-recent-email>
              <p className="truncate font-medium text-slate-900" title={e.subject}>
                {e.subject}
              </p>
              <p className="truncate text-xs text-slate-500">
                To {e.to} · <time dateTime={e.sent_at}>{formatDateTime(e.sent_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link to={drawerHref} preventScrollReset className="font-medium text-brand hover:underline">
          {total > emails.length ? `All ${total} e-mails` : canSend ? "Send an e-mail" : "Open the e-mails"}
        </Link>
      </p>
    </>
  );
}
