import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Suspense } from "react";
import { Drawer } from "../components/drawer";
import { teamDrawerBodyOnServer } from "../components/teams/team-drawer-body.server";
import { parseTeamIntent, type TeamIntent } from "../components/teams/team-intents.server";
import { island } from "../lib/island";
import { requireAccess, requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
// Every route that imports island.ts also imports the frame's module, so island.ts stays in the frame's chunk (a
// route importing it alone would move it into a chunk of its own: 0.2 KB more on every page).
import "./_app";
import {
  addTeamUser,
  cancelInvitation,
  getTeam,
  removeMember,
  renameTeam,
  setMemberRole,
  teamCandidateChoices,
  teamCandidateFinder,
} from "../services/teams.server";
import { applyChoiceFinds } from "../services/choice-find.server";
import type { ChoiceFinds } from "../lib/choice-find";
import { ApiValidationError, type Api } from "../services/api.server";
import { dispatchIntent, keepOnOutage, refuseForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { can } from "../access/permissions";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/team");
  const canManage = can(subject, "team_manage");
  const [team, firstUsers] = await Promise.all([getTeam(api, params.id!), teamCandidateChoices(api, params.id!, canManage)]);
  return { team, canManage, firstUsers };
}

const messages: Record<TeamIntent["intent"], [string, string]> = {
  rename: ["Team updated.", "Failed to update team."],
  add: ["Member added.", "Failed to add member."],
  invite: ["Invitation sent.", "Failed to send invitation."],
  role: ["Member updated.", "Failed to update member."],
  remove: ["Member removed.", "Failed to remove member."],
  "cancel-invitation": ["Invitation cancelled.", "Failed to cancel invitation."],
};

type TeamForm = TeamIntent["intent"];
type Sent = { api: Api; id: string };

/** The drawer's forms by intent: each sends its change once its fields are parsed (parseTeamIntent). */
const intents: { [K in TeamForm]: (sent: Sent, form: Extract<TeamIntent, { intent: K }>) => Promise<unknown> } = {
  rename: ({ api, id }, form) => renameTeam(api, id, form.name),
  add: ({ api, id }, form) => addTeamUser(api, id, { user_id: Number(form.user_id), role: form.role }),
  invite: ({ api, id }, form) => addTeamUser(api, id, { email: form.email, role: form.role }),
  role: ({ api, id }, form) => setMemberRole(api, id, form.user_id, form.role),
  remove: ({ api, id }, form) => removeMember(api, id, form.user_id),
  "cancel-invitation": ({ api, id }, form) => cancelInvitation(api, id, form.invitation_id),
};

/**
 * Every form of the drawer posts here with its intent (an intent map; an unknown one answers 400). A refusal is
 * the form protocol's answer for that form, with what the add form's find field found (kept in the drawer).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const sent = await formOf(request);
  const id = params.id!;
  const handlers = Object.keys(intents).map((name) => {
    const intent = name as TeamForm;
    const [success, failure] = messages[intent];
    const handle = () =>
      keepOnOutage(intent, sent, async () => {
        const { api } = await requirePermission(request, "team_manage", { route: "/team", back: "/team" });
        let found: ChoiceFinds | undefined;
        const refuse = (fieldErrors: Record<string, string[]>) => refuseForm(intent, sent, { fieldErrors, formErrors: [failure] }, { found });
        // Without JavaScript, a colleague beyond the first choices is added by the name or e-mail typed beside them.
        if (intent === "add") {
          found = await applyChoiceFinds(sent, { user_id: teamCandidateFinder(api, id) });
          if (Object.keys(found.errors).length) return refuse(found.errors);
        }
        const parsed = parseTeamIntent(sent);
        // A field refused (no colleague chosen) is said under it; a form that is not what this page sends is a 400.
        if ("errors" in parsed) {
          if (Object.keys(parsed.errors).length === 0) throw new Response("This form is not one this page knows.", { status: 400 });
          return refuse(parsed.errors);
        }
        try {
          await (intents[intent] as (sent: Sent, form: TeamIntent) => Promise<unknown>)({ api, id }, parsed.intent);
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuse(error.body.errors ?? {});
        }
        return redirectWithToast(request, `/team/${id}${new URL(request.url).search}`, { kind: "success", message: success });
      });
    return [intent, handle] as const;
  });
  return dispatchIntent(sent, Object.fromEntries(handlers));
}

// What the drawer holds (its forms, members and invitations) is an island: the server renders it, the browser
// hydrates it once its chunk has arrived.
const body = island(() => import("../components/teams/team-drawer-body"), teamDrawerBodyOnServer);

function Body() {
  const { TeamDrawerBody } = body.read();
  return <TeamDrawerBody />;
}

export default function TeamDrawer() {
  const { team } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer title={`Team: ${team.name}`} closeTo={`/team${search}`} dismissible={!busy}>
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Body />
      </Suspense>
    </Drawer>
  );
}
