import type { Task } from "#contract/tasks";
import { formatDate, formatMoney } from "#common/format";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { NumberInput } from "../form/number-input";
import { RevenueTimingFields } from "./revenue-timing-fields";
import { SectionSubmit, text, type Option } from "./task-section";

interface RevenueFormProps {
  task: Task;
  frequencies: Option[];
  canManage: boolean;
}

/** Expected revenue, its start date and payment frequency: a form for a manager, the figures for anyone else. */
export function RevenueForm({ task, frequencies, canManage }: RevenueFormProps) {
  if (canManage) return <RevenueFields key={task.updated_at} task={task} frequencies={frequencies} />;
  const frequency = frequencies.find((f) => f.value === String(task.payment_frequency_id))?.label;
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm">
      <div>
        <dt className="text-slate-500">Expected revenue</dt>
        <dd>{task.expected_revenue === null ? "—" : formatMoney(task.expected_revenue)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Revenue start date</dt>
        <dd>{task.expected_revenue_start_date ? formatDate(task.expected_revenue_start_date) : "—"}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Payment frequency</dt>
        <dd>{frequency ?? "—"}</dd>
      </div>
    </dl>
  );
}

function RevenueFields({ task, frequencies }: Omit<RevenueFormProps, "canManage">) {
  const [form, fields] = useFormResult("revenue", {
    defaultValue: {
      expected_revenue: text(task.expected_revenue),
      expected_revenue_start_date: text(task.expected_revenue_start_date),
      payment_frequency_id: text(task.payment_frequency_id),
    },
  });
  return (
    <Form method="post" className="space-y-1">
      <FormAlert messages={form.errors} />
      <NumberInput
        id="revenue-amount"
        name="expected_revenue"
        label="Expected revenue (£)"
        min={0}
        decimals={2}
        allowNegative={false}
        defaultValue={text(fields.expected_revenue.initialValue)}
        errors={fields.expected_revenue.errors}
      />
      <RevenueTimingFields
        idPrefix="revenue"
        dateLabel="Revenue start date"
        frequencies={frequencies}
        startDate={fields.expected_revenue_start_date}
        frequency={fields.payment_frequency_id}
      />
      <div className="flex justify-end pt-2">
        <SectionSubmit intent="revenue" label="Save revenue" />
      </div>
    </Form>
  );
}
