import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { NameForm } from "../components/form/name-form";
import { requirePermission } from "../services/auth.server";
import { saveNameForm } from "../services/name-form.server";
import { getRole, renameRole } from "../services/roles.server";
import { formOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requirePermission(request, "role_manage", { route: "/roles", back: "/roles" });
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireManage(request);
  return { role: await getRole(api, params.id!) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const back = `/roles${new URL(request.url).search}`;
  return saveNameForm(
    request,
    await formOf(request),
    "role",
    () => requireManage(request),
    (api, name) => renameRole(api, params.id!, name),
    { success: "Role updated.", failure: "Failed to update role." },
    back,
  );
}

export default function RenameRole() {
  const { role } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Rename role" closeTo={`/roles${search}`}>
      <NameForm key={role.id} name={role.name} cancelTo={`/roles${search}`} />
    </Drawer>
  );
}
