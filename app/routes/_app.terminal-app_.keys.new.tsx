import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { ReaderKeyForm } from "../components/terminal-app/forms";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { createReaderKey, locationChoices, locationFinders, readerKeyBodySchema } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app/keys${new URL(request.url).search}` });

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { locations: await locationChoices(api) };
}

export async function action({ request }: ActionFunctionArgs) {
  const back = `/terminal-app/keys${new URL(request.url).search}`;
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    finders: locationFinders,
    schema: readerKeyBodySchema,
    failure: "Failed to add reader key.",
    hideFields: ["password", "confirm_password"],
    send: (value, { api }) => createReaderKey(api, value),
    success: () => ({ to: back, message: "Reader key added." }),
  });
}

export default function NewReaderKey() {
  const { locations } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Add reader key" closeTo={`/terminal-app/keys${search}`}>
      <ReaderKeyForm locations={locations} cancelTo={`/terminal-app/keys${search}`} label="Add reader key" />
    </Drawer>
  );
}
