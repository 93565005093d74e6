import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { unlinkIndividual } from "../services/clients.server";
import { getIndividual } from "../services/individuals.server";
import { redirectWithToast } from "../services/session.server";

const ID = /^[1-9]\d{0,9}$/;

async function requireLinkManager(request: Request, params: { id?: string; companyId?: string }) {
  const signedIn = await requireAccess(request, "/individual/:id");
  if (!ID.test(params.id ?? "") || !ID.test(params.companyId ?? "")) throw new Response("Not found", { status: 404 });
  if (!signedIn.subject.permissions.includes("company_manage")) throw redirect(`/individual/${params.id}`);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireLinkManager(request, params);
  const individual = await getIndividual(api, params.id!);
  const link = individual.companies.find((c) => String(c.company_id) === params.companyId);
  if (!link) throw redirect(`/individual/${params.id}`);
  return { name: individual.full_name, company: link.company_name, primary: link.is_primary, back: `/individual/${params.id}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireLinkManager(request, params);
  const back = `/individual/${params.id}`;
  try {
    await unlinkIndividual(api, params.companyId!, params.id!);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to unlink." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Unlinked." });
}

export default function UnlinkCompany() {
  const { name, company, primary, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Unlink"
      message={`Unlink ${name} from ${company}?${primary ? ` ${company} will have no primary contact.` : ""} The job title goes with the link.`}
      cancelTo={back}
      confirmLabel="Unlink"
    />
  );
}
