import type { Task } from "#contract/tasks";
import type { Words } from "#app/lib/labels";
import { FormAlert } from "../form/field";
import { FileField } from "../form/file-field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { NumberInput } from "../form/number-input";
import { PipelineStageFields, type PipelineOption } from "./pipeline-stage-fields";
import { SectionSubmit, text } from "./task-section";

interface ProgressFormProps {
  task: Task;
  pipelines: PipelineOption[];
  accept: string;
  words: Words;
}

/**
 * 'Update progress': a move to another stage or pipeline, the size, a note and a document. Drawn anew once the
 * task is saved. The revenue's start date and payment frequency are the Revenue section's (each field once on the page).
 */
export function ProgressForm(props: ProgressFormProps) {
  return <ProgressFields key={props.task.updated_at} {...props} />;
}

function ProgressFields({ task, pipelines, accept, words }: ProgressFormProps) {
  const [form, fields] = useFormResult("progress", {
    defaultValue: {
      pipeline_id: text(task.pipeline_id),
      pipeline_stage_id: text(task.pipeline_stage_id),
      size: text(task.size),
      note: "",
    },
  });
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1">
      <FormAlert messages={form.errors} />
      <div className="grid gap-x-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        <PipelineStageFields
          idPrefix="progress"
          pipelines={pipelines}
          pipelineId={Number(fields.pipeline_id.initialValue) || null}
          stageId={Number(fields.pipeline_stage_id.initialValue) || null}
          errors={{ pipeline_id: fields.pipeline_id.errors, pipeline_stage_id: fields.pipeline_stage_id.errors }}
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
        />
      </div>
      <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
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
        {/* Beside the note and the document on a wide screen (level with their controls), else below them. */}
        <div className="flex items-start justify-end sm:col-span-2 lg:col-span-1 xl:pt-[1.625rem]">
          <SectionSubmit intent="progress" label="Update progress" />
        </div>
      </div>
    </Form>
  );
}
