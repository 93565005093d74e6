import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { NameForm } from "../components/form/name-form";
import { requireAccess } from "../services/auth.server";
import { saveNameForm } from "../services/name-form.server";
import { keepFormOnOutage } from "../services/outage.server";
import { createRole } from "../services/roles.server";

async function requireCreate(request: Request) {
  const signedIn = await requireAccess(request, "/roles");
  if (!signedIn.subject.permissions.some((p) => p === "role_create" || p === "role_manage")) throw redirect("/roles");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCreate(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return keepFormOnOutage(request, async () => {
    const { api } = await requireCreate(request);
    const back = `/roles${new URL(request.url).search}`;
    return saveNameForm(request, (name) => createRole(api, name), { success: "Role created.", failure: "Failed to create role." }, back);
  });
}

export default function AddRole() {
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <Drawer title="Add role" closeTo={`/roles${search}`}>
      <NameForm lastResult={actionData?.result} cancelTo={`/roles${search}`} />
    </Drawer>
  );
}
