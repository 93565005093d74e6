import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { CalendarEvent } from "#contract/calendar";
import { EVENT_TYPES, REPEAT_ENDS, REPEATS, WEEKDAYS } from "#contract/calendar-constants";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { SelectField } from "../form/select-field";

export interface EventDefaults {
  start_date: string;
  task_id?: string;
  individual_id?: string;
  company_id?: string;
}

// The fields as the form posts them (text, and the list of weekdays).
type FormFields = Record<string, string | string[] | undefined>;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

function defaultsOf(event: CalendarEvent | null | undefined, fresh: EventDefaults) {
  if (!event) {
    return {
      start_date: fresh.start_date,
      start_time: "09:00",
      // Empty: the same day as the start.
      end_date: "",
      end_time: "10:00",
      event_type_id: "1",
      repeat: "none",
      repeat_interval: "1",
      repeat_end: "never",
      task_id: fresh.task_id ?? "",
      individual_id: fresh.individual_id ?? "",
      company_id: fresh.company_id ?? "",
    };
  }
  return {
    name: event.name,
    description: event.description ?? "",
    event_type_id: String(event.event_type_id),
    start_date: event.start_date,
    start_time: event.start_time,
    end_date: event.end_date === event.start_date ? "" : event.end_date,
    end_time: event.end_time,
    repeat: event.repeat,
    repeat_interval: String(event.repeat_interval),
    repeat_days: event.repeat_days,
    repeat_end: event.repeat_end,
    repeat_until: event.repeat_until ?? "",
    repeat_count: event.repeat_count ? String(event.repeat_count) : "",
    task_id: event.task ? String(event.task.id) : "",
    individual_id: event.individual ? String(event.individual.id) : "",
    company_id: event.company ? String(event.company.id) : "",
  };
}

/**
 * The drawer form of 'New event' and 'Edit event' (the whole series): a plain form, every rule checked by the
 * server (end after start, a repeat's end), so it works without JavaScript.
 */
export function EventForm({ event, defaults, cancelTo, links }: { event?: CalendarEvent | null; defaults: EventDefaults; cancelTo: string; links?: string[] }) {
  const [form, fields] = useFormResult<FormFields>("save", { defaultValue: defaultsOf(event, defaults), version: event?.updated_at });
  const saving = useNavigation().state === "submitting";
  const chosenDays = asList(fields.repeat_days.initialValue);
  const repeatEnd = String(fields.repeat_end.initialValue ?? "never");
  const text = (
    name: "name" | "start_date" | "start_time" | "end_date" | "end_time" | "repeat_until" | "repeat_count" | "repeat_interval",
    label: string,
    type: "text" | "date" | "time" | "number",
    required = false,
  ) => {
    const meta = fields[name];
    return <Field label={label} required={required} errors={meta.errors} {...getInputProps(meta, { type })} id={meta.id} />;
  };
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <input type="hidden" name="intent" value="save" />
      {text("name", "Name", "text", true)}
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
        {text("start_date", "Start date", "date", true)}
        {text("start_time", "Start time", "time", true)}
        {text("end_date", "End date", "date")}
        {text("end_time", "End time", "time", true)}
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
      <fieldset className="rounded border border-slate-200 p-3">
        <legend className="field-label px-1">Repeat</legend>
        <SelectField
          id={fields.repeat.id}
          name={fields.repeat.name}
          label="Repeats"
          errors={fields.repeat.errors}
          defaultValue={String(fields.repeat.initialValue ?? "none")}
          placeholder="Does not repeat"
          options={REPEATS.filter((r) => r.value !== "none").map((r) => ({ value: r.value, label: r.label }))}
        />
        {text("repeat_interval", "Every (days, weeks, months or years)", "number")}
        <fieldset className="pb-3">
          <legend className="field-label">On these days (weekly)</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {WEEKDAYS.map((d) => (
              <label key={d.value} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  name="repeat_days"
                  value={d.value}
                  defaultChecked={chosenDays.includes(d.value)}
                  className="h-4 w-4 rounded border-slate-300"
                />
                {d.label}
              </label>
            ))}
          </div>
          <p className="field-error">{fields.repeat_days.errors?.join(" ")}</p>
        </fieldset>
        <fieldset className="pb-3">
          <legend className="field-label">Ends</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {REPEAT_ENDS.map((r) => (
              <label key={r.value} className="flex items-center gap-1 text-sm">
                <input type="radio" name="repeat_end" value={r.value} defaultChecked={repeatEnd === r.value} className="h-4 w-4 border-slate-300" />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          {text("repeat_until", "Repeat until", "date")}
          {text("repeat_count", "Number of times", "number")}
        </div>
      </fieldset>
      {(["task_id", "individual_id", "company_id"] as const).map((name) =>
        fields[name].initialValue ? <input key={name} type="hidden" name={name} value={String(fields[name].initialValue)} /> : null,
      )}
      {links?.length ? <p className="pt-2 text-sm text-slate-600">Linked to {links.join(", ")}.</p> : null}
      {fields.task_id.errors || fields.individual_id.errors || fields.company_id.errors ? (
        <p className="field-error">
          {[...(fields.task_id.errors ?? []), ...(fields.individual_id.errors ?? []), ...(fields.company_id.errors ?? [])].join(" ")}
        </p>
      ) : null}
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
