import { NO_CHOICES } from "../lib/choice-find";
import type { SalesKind } from "../components/sales/kinds";
import { SALES_KINDS } from "../components/sales/kinds";
import { SALES_LISTS } from "../components/sales/lists";
import { can } from "../access/permissions";
import { companyChoices, companyFinder, companyOption, getCompany, readsCompanies } from "./companies.server";
import { getIndividual, individualChoices, individualFinder, individualOption, readsIndividuals } from "./individuals.server";
import { openListPage } from "./lists.server";
import { documentFilters, documentRow, listDocuments } from "./sales-documents.server";

const emptyMeta = (perPage: number) => ({ current_page: 1, last_page: 1, per_page: perPage, total: 0 });

/**
 * The loader of a quotes or invoices list: the list kit (URL state, remembered list, canonical address), the
 * filters (the client filters only for a user who may read those clients), the chosen clients' names.
 */
export async function documentListLoader(request: Request, kind: SalesKind) {
  const spec = SALES_LISTS[kind].spec;
  const k = SALES_KINDS[kind];
  const { api, subject, state, page, filters, finds } = await openListPage(request, {
    path: k.portal,
    listKey: k.listKey,
    spec,
    rules: documentFilters(kind),
    filters: (_none, { subject }) =>
      documentFilters(kind).filter(
        (f) =>
          (f.filterKey !== "individual_id" || readsIndividuals(subject.permissions)) && (f.filterKey !== "company_id" || readsCompanies(subject.permissions)),
      ),
    // A user who holds only the list's other permissions (the accounting-synced invoices') sees no simple ones.
    fetch: (api, state) =>
      listDocuments(api, kind, state).catch((error: unknown) => {
        if (error instanceof Response && error.status === 403)
          return { data: [], meta: emptyMeta(state.perPage), links: { first: "", last: "", prev: null, next: null } };
        throw error;
      }),
    finders: (api, { subject }) => ({
      ...(readsIndividuals(subject.permissions) ? { individual_id: individualFinder(api) } : {}),
      ...(readsCompanies(subject.permissions) ? { company_id: companyFinder(api) } : {}),
    }),
  });
  const seesIndividuals = readsIndividuals(subject.permissions);
  const seesCompanies = readsCompanies(subject.permissions);
  const chosen = (key: string) => (typeof state.filters[key] === "string" ? (state.filters[key] as string) : null);
  const individual = chosen("individual_id");
  const company = chosen("company_id");
  const [individuals, companies, individualSelected, companySelected] = await Promise.all([
    seesIndividuals ? individualChoices(api) : NO_CHOICES,
    seesCompanies ? companyChoices(api) : NO_CHOICES,
    seesIndividuals && individual ? getIndividual(api, individual).then(individualOption, () => null) : null,
    seesCompanies && company ? getCompany(api, company).then(companyOption, () => null) : null,
  ]);
  return {
    state,
    page: { data: page.data.map(documentRow), meta: page.meta },
    filters,
    autocomplete: {
      individual_id: { selected: individualSelected, initial: individuals.options, more: individuals.more, find: finds.individual_id },
      company_id: { selected: companySelected, initial: companies.options, more: companies.more, find: finds.company_id },
    },
    canManage: can(subject, k.manage),
    canDelete: can(subject, k.remove),
  };
}
