import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewNameDrawer } from "../components/form/name-form";
import { newNameAction, newNameLoader, type NewNameRoute } from "../services/name-form.server";
import { createRole } from "../services/roles.server";

const ROUTE: NewNameRoute = {
  list: "/roles",
  rule: "role",
  permissions: ["role_create", "role_manage"],
  create: createRole,
  messages: { success: "Role created.", failure: "Failed to create role." },
};

export const loader = ({ request }: LoaderFunctionArgs) => newNameLoader(request, ROUTE);

export const action = ({ request }: ActionFunctionArgs) => newNameAction(request, ROUTE);

export default function AddRole() {
  return <NewNameDrawer title="Add role" list="/roles" />;
}
