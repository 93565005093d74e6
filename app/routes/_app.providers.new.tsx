import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { ProviderForm } from "../components/providers/provider-form";
import { requireAccess } from "../services/auth.server";
import { saveProviderForm } from "../services/provider-form.server";
import { createProvider, providerOptions } from "../services/providers.server";
import { readForm } from "../services/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/providers");
  return { options: await providerOptions(api) };
}

export async function action({ request }: ActionFunctionArgs) {
  // Read once, within the upload limit (readForm); kept as typed when the API does not answer.
  return saveProviderForm(request, await readForm(request), (api, body) => createProvider(api, body), {
    success: "Provider created.",
    failure: "Failed to create provider.",
  });
}

export default function AddProvider() {
  const { options } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Add provider" closeTo={`/providers${search}`}>
      <ProviderForm options={options} cancelTo={`/providers${search}`} />
    </Drawer>
  );
}
