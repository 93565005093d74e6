import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatDate } from "#common/format";
import { COMPANY_SORTS } from "#contract/list-sorts";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { companyTypeOptions, employeeSizeOptions } from "../services/clients.server";
import { companyFilters, companyRow, listCompanies, type CompanyRow } from "../services/companies.server";
import { getIndividual, individualChoices, individualFinder, individualOption, readsIndividuals } from "../services/individuals.server";
import { openListPage } from "../services/lists.server";
import { NO_CHOICES } from "../lib/choice-find";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";

/** Companies (company customers in smallBusiness): type, employee size and linked individual. */
const companiesList = defineList("/companies", COMPANY_SORTS, {
  filters: { type_id: {}, employee_size_id: {}, "individuals.id": {} },
  defaultSort: { field: "name", desc: false },
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.words.Companies ?? "Companies", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject, state, page, filters, finds } = await openListPage(request, {
    path: "/companies",
    listKey: "companies",
    spec: companiesList.spec,
    rules: companyFilters([], []),
    lookups: (api) => Promise.all([companyTypeOptions(api), employeeSizeOptions(api)]),
    filters: ([types, sizes], { subject }) =>
      companyFilters(types, sizes).filter((f) => f.filterKey !== "individuals.id" || readsIndividuals(subject.permissions)),
    fetch: listCompanies,
    finders: (api, { subject }) => ({ ...(readsIndividuals(subject.permissions) ? { "individuals.id": individualFinder(api) } : {}) }),
  });
  const words = wordsFor(edition);
  const canReadIndividuals = readsIndividuals(subject.permissions);
  const chosenIndividual = typeof state.filters["individuals.id"] === "string" ? state.filters["individuals.id"] : null;
  const [individuals, chosen] = await Promise.all([
    // The first individuals, for the linked-individual filter's select without JavaScript.
    canReadIndividuals ? individualChoices(api) : NO_CHOICES,
    canReadIndividuals && chosenIndividual ? getIndividual(api, chosenIndividual).then(individualOption, () => null) : null,
  ]);
  return {
    state,
    page: { data: page.data.map(companyRow), meta: page.meta },
    filters,
    autocomplete: { "individuals.id": { selected: chosen, initial: individuals.options, more: individuals.more, find: finds["individuals.id"] } },
    words,
    canManage: can(subject, "company_manage"),
    canCreate: can(subject, "company_create", "company_manage"),
  };
}

/** 'Delete' of the bulk form: on to the confirmation of the selected rows. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/companies", permission: "company_manage", intents: { delete: { to: "/companies/delete" } } });

export default function CompaniesPage() {
  const { state, page, filters, autocomplete, words, canManage, canCreate } = useLoaderData<typeof loader>();
  const list = listView(companiesList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<CompanyRow, SortField<typeof companiesList>>[] = [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "name",
      cell: (c) => (
        <Link to={`/company/${c.id}`} className="font-medium text-brand hover:underline">
          {c.name}
        </Link>
      ),
    },
    { key: "type", size: "fit", header: "Type", cell: (c) => c.type?.name ?? "—" },
    { key: "size", size: "fit", header: "Employee size", cell: (c) => c.employee_size?.name ?? "—" },
    {
      key: "primary",
      size: "clip",
      title: (c) => c.primary_contact?.full_name,
      header: "Primary contact",
      cell: (c) =>
        c.primary_contact ? (
          <span>
            <Link to={`/individual/${c.primary_contact.id}`} className="hover:underline">
              {c.primary_contact.full_name}
            </Link>
            {c.primary_contact.job_title ? <span className="block text-xs text-slate-500">{c.primary_contact.job_title}</span> : null}
          </span>
        ) : (
          "—"
        ),
    },
    { key: "contacts", size: "fit", header: "Contacts", align: "right", cell: (c) => c.individuals_count },
    { key: "postcode", size: "clip", header: "Town / postcode", sortField: "postcode", cell: (c) => [c.town, c.postcode].filter(Boolean).join(", ") || "—" },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (c) => formatDate(c.created_at) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={words.Companies}
        info="The companies your company works with. Filter, sort and share the address: the list is in the URL."
        actions={
          <>
            <ExportButton list={list} type="companies" />
            {canCreate ? (
              <Link to={`/companies/new${search}`} className="btn-primary">
                {`ADD ${words.company.toUpperCase()}`}
              </Link>
            ) : null}
          </>
        }
      />
      <ListBar list={list} search={`Search ${words.companies}`} filters={filters} autocomplete={autocomplete}>
        {canManage ? <BulkDeleteActions formId="companies-bulk" result={actionData?.bulk} one={words.company} many={words.companies} unknown="Delete" /> : null}
      </ListBar>
      <DataTable
        caption={words.Companies}
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(c) => String(c.id)}
        selection={canManage ? { formId: "companies-bulk", label: (c) => c.name } : undefined}
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
