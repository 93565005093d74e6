import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatDate } from "#common/format";
import { INDIVIDUAL_SORTS } from "#contract/list-sorts";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkActions, DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { companyChoices, companyFinder, companyOption, getCompany, readsCompanies } from "../services/companies.server";
import { individualFilters, individualRow, listIndividuals, showsArchived, type IndividualRow } from "../services/individuals.server";
import { openListPage } from "../services/lists.server";
import { colleagueChoices, colleagueFinder, colleagueOption } from "../services/teams.server";
import { NO_CHOICES } from "../lib/choice-find";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";

/** Individuals (individual customers in smallBusiness): linked company, owner, portal invitation and archived. */
const individualsList = defineList("/individuals", INDIVIDUAL_SORTS, {
  sortable: ["full_name", "email", "created_at", "updated_at"],
  filters: { company_id: {}, owner_user_id: {}, portal_invited: {}, archived: {} },
  defaultSort: { field: "full_name", desc: false },
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.words.Individuals ?? "Individuals", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject, state, page, filters, finds } = await openListPage(request, {
    path: "/individuals",
    listKey: "individuals",
    spec: individualsList.spec,
    rules: individualFilters(wordsFor("flightdeck")),
    filters: (_, { edition }) => individualFilters(wordsFor(edition)),
    fetch: listIndividuals,
    finders: (api, { subject }) => ({
      ...(readsCompanies(subject.permissions) ? { company_id: companyFinder(api) } : {}),
      owner_user_id: colleagueFinder(api, subject.permissions),
    }),
  });
  const words = wordsFor(edition);
  const canReadCompanies = readsCompanies(subject.permissions);
  const chosenCompany = typeof state.filters.company_id === "string" ? state.filters.company_id : null;
  const [companies, chosen, owners] = await Promise.all([
    // The first companies, for the company filter's select without JavaScript.
    canReadCompanies ? companyChoices(api) : NO_CHOICES,
    canReadCompanies && chosenCompany ? getCompany(api, chosenCompany).then(companyOption, () => null) : null,
    colleagueChoices(api, subject.permissions),
  ]);
  const chosenOwner = typeof state.filters.owner_user_id === "string" ? state.filters.owner_user_id : null;
  const owner = chosenOwner ? (owners.options.find((o) => o.value === chosenOwner) ?? (await colleagueOption(api, subject.permissions, chosenOwner))) : null;
  return {
    state,
    page: { data: page.data.map(individualRow), meta: page.meta },
    filters: canReadCompanies ? filters : filters.filter((f) => f.filterKey !== "company_id"),
    autocomplete: {
      company_id: { selected: chosen, initial: companies.options, more: companies.more, find: finds.company_id },
      owner_user_id: { selected: owner, initial: owners.options, more: owners.more, find: finds.owner_user_id },
    },
    words,
    archivedShown: showsArchived(state),
    canManage: can(subject, "individual_manage"),
    canCreate: can(subject, "individual_create", "individual_manage"),
  };
}

/** The bulk form: each button goes to the confirmation of its action for the selected rows. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/individuals",
    permission: "individual_manage",
    intents: {
      delete: { to: "/individuals/delete" },
      archive: { to: "/individuals/archive" },
      restore: { to: "/individuals/archive", params: { restore: "1" } },
      invite: { to: "/individuals/invite" },
    },
  });

export default function IndividualsPage() {
  const { state, page, filters, autocomplete, words, archivedShown, canManage, canCreate } = useLoaderData<typeof loader>();
  const list = listView(individualsList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<IndividualRow, SortField<typeof individualsList>>[] = [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "full_name",
      cell: (i) => (
        <span>
          <Link to={`/individual/${i.id}`} className="font-medium text-brand hover:underline">
            {i.full_name}
          </Link>
          {i.archived ? <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">Archived</span> : null}
        </span>
      ),
    },
    { key: "email", size: "clip", header: "E-mail", sortField: "email", cell: (i) => i.email ?? "—" },
    { key: "telephone", size: "fit", header: "Telephone", cell: (i) => i.telephone ?? "—" },
    {
      key: "companies",
      size: "main",
      header: "Companies",
      cell: (i) =>
        i.companies.length ? (
          <ul className="space-y-0.5">
            {i.companies.slice(0, 3).map((c) => (
              <li key={c.company_id}>
                <Link to={`/company/${c.company_id}`} className="hover:underline">
                  {c.company_name}
                </Link>
                {c.job_title ? <span className="text-slate-500">{` · ${c.job_title}`}</span> : null}
                {c.is_primary ? <span className="ml-1 text-xs font-medium text-emerald-700">(primary)</span> : null}
              </li>
            ))}
            {i.companies.length > 3 ? <li className="text-xs text-slate-500">{`and ${i.companies.length - 3} more`}</li> : null}
          </ul>
        ) : (
          "—"
        ),
    },
    { key: "owner", size: "clip", header: "Looked after by", cell: (i) => i.owner?.name ?? "—" },
    { key: "invited", size: "fit", header: "Portal", cell: (i) => (i.portal_invited_at ? `Invited ${formatDate(i.portal_invited_at)}` : "—") },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (i) => formatDate(i.created_at) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={words.Individuals}
        info={`The people your company works with. Filter, sort and share the address: the list is in the URL.`}
        actions={
          <>
            <ExportButton list={list} type="individuals" />
            {canCreate ? (
              <Link to={`/individuals/new${search}`} className="btn-primary">
                {`ADD ${words.individual.toUpperCase()}`}
              </Link>
            ) : null}
          </>
        }
      />
      <ListBar list={list} search={`Search ${words.individuals}`} filters={filters} autocomplete={autocomplete}>
        {canManage ? (
          <BulkActions formId="individuals-bulk" result={actionData?.bulk}>
            <button type="submit" name="intent" value="invite" className="btn-secondary">
              Invite to portal
            </button>
            <button type="submit" name="intent" value="archive" className="btn-secondary">
              Archive
            </button>
            {archivedShown ? (
              <button type="submit" name="intent" value="restore" className="btn-secondary">
                Restore
              </button>
            ) : null}
            <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700">
              Delete
            </button>
          </BulkActions>
        ) : null}
      </ListBar>
      <DataTable
        caption={words.Individuals}
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(i) => String(i.id)}
        selection={canManage ? { formId: "individuals-bulk", label: (i) => i.full_name } : undefined}
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
