import type { Task } from "#contract/tasks";
import { formatDate } from "#common/format";
import { DateInput } from "../form/date-input";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { NumberInput } from "../form/number-input";
import { SelectField } from "../form/select-field";
import { SectionSubmit, text, type Option } from "./task-section";

interface RevenueFormProps {
  task: Task;
  frequencies: Option[];
  canManage: boolean;
}

/**
 * Expected revenue, when it starts and how often it is paid: a form for a manager; for anyone else the start and
 * the frequency (the amount is in the page's summary, once).
 */
export function RevenueForm({ task, frequencies, canManage }: RevenueFormProps) {
  if (canManage) return <RevenueFields key={task.updated_at} task={task} frequencies={frequencies} />;
  const frequency = frequencies.find((f) => f.value === String(task.payment_frequency_id))?.label;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
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
      <div className="grid gap-x-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
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
        <DateInput
          id="revenue-start-date"
          name="expected_revenue_start_date"
          label="Revenue start date"
          defaultValue={text(fields.expected_revenue_start_date.initialValue)}
          errors={fields.expected_revenue_start_date.errors}
        />
        <SelectField
          id="revenue-frequency"
          name="payment_frequency_id"
          label="Payment frequency"
          options={frequencies}
          placeholder="Not set"
          defaultValue={text(fields.payment_frequency_id.initialValue)}
          errors={fields.payment_frequency_id.errors}
        />
        {/* Beside the fields on a wide screen (level with the controls, below their labels), else below them. */}
        <div className="flex items-start justify-end sm:col-span-3 lg:col-span-1 xl:pt-[1.625rem]">
          <SectionSubmit intent="revenue" label="Save revenue" />
        </div>
      </div>
    </Form>
  );
}
