import { useNavigation } from "@remix-run/react";
import type { EmailMessage } from "#contract/clients";
import { formatDateTime } from "#common/format";
import { Field, FormAlert } from "../form/field";
import { BodyTextarea } from "./body-textarea";
import { useClientForm } from "./client-form";
import { Form } from "../form/form";

export interface EmailsPanelProps {
  messages: EmailMessage[];
  canSend: boolean;
  resetKey: string | number;
  /** Where the e-mail goes, told above the form ('To: …'); null when there is no address. */
  recipient: string | null;
  /** Companies may name another address ('to'); individuals are written to at their own. */
  askAddress?: boolean;
}

/** The e-mails sent about a record (sent through the sandbox mail in development) and a form to send one. */
export function EmailsPanel({ messages, canSend, resetKey, recipient, askAddress }: EmailsPanelProps) {
  const state = useClientForm("email-send");
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-4">
      {canSend ? (
        <Form key={resetKey} method="post" className="space-y-1 rounded-md bg-slate-50 p-4" preventScrollReset>
          <input type="hidden" name="intent" value="email-send" />
          <FormAlert messages={state.message ? [state.message, ...state.others(["to", "subject", "body"])] : null} />
          {askAddress ? (
            <Field
              id="email-to"
              name="to"
              type="email"
              label="To"
              maxLength={254}
              placeholder={recipient ?? "name@company.co.uk"}
              help={recipient ? `Left empty, the e-mail goes to ${recipient}.` : "This company has no address on record: enter one."}
              defaultValue={state.value("to", "")}
              errors={state.errors("to")}
            />
          ) : (
            <p className="pb-2 text-sm text-slate-600">{recipient ? `To: ${recipient}` : "This individual has no e-mail address."}</p>
          )}
          <Field
            id="email-subject"
            name="subject"
            label="Subject"
            required
            maxLength={255}
            defaultValue={state.value("subject", "")}
            errors={state.errors("subject")}
          />
          <div className="pb-2">
            <label htmlFor="email-body" className="field-label">
              Message
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </label>
            <BodyTextarea id="email-body" rows={6} maxLength={20000} state={state} />
          </div>
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy || (!askAddress && !recipient)}>
              Send e-mail
            </button>
          </div>
        </Form>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-sm text-slate-500">No e-mails yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" data-emails>
          {messages.map((m) => (
            <li key={m.id} className="px-3 py-2 text-sm">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{m.subject}</span>
                  <span className="text-xs text-slate-500">{`To ${m.to} · ${m.sender?.name ?? "Someone"} · ${formatDateTime(m.sent_at)}`}</span>
                </summary>
                <p className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-slate-800">{m.body}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
