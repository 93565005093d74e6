import { getFormProps, getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

export interface OccurrenceTimes {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

/** 'Move this occurrence': a new start and end for one occurrence; the series is left as it is. */
export function MoveOccurrenceForm({ times, version }: { times: OccurrenceTimes; version: string }) {
  const [form, fields] = useFormResult("move", { defaultValue: times, version });
  const saving = useNavigation().state === "submitting";
  const input = (name: keyof OccurrenceTimes, label: string, type: "date" | "time", required = false) => (
    <Field label={label} required={required} errors={fields[name].errors} {...getInputProps(fields[name], { type })} id={fields[name].id} />
  );
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <input type="hidden" name="intent" value="move" />
      <div className="grid grid-cols-2 gap-3">
        {input("start_date", "New start date", "date", true)}
        {input("start_time", "New start time", "time", true)}
        {input("end_date", "New end date", "date")}
        {input("end_time", "New end time", "time", true)}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={saving}>
          Move this occurrence
        </button>
      </div>
    </Form>
  );
}
