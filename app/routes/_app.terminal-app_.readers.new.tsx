import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { ReaderForm } from "../components/terminal-app/forms";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { locationChoices, locationFinders, pinStatus, readerBodySchema, registerReader } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app/readers${new URL(request.url).search}` });

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const [locations, pin] = await Promise.all([locationChoices(api), pinStatus(api)]);
  return { locations, sandbox: pin.provider === "sandbox" };
}

export async function action({ request }: ActionFunctionArgs) {
  const back = `/terminal-app/readers${new URL(request.url).search}`;
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    finders: locationFinders,
    schema: readerBodySchema,
    failure: "Failed to register reader.",
    send: (value, { api }) => registerReader(api, value),
    success: () => ({ to: back, message: "Reader registered." }),
  });
}

export default function NewReader() {
  const { locations, sandbox } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Register reader" closeTo={`/terminal-app/readers${search}`}>
      <ReaderForm locations={locations} sandbox={sandbox} cancelTo={`/terminal-app/readers${search}`} />
    </Drawer>
  );
}
