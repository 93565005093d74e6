import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { TaskForm } from "../components/tasks/task-form";
import { wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { saveTaskForm } from "../services/task-form.server";
import { activePipelines, createTask, teamOptions } from "../services/tasks.server";
import { keepOnOutage } from "../services/form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { taskChoiceFinders, taskFormChoices } from "../services/task-choices.server";
import { formOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requirePermission(request, "task_manage", { route: "/tasks", back: "/tasks" });
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireManage(request);
  // Opened from a client's page: the task is for that individual or company, and Cancel goes back there.
  const url = new URL(request.url);
  const preset = { individual: url.searchParams.get("source_individual_id"), company: url.searchParams.get("company_id") };
  const [pipelines, teams, choices] = await Promise.all([activePipelines(api), teamOptions(api), taskFormChoices(api, subject, preset)]);
  const from = choices.preset.individual
    ? `/individual/${choices.preset.individual.value}?tab=tasks`
    : choices.preset.company
      ? `/company/${choices.preset.company.value}?tab=tasks`
      : null;
  return { pipelines, teams, choices, from, words: wordsFor(edition) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api, edition, subject } = await requireManage(request);
    const words = wordsFor(edition);
    return saveTaskForm(
      request,
      form,
      "create",
      (body) => createTask(api, body),
      { success: `${words.Task} created.`, failure: `Failed to create ${words.task}.` },
      (id) => `/tasks/${id}`,
      taskChoiceFinders(api, subject),
    );
  });
}

export default function NewTask() {
  const { pipelines, teams, choices, from, words } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = from ?? `/tasks${search}`;
  return (
    <Drawer title={`Add ${words.task}`} closeTo={back}>
      <TaskForm pipelines={pipelines} teams={teams} choices={choices} words={words} cancelTo={back} submitLabel={`Create ${words.task}`} />
    </Drawer>
  );
}
