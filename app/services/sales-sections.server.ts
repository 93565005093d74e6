import type { AccessSubject } from "#contract/portal-routes";
import { can } from "../access/permissions";
import type { Api } from "./api.server";
import { documentRow, documentsFor } from "./sales-documents.server";

export type SalesOwner = { kind: "individual" | "company" | "task"; id: string };

const FILTER = { individual: "individual_id", company: "company_id", task: "task_id" } as const;
const PAGE = { individual: "/individual", company: "/company", task: "/tasks" } as const;

/**
 * The quotes and invoices of an individual, a company or a task, for the section of its page: the newest few of
 * each the user may read, their counts, and the New links pre-filled with that client (or task). A list the user
 * may not read is left out (null).
 */
export async function salesSection(api: Api, subject: AccessSubject, owner: SalesOwner) {
  const filter = { [FILTER[owner.kind]]: owner.id };
  const read = (kind: "quote" | "invoice") =>
    can(subject, kind === "quote" ? "quote_view" : "invoice_view")
      ? documentsFor(api, kind, filter, 5).then(
          (page) => ({ rows: page.data.map(documentRow), total: page.meta.total }),
          () => null,
        )
      : Promise.resolve(null);
  const [quotes, invoices] = await Promise.all([read("quote"), read("invoice")]);
  const from = `${PAGE[owner.kind]}/${owner.id}`;
  const preset = new URLSearchParams({ [owner.kind]: owner.id, from }).toString();
  return {
    owner,
    quotes,
    invoices,
    newQuote: can(subject, "quote_manage") ? `/quotes/new?${preset}` : null,
    newInvoice: can(subject, "invoice_manage") ? `/invoices/new?${preset}` : null,
    listQuery: `filter[${FILTER[owner.kind]}]=${owner.id}`,
  };
}
export type SalesSectionData = Awaited<ReturnType<typeof salesSection>>;
