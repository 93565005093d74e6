import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import type { RolePermission } from "#contract/roles";
import { permissionLabel } from "#contract/permissions";
import { FormAlert } from "../components/form/field";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess, requirePermission } from "../services/auth.server";
import { getRole, rolePermissions, rolePermissionsBodySchema, saveRolePermissions } from "../services/roles.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";
import { ApiValidationError } from "../services/api.server";
import { checkForm, keepOnOutage, refuseForm } from "../services/form-action.server";
import { SAVE_INTENT, useLastResult } from "../components/form/form-answer";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";
import { can } from "../access/permissions";
import { Icon } from "../components/ui/icon";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `${data.role.name} permissions` : "Role permissions", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/role-permissions/:id");
  const [role, permissions] = await Promise.all([getRole(api, params.id!), rolePermissions(api, params.id!)]);
  const groups = new Map<string, RolePermission[]>();
  for (const p of permissions) groups.set(p.permission.permission_group.name, [...(groups.get(p.permission.permission_group.name) ?? []), p]);
  return { role: { id: role.id, name: role.name }, groups: [...groups].map(([name, items]) => ({ name, items })), canManage: can(subject, "role_manage") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const chosen = [...new Set(form.getAll("permissions").map(String))];
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api } = await requirePermission(request, "role_manage", { route: "/role-permissions/:id", back: `/role-permissions/${params.id}` });
    const checked = checkForm({ permissions: chosen }, rolePermissionsBodySchema);
    if (!checked.ok) return refuseForm(SAVE_INTENT, form, { formErrors: [...Object.values(checked.errors).flat(), ...checked.formErrors] });
    try {
      await saveRolePermissions(api, params.id!, checked.value.permissions);
    } catch (error) {
      // The API says why (a permission that cannot be removed): its message is the form's.
      if (!(error instanceof ApiValidationError)) throw error;
      return refuseForm(SAVE_INTENT, form, { formErrors: [error.body.message] });
    }
    return redirectWithToast(request, `/role-permissions/${params.id}`, { kind: "success", message: "Permissions saved." });
  });
}

/** A role's permissions by group (the permission groups), each by its name for people ("View tasks"): tick and save;
 * permissions that cannot be removed are shown locked. The machine key is only the box's value (and its hover title). */
export default function RolePermissionsPage() {
  const { role, groups, canManage } = useLoaderData<typeof loader>();
  const refused = useLastResult()?.error?.[""] ?? undefined;
  const frame = useFrame();
  const saving = useNavigation().state === "submitting";
  const held = groups.reduce((n, g) => n + g.items.filter((i) => i.has_permission).length, 0);
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={`${role.name}: permissions`}
        backTo="/roles"
        description={`${held} ${held === 1 ? "permission" : "permissions"} granted. Users holding this role get every permission ticked here.`}
      />
      <Form method="post" className="space-y-4">
        <FormAlert messages={refused} />
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {groups.map((group) => (
            <fieldset key={group.name} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <legend className="px-1 text-sm font-semibold">{group.name}</legend>
              <ul className="mt-2 space-y-1">
                {group.items.map(({ permission, has_permission, can_be_removed }) => {
                  const locked = has_permission && !can_be_removed;
                  return (
                    <li key={permission.id}>
                      <label className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="permissions"
                          value={permission.name}
                          defaultChecked={has_permission}
                          disabled={!canManage || locked}
                          className="h-4 w-4 rounded border-slate-300"
                        />
                        {/* A disabled box is not sent: a locked permission travels as a hidden field. */}
                        {locked && canManage ? <input type="hidden" name="permissions" value={permission.name} /> : null}
                        <span title={permission.name}>{permissionLabel(permission.name)}</span>
                        {locked ? (
                          <span
                            className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600"
                            title="This permission cannot be removed from this role"
                          >
                            <Icon name="lock" className="h-3.5 w-3.5" />
                            Locked
                          </span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
        {canManage ? (
          <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3">
            <button type="reset" className="btn-secondary">
              <Icon name="rotate-ccw" />
              Reset
            </button>
            <button type="submit" className="btn-primary" disabled={saving}>
              <Icon name="save" />
              {saving ? "Saving…" : "Save permissions"}
            </button>
          </div>
        ) : null}
      </Form>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
