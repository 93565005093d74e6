import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { taskResponseSchema } from "../../contract/tasks";
import { Drawer } from "../components/drawer";
import { TaskForm } from "../components/tasks/task-form";
import { wordsFor } from "../lib/labels";
import { requireAccess } from "../services/auth.server";
import { saveTaskForm } from "../services/task-form.server";
import { activePipelines, teamOptions } from "../services/tasks.server";
import { keepFormOnOutage } from "../services/outage.server";
import { formOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/tasks");
  if (!signedIn.subject.permissions.includes("task_manage")) throw redirect("/tasks");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const [pipelines, teams] = await Promise.all([activePipelines(api), teamOptions(api)]);
  return { pipelines, teams, words: wordsFor(edition) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  return keepFormOnOutage(form, async () => {
    const { api, edition } = await requireManage(request);
    const words = wordsFor(edition);
    return saveTaskForm(request, form, "create", (body) => api.post("/task", { body, schema: taskResponseSchema }), { success: `${words.Task} created.`, failure: `Failed to create ${words.task}.` }, (id) => `/tasks/${id}`);
  });
}

export default function NewTask() {
  const { pipelines, teams, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <Drawer title={`Add ${words.task}`} closeTo={`/tasks${search}`}>
      <TaskForm pipelines={pipelines} teams={teams} words={words} lastResult={actionData?.result} cancelTo={`/tasks${search}`} submitLabel={`Create ${words.task}`} />
    </Drawer>
  );
}
