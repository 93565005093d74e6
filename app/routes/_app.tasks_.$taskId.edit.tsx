import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { TaskForm } from "../components/tasks/task-form";
import { wordsFor } from "../lib/labels";
import { requireTaskManager } from "../services/task-detail.server";
import { saveTaskForm } from "../services/task-form.server";
import { activePipelines, getPipeline, getTask, teamOptions, updateTask } from "../services/tasks.server";
import { keepOnOutage } from "../services/form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { formOf } from "../services/submission.server";
import { taskChoiceFinders, taskFormChoices } from "../services/task-choices.server";

/** The edit drawer of the task page: the create form (TaskForm) filled with the task. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject, id } = await requireTaskManager(request, params);
  const [task, pipelines, teams, choices] = await Promise.all([getTask(api, id), activePipelines(api), teamOptions(api), taskFormChoices(api, subject)]);
  // A task in an archived pipeline keeps it in the choice (moving into an archived pipeline is refused).
  if (!pipelines.some((p) => p.id === task.pipeline_id)) {
    const own = await getPipeline(api, String(task.pipeline_id)).catch(() => null);
    if (own) pipelines.push({ id: own.id, name: `${own.name} (archived)`, stages: [...own.stages].sort((a, b) => a.order - b.order) });
  }
  return {
    task,
    pipelines: pipelines.map((p) => ({ id: p.id, name: p.name, stages: p.stages.map((s) => ({ id: s.id, name: s.name })) })),
    teams,
    choices,
    words: wordsFor(edition),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api, edition, subject, id } = await requireTaskManager(request, params);
    const words = wordsFor(edition);
    const search = new URL(request.url).search;
    return saveTaskForm(
      request,
      form,
      "edit",
      (body) => updateTask(api, id, body),
      { success: `${words.Task} updated.`, failure: `Failed to update ${words.task}.` },
      (saved) => `/tasks/${saved}${search}`,
      taskChoiceFinders(api, subject),
    );
  });
}

export default function EditTask() {
  const { task, pipelines, teams, choices, words } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const back = `/tasks/${task.id}${search}`;
  return (
    <Drawer title={`Edit ${words.task}`} closeTo={back} dismissible={!busy}>
      <TaskForm key={task.updated_at} task={task} pipelines={pipelines} teams={teams} choices={choices} words={words} cancelTo={back} submitLabel="Save" />
    </Drawer>
  );
}
