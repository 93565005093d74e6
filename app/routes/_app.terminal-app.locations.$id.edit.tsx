import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { LocationForm } from "../components/terminal-app/forms";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { getLocation, locationBodySchema, updateLocation } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app${new URL(request.url).search}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const l = await getLocation(api, params.id!);
  return { name: l.display_name, values: { display_name: l.display_name, line1: l.line1, line2: l.line2 ?? "", city: l.city, postal_code: l.postal_code } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const back = `/terminal-app${new URL(request.url).search}`;
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: locationBodySchema,
    failure: "Failed to save location.",
    send: (value, { api }) => updateLocation(api, params.id!, value),
    success: () => ({ to: back, message: "Location saved." }),
  });
}

export default function EditLocation() {
  const { name, values } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title={`Edit ${name}`} closeTo={`/terminal-app${search}`}>
      <LocationForm values={values} cancelTo={`/terminal-app${search}`} label="Save" />
    </Drawer>
  );
}
