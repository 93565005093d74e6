import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { policyBodySchema } from "#contract/policies";
import { Drawer } from "../components/drawer";
import { PolicyForm } from "../components/policies/policy-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { createPolicy, policyClientOptions } from "../services/policies.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/policies${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "policy_manage", { route: "/policies", back: listOf(request) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { clients: await policyClientOptions(api) };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: policyBodySchema,
    failure: "Failed to create policy.",
    send: (value, { api }) => createPolicy(api, value),
    success: (saved) => ({ to: `/policies/${saved.data.id}`, message: "Policy created." }),
  });
}

export default function AddPolicy() {
  const { search } = useLocation();
  const { clients } = useLoaderData<typeof loader>();
  return (
    <Drawer title="Add policy" closeTo={`/policies${search}`}>
      <PolicyForm clients={clients} cancelTo={`/policies${search}`} />
    </Drawer>
  );
}
