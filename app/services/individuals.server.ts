import { individualListSchema, individualResponseSchema, portalInviteResultSchema, type Individual } from "#contract/clients";
import type { FilterDefinition } from "../lib/filter-rules";
import { capitalise, type Words } from "../lib/labels";
import { toApiQuery, type ListState } from "../lib/list-url";
import { finderOf, firstChoices } from "../lib/choice-find";
import type { Api } from "./api.server";
import { can } from "../access/permissions";

export const listIndividuals = (api: Api, state: ListState) => api.get("/individual", { query: toApiQuery(state), schema: individualListSchema });
/** An individual as the list's row shows it (the page's data is written into the document: only what is shown). */
export function individualRow(i: Individual) {
  return {
    id: i.id,
    full_name: i.full_name,
    archived: i.archived,
    email: i.email,
    telephone: i.telephone,
    companies: i.companies.map((c) => ({ company_id: c.company_id, company_name: c.company_name, job_title: c.job_title, is_primary: c.is_primary })),
    owner: i.owner ? { name: i.owner.name } : null,
    portal_invited_at: i.portal_invited_at,
    created_at: i.created_at,
  };
}
export type IndividualRow = ReturnType<typeof individualRow>;

export const getIndividual = async (api: Api, id: string) =>
  (await api.get(`/individual/${encodeURIComponent(id)}`, { schema: individualResponseSchema })).data;
export const createIndividual = (api: Api, body: Record<string, unknown>) => api.post("/individual", { body, schema: individualResponseSchema });
export const updateIndividual = (api: Api, id: string, body: Record<string, unknown>) =>
  api.patch(`/individual/${encodeURIComponent(id)}`, { body, schema: individualResponseSchema });
export const deleteIndividuals = (api: Api, ids: string[]) => api.delete("/individual-bulk-delete", { body: { ids: ids.map(Number) } });
export const archiveIndividuals = (api: Api, ids: string[], archived: boolean) => api.post("/individual/archive", { body: { ids: ids.map(Number), archived } });
export const invitePortal = async (api: Api, ids: string[]) =>
  (await api.post("/individual/portal-invite", { body: { ids: ids.map(Number) }, schema: portalInviteResultSchema })).data;

/** Whether the list shows archived individuals (filter[archived] 1 or all), so 'Restore' is offered. */
export const showsArchived = (state: ListState) => state.filters.archived === "1" || state.filters.archived === "all";

/** The filters of the individuals list. */
export function individualFilters(words: Words): FilterDefinition[] {
  return [
    {
      filterKey: "company_id",
      label: capitalise(words.company),
      type: "autocomplete",
      optionsUrl: "/resources/client-companies",
      itemUrl: "/resources/client-companies",
      placeholder: "Any",
    },
    {
      filterKey: "owner_user_id",
      label: "Looked after by",
      type: "autocomplete",
      optionsUrl: "/resources/company-users",
      itemUrl: "/resources/company-users",
      placeholder: "Anyone",
    },
    {
      filterKey: "portal_invited",
      label: "Invited to the portal",
      type: "select",
      selectOptions: [
        { value: "1", label: "Yes" },
        { value: "0", label: "No" },
      ],
    },
    {
      filterKey: "archived",
      label: "Archived",
      type: "select",
      emptyLabel: "Active only",
      selectOptions: [
        { value: "1", label: "Archived only" },
        { value: "all", label: "Active and archived" },
      ],
    },
  ];
}

/** Whether the user may read the individuals list (the API's rule for GET /individual). */
export const readsIndividuals = (permissions: readonly string[]) => can({ permissions }, "individual_view", "individual_manage");

/** The first individuals for a dropdown without JavaScript, and the search behind its find field. */
export const individualChoices = (api: Api) => firstChoices((query) => individualOptions(api, query));
export const individualFinder = (api: Api) => finderOf((query) => individualOptions(api, query));

/** Individuals as options of the searchable dropdown (20 a page), optionally those not yet linked to a company. */
export async function individualOptions(
  api: Api,
  { search, page = 1, perPage = 20, notLinkedTo }: { search?: string; page?: number; perPage?: number; notLinkedTo?: string },
) {
  const res = await api.get("/individual", {
    query: {
      "filter[search]": search || undefined,
      "page[number]": page,
      "page[size]": perPage,
      sort: "full_name",
      for_linking_to_company_id: notLinkedTo,
    },
    schema: individualListSchema,
  });
  return { options: res.data.map(individualOption), hasMore: res.meta.current_page < res.meta.last_page };
}

export const individualOption = (i: Pick<Individual, "id" | "full_name" | "email">) => ({
  value: String(i.id),
  label: i.email ? `${i.full_name} (${i.email})` : i.full_name,
});
