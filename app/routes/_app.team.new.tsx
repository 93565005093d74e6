import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { NameForm } from "../components/form/name-form";
import { requireAccess } from "../services/auth.server";
import { saveNameForm } from "../services/name-form.server";
import { createTeam } from "../services/teams.server";
import { keepFormOnOutage } from "../services/outage.server";

async function requireCreate(request: Request) {
  const signedIn = await requireAccess(request, "/team");
  if (!signedIn.subject.permissions.some((p) => p === "team_create" || p === "team_manage")) throw redirect("/team");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCreate(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return keepFormOnOutage(request, async () => {
    const { api } = await requireCreate(request);
    const back = `/team${new URL(request.url).search}`;
    return saveNameForm(request, (name) => createTeam(api, name), { success: "Team created.", failure: "Failed to create team." }, back);
  });
}

export default function AddTeam() {
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <Drawer title="Add team" closeTo={`/team${search}`}>
      <NameForm label="Team name" lastResult={actionData?.result} cancelTo={`/team${search}`} />
    </Drawer>
  );
}
