import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { ReaderKeyForm } from "../components/terminal-app/forms";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { getReaderKey, locationChoices, locationFinders, locationOption, readerKeyBodySchema, updateReaderKey } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app/keys${new URL(request.url).search}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const [key, locations] = await Promise.all([getReaderKey(api, params.id!), locationChoices(api)]);
  return {
    name: key.reader_name,
    values: { location_id: String(key.location.id), reader_name: key.reader_name },
    location: locationOption(key.location),
    locations,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const back = `/terminal-app/keys${new URL(request.url).search}`;
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    finders: locationFinders,
    schema: readerKeyBodySchema,
    failure: "Failed to save reader key.",
    hideFields: ["password", "confirm_password"],
    send: (value, { api }) => updateReaderKey(api, params.id!, value),
    success: () => ({ to: back, message: "Reader key saved." }),
  });
}

export default function EditReaderKey() {
  const { name, values, location, locations } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title={`Edit ${name}`} closeTo={`/terminal-app/keys${search}`}>
      <ReaderKeyForm values={values} locations={locations} location={location} cancelTo={`/terminal-app/keys${search}`} label="Save" editing />
    </Drawer>
  );
}
