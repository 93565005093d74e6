import { policyBodySchema } from "#contract/policies";
import { requirePermission } from "./auth.server";
import { submitForm } from "./form-action.server";
import { createPolicy, updatePolicy } from "./policies.server";
import { formOf } from "./submission.server";

/**
 * The add and edit forms' action, kept on the server: the contract's zod schema must not reach the drawers' page
 * JavaScript (tests/e2e/bundle.spec.ts). `id` null adds a policy (to its page), otherwise updates that one.
 */
export async function savePolicyForm(request: Request, id: string | null) {
  const back = id ? `/policies/${id}` : `/policies${new URL(request.url).search}`;
  const guard = () => requirePermission(request, "policy_manage", { route: id ? "/policies/:id" : "/policies", back });
  return submitForm(request, {
    form: await formOf(request),
    guard,
    schema: policyBodySchema,
    failure: id ? "Failed to update policy." : "Failed to create policy.",
    send: (value, { api }) => (id ? updatePolicy(api, id, value) : createPolicy(api, value)),
    success: (saved) => (id ? { to: back, message: "Policy updated." } : { to: `/policies/${saved.data.id}`, message: "Policy created." }),
  });
}
