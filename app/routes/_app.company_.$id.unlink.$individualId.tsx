import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { unlinkIndividual } from "../services/clients.server";
import { getCompany } from "../services/companies.server";
import { redirectWithToast } from "../services/session.server";

const ID = /^[1-9]\d{0,9}$/;

async function requireManage(request: Request, params: { id?: string; individualId?: string }) {
  const signedIn = await requireAccess(request, "/company/:id");
  if (!ID.test(params.id ?? "") || !ID.test(params.individualId ?? "")) throw new Response("Not found", { status: 404 });
  if (!signedIn.subject.permissions.includes("company_manage")) throw redirect(`/company/${params.id}`);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireManage(request, params);
  const company = await getCompany(api, params.id!);
  const link = company.individuals.find((l) => String(l.individual_id) === params.individualId);
  if (!link) throw redirect(`/company/${params.id}`);
  return { name: link.full_name, company: company.name, primary: link.is_primary, back: `/company/${params.id}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireManage(request, params);
  const back = `/company/${params.id}`;
  try {
    await unlinkIndividual(api, params.id!, params.individualId!);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to unlink." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Unlinked." });
}

export default function UnlinkIndividual() {
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
