import { useLoaderData } from "@remix-run/react";
import { TEAM_MEMBER_SEARCH_PAGE_SIZE } from "#contract/team-constants";
import type { TeamMemberRole } from "#contract/teams";
import { formatDate } from "#common/format";
import type { loader } from "#app/routes/_app.team.$id";
import { choiceFieldProps, FIND_COLLEAGUE_LABEL, findFieldName } from "#app/lib/choice-find";
import { Field } from "../form/field";
import { SearchableSelect } from "../form/searchable-select";
import { Form } from "../form/form";
import { useFormAnswer, useFormResult } from "../form/form-result";
import { Icon } from "../ui/icon";
import { EmptyState } from "../ui/empty-state";

/** What was typed into a find field, as the answer keeps it. */
const typedText = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The roles a member can have, as the selects show them (typed against the contract, which the browser does not load: it builds zod schemas). */
const ROLE_LABELS: Record<TeamMemberRole, string> = { member: "Member", leader: "Leader" };
const TEAM_MEMBER_ROLES = Object.keys(ROLE_LABELS) as TeamMemberRole[];

/**
 * What the team drawer holds: the rename form, the members with their roles, adding a colleague or inviting by
 * e-mail, and the pending invitations. An island (`island` in app/lib/island.ts): the server renders it in full,
 * the browser hydrates it once its chunk has arrived, after the page's first-load JavaScript; until then its
 * forms work as they do without JavaScript.
 */
export function TeamDrawerBody() {
  const { team, canManage, firstUsers } = useLoaderData<typeof loader>();
  // The drawer's forms, each reading its own answer (the form protocol): a field's messages, else the form's.
  const [renameForm, renameFields] = useFormResult<{ name: string }>("rename");
  const [addForm, addFields] = useFormResult<{ user_id: string }>("add");
  const [inviteForm, inviteFields] = useFormResult<{ email: string }>("invite");
  const added = useFormAnswer("add");
  const roleSelect = (name: string, value: string, label: string) => (
    <select name={name} defaultValue={value} aria-label={label} className="field-input-sm">
      {TEAM_MEMBER_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
  return (
    <>
      {canManage ? (
        <Form method="post" className="mb-6 flex items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <Field
            id="team-name"
            name="name"
            label="Team name"
            required
            defaultValue={team.name}
            maxLength={100}
            errors={renameFields.name.errors ?? renameForm.errors}
            className="flex-1"
          />
          <button type="submit" className="btn-secondary mb-7">
            Rename
          </button>
        </Form>
      ) : null}

      <h3 className="text-sm font-semibold">Members ({team.members.length})</h3>
      {team.members.length === 0 ? (
        <EmptyState compact icon="users" title="No members yet." className="mt-2 rounded-md ring-1 ring-slate-200" />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {team.members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{m.full_name}</span>
                <span className="block truncate text-xs text-slate-500">{m.email}</span>
              </span>
              {canManage ? (
                <>
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="user_id" value={m.user_id} />
                    {roleSelect("role", m.role, `Role of ${m.full_name}`)}
                    <button type="submit" className="btn-secondary px-2 py-1 text-xs">
                      Save
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="user_id" value={m.user_id} />
                    <button type="submit" className="btn-secondary px-2 py-1 text-xs text-red-700" aria-label={`Remove ${m.full_name}`}>
                      Remove
                    </button>
                  </Form>
                </>
              ) : (
                <span className="text-xs text-slate-500">{ROLE_LABELS[m.role]}</span>
              )}
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        // Keyed on the membership, so the add and invite forms start empty again after a change.
        <div key={`${team.members.length}-${team.invitations.length}`} className="mt-6 space-y-4 rounded-md bg-slate-50 p-4">
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="add" />
            <SearchableSelect
              id="team-add-user"
              name="user_id"
              label="Add a colleague"
              optionsUrl={`/resources/company-users?notInTeam=${team.id}`}
              itemUrl="/resources/company-users"
              {...choiceFieldProps("user_id", firstUsers, {
                findLabel: FIND_COLLEAGUE_LABEL,
                current: "",
                typed: typedText(added?.form.result.initialValue?.[findFieldName("user_id")]),
                found: added?.found,
              })}
              pageSize={TEAM_MEMBER_SEARCH_PAGE_SIZE}
              placeholder="Search by name or e-mail"
              errors={addFields.user_id.errors ?? addForm.errors}
            />
            <div className="flex items-center gap-2">
              {roleSelect("role", "member", "Role of the new member")}
              <button type="submit" className="btn-primary">
                <Icon name="plus" />
                Add member
              </button>
            </div>
          </Form>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="invite" />
            <Field
              id="team-invite-email"
              name="email"
              type="email"
              label="Or invite by e-mail"
              placeholder="name@company.co.uk"
              errors={inviteFields.email.errors ?? inviteForm.errors}
            />
            <div className="flex items-center gap-2">
              {roleSelect("role", "member", "Role of the invited person")}
              <button type="submit" className="btn-secondary">
                Send invitation
              </button>
            </div>
          </Form>
        </div>
      ) : null}

      <h3 className="mt-6 text-sm font-semibold">Pending invitations ({team.invitations.length})</h3>
      {team.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No pending invitations.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {team.invitations.map((inv) => (
            <li key={inv.id} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{inv.email}</span>
                <span className="block text-xs text-slate-500">
                  Invited {formatDate(inv.created_at)}
                  {inv.invited_by ? ` by ${inv.invited_by.full_name}` : ""}
                </span>
              </span>
              {canManage ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel-invitation" />
                  <input type="hidden" name="invitation_id" value={inv.id} />
                  <button type="submit" className="btn-secondary px-2 py-1 text-xs" aria-label={`Cancel the invitation of ${inv.email}`}>
                    Cancel
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
