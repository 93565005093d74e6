import { CONFIDENCE_QUESTIONS } from "#contract/task-constants";
import type { Task } from "#contract/tasks";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { SelectField } from "../form/select-field";
import { SectionSubmit, text, type Option } from "./task-section";

interface ConfidenceFormProps {
  task: Task;
  options: Record<string, Option[]>;
  canManage: boolean;
}

function TotalScore({ task }: { task: Task }) {
  const total = task.confidence?.total_score ?? null;
  return (
    <p className="text-sm" data-confidence-total>
      Total score: <strong>{total === null ? "—" : `${total} / 20`}</strong>
      {total === null ? <span className="text-slate-500"> (answer all four questions)</span> : null}
    </p>
  );
}

/** The four confidence questions and their total: a form for a manager, the answers for anyone else. */
export function ConfidenceForm({ task, options, canManage }: ConfidenceFormProps) {
  if (canManage) return <ConfidenceFields key={task.updated_at} task={task} options={options} />;
  const answers = task.confidence ? [task.confidence.revenue_timing, task.confidence.revenue_estimate, task.confidence.execution, task.confidence.client] : [];
  return (
    <>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {CONFIDENCE_QUESTIONS.map((q, i) => (
          <div key={q.field}>
            <dt className="text-slate-500">{q.name}</dt>
            <dd>{answers[i] ? `${answers[i]!.name} (${answers[i]!.score})` : "—"}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <TotalScore task={task} />
      </div>
    </>
  );
}

function ConfidenceFields({ task, options }: Omit<ConfidenceFormProps, "canManage">) {
  const [form, fields] = useFormResult("confidence", { defaultValue: Object.fromEntries(CONFIDENCE_QUESTIONS.map((q) => [q.field, text(task[q.field])])) });
  return (
    <Form method="post" className="space-y-1">
      <FormAlert messages={form.errors} />
      <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {CONFIDENCE_QUESTIONS.map((q) => (
          <SelectField
            key={q.field}
            id={`confidence-${q.type}`}
            name={q.field}
            label={q.name}
            options={options[q.field] ?? []}
            placeholder="Not answered"
            defaultValue={text(fields[q.field].initialValue)}
            errors={fields[q.field].errors}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TotalScore task={task} />
        <SectionSubmit intent="confidence" label="Save confidence" />
      </div>
    </Form>
  );
}
