import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { PolicyForm } from "../components/policies/policy-form";
import { requirePermission } from "../services/auth.server";
import { policyClientOptions } from "../services/policies.server";
import { savePolicyForm } from "../services/policy-form.server";

const listOf = (request: Request) => `/policies${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "policy_manage", { route: "/policies", back: listOf(request) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { clients: await policyClientOptions(api) };
}

export const action = ({ request }: ActionFunctionArgs) => savePolicyForm(request, null);

export default function AddPolicy() {
  const { search } = useLocation();
  const { clients } = useLoaderData<typeof loader>();
  return (
    <Drawer title="Add policy" closeTo={`/policies${search}`}>
      <PolicyForm clients={clients} cancelTo={`/policies${search}`} />
    </Drawer>
  );
}
