import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { LocationForm } from "../components/terminal-app/forms";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { createLocation, locationBodySchema } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app${new URL(request.url).search}` });

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const back = `/terminal-app${new URL(request.url).search}`;
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: locationBodySchema,
    failure: "Failed to add location.",
    send: (value, { api }) => createLocation(api, value),
    success: () => ({ to: back, message: "Location added." }),
  });
}

export default function NewLocation() {
  const { search } = useLocation();
  return (
    <Drawer title="Add location" closeTo={`/terminal-app${search}`}>
      <LocationForm cancelTo={`/terminal-app${search}`} label="Add location" />
    </Drawer>
  );
}
