import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { ProviderForm } from "../components/providers/provider-form";
import { requireAccess } from "../services/auth.server";
import { saveProviderForm } from "../services/provider-form.server";
import { getProvider, providerOptions, updateProvider } from "../services/providers.server";
import { readForm } from "../services/forms.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/providers");
  const [provider, options] = await Promise.all([getProvider(api, params.uuid!), providerOptions(api)]);
  return { provider, options };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Read once, within the upload limit (readForm); kept as typed when the API does not answer.
  return saveProviderForm(request, await readForm(request), (api, body) => updateProvider(api, params.uuid!, body), {
    success: "Provider updated.",
    failure: "Failed to update provider.",
  });
}

export default function EditProvider() {
  const { provider, options } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Edit provider" closeTo={`/providers${search}`}>
      <ProviderForm key={provider.uuid} provider={provider} options={options} cancelTo={`/providers${search}`} />
    </Drawer>
  );
}
