import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Suspense } from "react";
import { PROFILE_PHOTO_FIELD } from "#common/profile-payload";
import { Drawer } from "../components/drawer";
import type { UnsavedForm } from "../lib/unsaved-form";
import { PageHeader } from "../components/frame/page-header";
import { profileFormOnServer } from "../components/profile/profile-form.server";
import { parseProfileSubmission } from "../components/profile/profile-submission.server";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { safeReturnPath } from "../access/account-menu";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { requireUser } from "../services/auth.server";
import { readForm } from "../services/forms.server";
import { answerOutage, OUTAGE_MESSAGE } from "../services/outage.server";
import { updateProfile } from "../services/profile.server";
import { useFrame } from "./_app";
import { replyForm } from "../services/form-action.server";
import { SAVE_INTENT } from "../components/form/form-answer";

export const meta: MetaFunction = ({ matches }) => pageTitle("Personal profile", matches);

/** Where the drawer closes to: the page it was opened on (`?from=`), or the dashboard. */
function closeToOf(url: URL): string {
  const from = safeReturnPath(url.searchParams.get("from"));
  return from && !from.startsWith("/profile") ? from : "/dashboard";
}

/**
 * /profile: the 'Edit Profile' drawer (spec, Profile drawer), opened from the account menu's
 * 'Personal profile' with `?from=` the page it was opened on; Cancel, Done and ✕ go back there. Under
 * the drawer, the user's details and roles (where a 'New role' notification leads).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const url = new URL(request.url);
  return {
    user: {
      id: user.id,
      name: user.name,
      last_name: user.last_name,
      email: user.email,
      telephone: user.telephone,
      profile_photo_path: user.profile_photo_path,
      pin_is_allowed: user.pin_is_allowed,
      has_pin: user.has_pin,
    },
    details: [
      ["Name", user.full_name],
      ["Email", user.email],
      ["Telephone", user.telephone ?? "—"],
      ["Company", user.company.name],
    ] as const,
    roles: user.roles.map((r) => ({ name: r.name, permissions: r.permissions.length })),
    closeTo: closeToOf(url),
  };
}

/** Secrets and the file are never sent back into the form. */
const HIDDEN = ["current_password", "password", "password_confirmation", "pin", "confirm_pin", PROFILE_PHOTO_FIELD];

export async function action({ request }: ActionFunctionArgs) {
  const { form, tooLarge } = await readForm(request);
  const submission = parseProfileSubmission(form);
  const refuse = (fieldErrors: Record<string, string[]>, formErrors: string[], status: 422 | 503 = 422, unsaved?: UnsavedForm) =>
    replyForm(SAVE_INTENT, submission.reply({ fieldErrors, formErrors, hideFields: HIDDEN }), { status, unsaved });
  // When the API does not answer (the guard's /me or the save), the form comes back as typed (secrets left out).
  return answerOutage(
    form,
    async () => {
      const { api, user } = await requireUser(request);
      if (tooLarge) return refuse({ [PROFILE_PHOTO_FIELD]: ["The profile photo may not be larger than 2 MB."] }, []);
      const outcome = await updateProfile(api, user, form);
      // Saved: the drawer says so in place of the form (the form protocol's answer, and `success`).
      if (outcome.ok) return { form: { intent: SAVE_INTENT, result: submission.reply({ resetForm: true }) }, success: true, notice: outcome.notice };
      return refuse(outcome.fieldErrors, outcome.formErrors);
    },
    (unsaved) => refuse({}, [OUTAGE_MESSAGE], 503, unsaved),
  );
}

// The form (with conform, its photo preview and PIN section) and the success message are an island: the server
// renders them, the browser hydrates them once their chunk has arrived.
const profileForm = island(() => import("../components/profile/profile-form"), profileFormOnServer);

type ProfileFormProps = Parameters<typeof profileFormOnServer.ProfileForm>[0];

function DrawerContent({ success, notice, ...form }: ProfileFormProps & { success: boolean; notice?: string | null; formKey: string }) {
  const { ProfileForm, ProfileSuccess } = profileForm.read();
  if (success) return <ProfileSuccess closeTo={form.closeTo} notice={notice} />;
  // A new key per visit: reopening (or Cancel, then reopening) starts from the saved values.
  const { formKey, ...props } = form;
  return <ProfileForm key={formKey} {...props} />;
}

export default function ProfileDrawer() {
  const { user, details, roles, closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const frame = useFrame();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/profile") === true;
  const self = `${location.pathname}${location.search}`;
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Personal profile" />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Details</h2>
          <dl className="mt-4 divide-y divide-slate-100">
            {details.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-4 py-2 text-sm">
                <dt className="text-slate-500">{label}</dt>
                <dd className="col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Roles</h2>
          <ul className="mt-4 space-y-2 text-sm" data-profile-roles>
            {roles.map((r) => (
              <li key={r.name}>
                <span className="font-medium">{r.name}</span> <span className="text-slate-500">({r.permissions} permissions)</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <Drawer title="Edit Profile" closeTo={closeTo} dismissible={!saving}>
        <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
          <DrawerContent
            success={actionData !== undefined && "success" in actionData && actionData.success === true}
            notice={actionData && "notice" in actionData ? actionData.notice : null}
            formKey={location.key}
            user={user}
            closeTo={closeTo}
            action={self}
            saving={saving}
          />
        </Suspense>
      </Drawer>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
