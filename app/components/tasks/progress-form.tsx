import type { Task } from "#contract/tasks";
import type { Words } from "#app/lib/labels";
import { FormAlert } from "../form/field";
import { FileField } from "../form/file-field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { NumberInput } from "../form/number-input";
import { RevenueTimingFields } from "./revenue-timing-fields";
import { PipelineStageFields, type PipelineOption } from "./pipeline-stage-fields";
import { SectionSubmit, text, type Option } from "./task-section";

interface ProgressFormProps {
  task: Task;
  pipelines: PipelineOption[];
  frequencies: Option[];
  accept: string;
  words: Words;
}

/** 'Update progress': a move to another stage or pipeline, with a note and a document. Drawn anew once the task is saved. */
export function ProgressForm(props: ProgressFormProps) {
  return <ProgressFields key={props.task.updated_at} {...props} />;
}

function ProgressFields({ task, pipelines, frequencies, accept, words }: ProgressFormProps) {
  const [form, fields] = useFormResult("progress", {
    defaultValue: {
      pipeline_id: text(task.pipeline_id),
      pipeline_stage_id: text(task.pipeline_stage_id),
      expected_revenue_start_date: text(task.expected_revenue_start_date),
      payment_frequency_id: text(task.payment_frequency_id),
      size: text(task.size),
      note: "",
    },
  });
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1">
      <FormAlert messages={form.errors} />
      <PipelineStageFields
        idPrefix="progress"
        pipelines={pipelines}
        pipelineId={Number(fields.pipeline_id.initialValue) || null}
        stageId={Number(fields.pipeline_stage_id.initialValue) || null}
        errors={{ pipeline_id: fields.pipeline_id.errors, pipeline_stage_id: fields.pipeline_stage_id.errors }}
      />
      <RevenueTimingFields
        idPrefix="progress"
        dateLabel="Expected revenue start date"
        frequencies={frequencies}
        startDate={fields.expected_revenue_start_date}
        frequency={fields.payment_frequency_id}
      />
      <NumberInput
        id="progress-size"
        name="size"
        label="Size"
        min={0}
        decimals={0}
        allowNegative={false}
        defaultValue={text(fields.size.initialValue)}
        errors={fields.size.errors}
        className="sm:w-1/2 sm:pr-1.5"
      />
      <div className="pb-1">
        <label htmlFor="progress-note" className="field-label">
          Note
        </label>
        <textarea
          id="progress-note"
          name="note"
          rows={2}
          maxLength={5000}
          defaultValue={text(fields.note.initialValue)}
          className="field-input"
          placeholder={`What happened? Without a note, the move of the ${words.task} is recorded.`}
        />
        <p className="field-error">{fields.note.errors?.join(" ")}</p>
      </div>
      <FileField
        id="progress-document"
        name="document"
        label="Document"
        accept={accept}
        help="An image, a PDF or a Word document, up to 2 MB."
        errors={form.allErrors.document}
      />
      <div className="flex justify-end pt-2">
        <SectionSubmit intent="progress" label="Update progress" />
      </div>
    </Form>
  );
}
