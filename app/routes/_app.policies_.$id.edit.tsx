import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { PolicyForm } from "../components/policies/policy-form";
import { requirePermission } from "../services/auth.server";
import { idOf } from "../services/ids.server";
import { getPolicy, policyClientOptions } from "../services/policies.server";
import { savePolicyForm } from "../services/policy-form.server";

const detailOf = (id: string) => `/policies/${id}`;
const guard = (request: Request, id: string) => requirePermission(request, "policy_manage", { route: "/policies/:id", back: detailOf(id) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const { api } = await guard(request, id);
  const [policy, clients] = await Promise.all([getPolicy(api, id), policyClientOptions(api)]);
  return { policy, clients };
}

export const action = ({ request, params }: ActionFunctionArgs) => savePolicyForm(request, idOf(params.id));

export default function EditPolicy() {
  const { policy, clients } = useLoaderData<typeof loader>();
  return (
    <Drawer title="Edit policy" closeTo={detailOf(String(policy.id))}>
      <PolicyForm policy={policy} clients={clients} cancelTo={detailOf(String(policy.id))} />
    </Drawer>
  );
}
