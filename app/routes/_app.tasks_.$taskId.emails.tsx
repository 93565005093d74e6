import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { formatDateTime } from "#common/format";
import { Drawer } from "../components/drawer";
import { Field, FormAlert } from "../components/form/field";
import { PageLinks } from "../components/tasks/task-section";
import { wordsFor } from "../lib/labels";
import { requireAccess } from "../services/auth.server";
import { pageParam, TASK_PATTERN, taskEmails, taskIdOf } from "../services/task-detail.server";
import { sendTaskEmailAction } from "../services/task-sections.server";
import { getTask } from "../services/tasks.server";
import { SAVE_INTENT, useFormResult } from "../components/form/form-result";
import { Form } from "../components/form/form";
import { can } from "../access/permissions";

/** The e-mails drawer of the task page: the task's e-mails, newest first, and a form to send one (sandbox mail in development). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, TASK_PATTERN);
  const id = taskIdOf(params);
  const page = pageParam(new URL(request.url), "emailsPage");
  const [task, emails] = await Promise.all([getTask(api, id), taskEmails(api, id, page)]);
  return {
    task: { id: task.id, name: task.name, defaultTo: task.sourceIndividual?.email ?? "" },
    emails: emails.data.map((e) => ({ id: e.id, to: e.to, subject: e.subject, body: e.body, sender: e.sender?.full_name ?? null, sent_at: e.sent_at })),
    page: emails.meta.current_page,
    lastPage: emails.meta.last_page,
    total: emails.meta.total,
    canSend: can(subject, "task_manage"),
    words: wordsFor(edition),
  };
}

export const action = ({ request, params }: ActionFunctionArgs) => sendTaskEmailAction(request, params);

/** 'Send an e-mail': drawn anew once one is sent; after a refusal, what was typed and the messages under each field. */
function SendEmailForm({ defaultTo, busy }: { defaultTo: string; busy: boolean }) {
  const [form, fields] = useFormResult(SAVE_INTENT, { defaultValue: { to: defaultTo, subject: "", body: "" } });
  const value = (v: unknown) => (typeof v === "string" ? v : "");
  const bodyErrors = fields.body.errors;
  return (
    <Form method="post" className="mb-6 space-y-1 rounded-md bg-slate-50 p-4">
      <h3 className="text-sm font-semibold">Send an e-mail</h3>
      <FormAlert messages={form.errors} />
      <Field
        id="email-to"
        name="to"
        type="text"
        inputMode="email"
        label="To"
        required
        maxLength={2600}
        placeholder="name@example.co.uk"
        help="Separate several addresses with commas."
        defaultValue={value(fields.to.initialValue)}
        errors={fields.to.errors}
      />
      <Field
        id="email-subject"
        name="subject"
        label="Subject"
        required
        maxLength={200}
        defaultValue={value(fields.subject.initialValue)}
        errors={fields.subject.errors}
      />
      <div className="pb-1">
        <label htmlFor="email-body" className="field-label">
          Message
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        </label>
        <textarea
          id="email-body"
          name="body"
          rows={6}
          required
          maxLength={20000}
          defaultValue={value(fields.body.initialValue)}
          className="field-input"
          aria-invalid={bodyErrors ? true : undefined}
          aria-describedby={bodyErrors ? "email-body-error" : undefined}
        />
        <p id="email-body-error" className="field-error">
          {bodyErrors?.join(" ")}
        </p>
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send e-mail"}
        </button>
      </div>
    </Form>
  );
}

export default function TaskEmails() {
  const { task, emails, page, lastPage, total, canSend, words } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const params = new URLSearchParams(search);
  params.delete("emailsPage");
  const back = `/tasks/${task.id}${params.size ? `?${params}` : ""}`;
  const hrefFor = (n: number) => {
    const p = new URLSearchParams(search);
    if (n > 1) p.set("emailsPage", String(n));
    else p.delete("emailsPage");
    return `/tasks/${task.id}/emails${p.size ? `?${p}` : ""}`;
  };
  return (
    <Drawer title={`E-mails of this ${words.task}`} closeTo={back} dismissible={!busy}>
      {canSend ? <SendEmailForm key={`sent-${emails[0]?.id ?? 0}`} defaultTo={task.defaultTo} busy={busy} /> : null}
      <h3 className="text-sm font-semibold">Sent e-mails ({total})</h3>
      {emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No e-mails yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Sent e-mails">
          {emails.map((e) => (
            <li key={e.id} className="px-3 py-2 text-sm" data-email>
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium" data-email-subject>
                    {e.subject}
                  </span>
                  <span className="block text-xs text-slate-500">
                    To <span data-email-to>{e.to}</span> · <time dateTime={e.sent_at}>{formatDateTime(e.sent_at)}</time>
                    {e.sender ? ` · from ${e.sender}` : ""}
                  </span>
                </summary>
                <p className="mt-2 whitespace-pre-wrap break-words text-slate-700">{e.body}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
      <PageLinks label="E-mails" page={page} lastPage={lastPage} hrefFor={hrefFor} />
    </Drawer>
  );
}
