import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { deleteTeam, getTeam } from "../services/teams.server";

async function requireManage(request: Request) {
  const signedIn = await requirePermission(request, "team_manage", { route: "/team", back: "/team" });
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireManage(request);
  return { name: (await getTeam(api, params.id!)).name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireManage(request);
  const back = `/team${new URL(request.url).search}`;
  try {
    await deleteTeam(api, params.id!);
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to delete team." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Team deleted." });
}

export default function DeleteTeam() {
  const { name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Delete ${name}`}
      message="Are you sure you want to delete this team? Its members stay in the company."
      cancelTo={`/team${search}`}
      confirmLabel="Remove"
    />
  );
}
