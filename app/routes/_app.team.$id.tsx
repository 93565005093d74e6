import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
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
import { addTeamUser, cancelInvitation, getTeam, removeMember, renameTeam, setMemberRole, teamCandidateChoices, teamCandidateFinder } from "../services/teams.server";
import { applyChoiceFinds, typedFind } from "../services/choice-find.server";
import type { ChoiceFinds } from "../lib/choice-find";
import type { UnsavedForm } from "../lib/unsaved-form";
import { refusalOf } from "../services/outage.server";
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

/** Every form of the team drawer posts here with an intent. */
export async function action({ request, params }: ActionFunctionArgs) {
  const sent = await formOf(request);
  const asked = sent.get("intent");
  // Which form was sent, for the failure's message (its fields are read once the find fields have settled them).
  const intent = typeof asked === "string" && Object.hasOwn(messages, asked) ? (asked as TeamIntent["intent"]) : null;
  const id = params.id!;
  let found: ChoiceFinds | undefined;
  /** A refusal, with what the add form's find field typed and found (kept in the drawer). */
  const refuse = (status: number, which: TeamIntent["intent"] | null, errors: Record<string, string[]>, unsaved?: UnsavedForm) =>
    data({ intent: which as string | null, errors, unsaved, found, typed: typedFind(sent, "user_id") }, { status });
  let form: TeamIntent;
  try {
    // The guard inside: when the API does not answer it, the drawer stays as it was too.
    const { api } = await requirePermission(request, "team_manage", { route: "/team", back: "/team" });
    // Without JavaScript, a colleague beyond the first choices is added by the name or e-mail typed beside them.
    if (intent === "add") {
      found = await applyChoiceFinds(sent, { user_id: teamCandidateFinder(api, id) });
      if (Object.keys(found.errors).length) return refuse(422, "add", found.errors);
    }
    const parsed = parseTeamIntent(sent);
    if ("errors" in parsed) {
      // A field of a known form refused (no colleague chosen) is said under it; anything else is no form of this page.
      const known = intent !== null && Object.keys(parsed.errors).length > 0;
      return known ? refuse(422, intent, parsed.errors) : refuse(422, null, { _: ["Choose what to do."] });
    }
    form = parsed.intent;
    if (form.intent === "rename") await renameTeam(api, id, form.name);
    else if (form.intent === "add") await addTeamUser(api, id, { user_id: Number(form.user_id), role: form.role });
    else if (form.intent === "invite") await addTeamUser(api, id, { email: form.email, role: form.role });
    else if (form.intent === "role") await setMemberRole(api, id, form.user_id, form.role);
    else if (form.intent === "remove") await removeMember(api, id, form.user_id);
    else await cancelInvitation(api, id, form.invitation_id);
  } catch (error) {
    const refusal = refusalOf(error, sent, intent ? messages[intent][1] : "Choose what to do.");
    return refuse(refusal.status, intent, { ...refusal.errors, _: [refusal.message] }, refusal.unsaved);
  }
  return redirectWithToast(request, `/team/${id}${new URL(request.url).search}`, { kind: "success", message: messages[form.intent][0] });
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
