import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { loader } from "#app/routes/_app.pipeline.$id";
import { Field, FormAlert } from "../form/field";
import { EMPTY_STAGE, OUTCOME_OPTIONS } from "./pipeline-form";
import { StageList } from "./stage-list";
import { TargetsPanel } from "./targets-panel";
import { Form } from "../form/form";
import { useFormResult, useLastResult } from "../form/form-result";
import { Icon } from "../ui/icon";

/**
 * The pipeline's page below its header: the stages (reordered by dragging or by buttons) and the form adding one,
 * the users, the rename form and the targets. An island (`island` in app/lib/island.ts): the server renders it in
 * full, the browser hydrates it once its chunk has arrived, after the page's first-load JavaScript; until then its
 * links and forms work as they do without JavaScript.
 */
export function PipelineSections() {
  const { pipeline, canManage, team, mine, period, words } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Each form reads its own answer (the form protocol): its messages, and what was typed after a refusal.
  const [stageForm, stageFields] = useFormResult<{ name: string; color: string; outcome: string }>("add-stage");
  const [renameForm, renameFields] = useFormResult<{ name: string }>("rename");
  const moveResult = useLastResult("move");
  const reorderResult = useLastResult("reorder");
  const moved = moveResult ?? reorderResult;
  const typed = (v: unknown) => (typeof v === "string" ? v : undefined);
  return (
    <>
      <div className="grid gap-8 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <section aria-labelledby="stages-heading" className="space-y-3">
            <h2 id="stages-heading" className="text-lg font-semibold">
              Stages
            </h2>
            <FormAlert messages={moved?.error?.[""] ?? undefined} />
            <StageList pipelineId={pipeline.id} stages={pipeline.stages} canManage={canManage} tasksWord={words.tasks} editSearch={search} />
            {canManage ? (
              // Keyed on the stages, so the form starts empty again after a stage was added.
              <Form
                key={pipeline.stages.length}
                method="post"
                preventScrollReset
                className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
                aria-labelledby="add-stage-heading"
              >
                <h3 id="add-stage-heading" className="mb-2 text-sm font-semibold">
                  Add stage
                </h3>
                <input type="hidden" name="intent" value="add-stage" />
                <FormAlert messages={stageForm.errors} />
                <div className="flex flex-wrap items-start gap-3">
                  <Field
                    id="new-stage-name"
                    name="name"
                    label="Stage name"
                    required
                    maxLength={60}
                    defaultValue={typed(stageFields.name.initialValue)}
                    errors={stageFields.name.errors}
                    className="min-w-48 flex-1"
                  />
                  <div>
                    <label htmlFor="new-stage-color" className="field-label">
                      Colour
                    </label>
                    <input
                      id="new-stage-color"
                      type="color"
                      name="color"
                      defaultValue={typed(stageFields.color.initialValue) || EMPTY_STAGE.color}
                      className="mt-1 h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                    />
                    <p className="field-error">{stageFields.color.errors?.join(" ")}</p>
                  </div>
                  <div>
                    <label htmlFor="new-stage-outcome" className="field-label">
                      Outcome
                    </label>
                    <select id="new-stage-outcome" name="outcome" defaultValue={typed(stageFields.outcome.initialValue) || "open"} className="field-input">
                      {OUTCOME_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className="btn-primary mt-6" disabled={busy}>
                    <Icon name="plus" />
                    Add stage
                  </button>
                </div>
              </Form>
            ) : null}
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="users-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center justify-between gap-2">
              <h2 id="users-heading" className="text-lg font-semibold">
                Users
              </h2>
              {canManage ? (
                <Link to={`/pipeline/${pipeline.id}/users${search}`} className="btn-secondary px-3 py-1 text-xs" preventScrollReset>
                  Choose users
                </Link>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-slate-500">{`The people who work this pipeline's ${words.tasks}.`}</p>
            {pipeline.users.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">Nobody yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100 text-sm" data-pipeline-users>
                {pipeline.users.map((u) => (
                  <li key={u.id} className="py-2">
                    <span className="block font-medium">{u.full_name}</span>
                    <span className="block truncate text-xs text-slate-500">{u.email}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {canManage ? (
            <section aria-labelledby="rename-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 id="rename-heading" className="text-lg font-semibold">
                Name
              </h2>
              <Form key={pipeline.name} method="post" preventScrollReset className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="rename" />
                <FormAlert messages={renameForm.errors} />
                <Field
                  id="pipeline-rename"
                  name="name"
                  label="Pipeline name"
                  required
                  maxLength={100}
                  defaultValue={typed(renameFields.name.initialValue) ?? pipeline.name}
                  errors={renameFields.name.errors}
                />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Rename
                </button>
              </Form>
            </section>
          ) : null}
        </aside>
      </div>

      <div className="mt-8">
        <TargetsPanel
          pipelineId={pipeline.id}
          period={period}
          team={team ? { total: team.total, users: team.users } : null}
          mine={team ? null : mine}
          canSet={canManage}
          tasksWord={words.tasks}
        />
      </div>
    </>
  );
}
