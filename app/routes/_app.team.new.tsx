import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewNameDrawer } from "../components/form/name-form";
import { newNameAction, newNameLoader, type NewNameRoute } from "../services/name-form.server";
import { createTeam } from "../services/teams.server";

const ROUTE: NewNameRoute = {
  list: "/team",
  rule: "team",
  permissions: ["team_create", "team_manage"],
  create: createTeam,
  messages: { success: "Team created.", failure: "Failed to create team." },
};

export const loader = ({ request }: LoaderFunctionArgs) => newNameLoader(request, ROUTE);

export const action = ({ request }: ActionFunctionArgs) => newNameAction(request, ROUTE);

export default function AddTeam() {
  return <NewNameDrawer title="Add team" list="/team" label="Team name" />;
}
