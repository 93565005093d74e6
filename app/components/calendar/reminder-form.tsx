import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { Reminder } from "#contract/calendar";
import { EVENT_TYPES } from "#contract/calendar-constants";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { SelectField } from "../form/select-field";

// The fields as the form posts them.
type FormFields = Record<string, string | undefined>;

/** The drawer form of 'New reminder' and 'Edit reminder': multipart, with documents added to those it has. */
export function ReminderForm({ reminder, startDate, cancelTo }: { reminder?: Reminder | null; startDate: string; cancelTo: string }) {
  const [form, fields] = useFormResult<FormFields>("save", {
    defaultValue: reminder
      ? {
          name: reminder.name,
          description: reminder.description ?? "",
          event_type_id: String(reminder.event_type_id),
          start_date: reminder.start_date,
          start_time: reminder.start_time,
          send_email: reminder.send_email ? "on" : "",
        }
      : { start_date: startDate, start_time: "09:00", event_type_id: "5" },
    version: reminder?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  const sendEmail = fields.send_email.initialValue;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <input type="hidden" name="intent" value="save" />
      <Field label="Name" required errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <SelectField
        id={fields.event_type_id.id}
        name={fields.event_type_id.name}
        label="Event type"
        required
        errors={fields.event_type_id.errors}
        defaultValue={String(fields.event_type_id.initialValue ?? "")}
        options={EVENT_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Date" required errors={fields.start_date.errors} {...getInputProps(fields.start_date, { type: "date" })} id={fields.start_date.id} />
        <Field label="Time" required errors={fields.start_time.errors} {...getInputProps(fields.start_time, { type: "time" })} id={fields.start_time.id} />
      </div>
      <div className="pb-3">
        <label htmlFor={fields.description.id} className="field-label">
          Description
        </label>
        <textarea
          id={fields.description.id}
          name={fields.description.name}
          defaultValue={String(fields.description.initialValue ?? "")}
          rows={3}
          className="field-input"
        />
        <p className="field-error">{fields.description.errors?.join(" ")}</p>
      </div>
      <label className="flex items-center gap-2 pb-3 text-sm">
        <input type="checkbox" name="send_email" defaultChecked={Boolean(sendEmail) && sendEmail !== "false"} className="h-4 w-4 rounded border-slate-300" />
        Also send me an e-mail
      </label>
      <div className="pb-3">
        <label htmlFor="reminder-documents" className="field-label">
          Documents
        </label>
        <input id="reminder-documents" type="file" name="documents" multiple className="block text-sm" />
        <p className="field-help text-xs text-slate-500">PDF, Word, Excel, image, CSV or text; 2 MB each at most.</p>
        <p className="field-error">{fields.documents.errors?.join(" ")}</p>
      </div>
      <div className="flex justify-end gap-2 pt-4">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          Save
        </button>
      </div>
    </Form>
  );
}
