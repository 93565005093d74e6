import {
  bankValidationResponseSchema,
  companyDetailResponseSchema,
  companyListSchema,
  companyResponseSchema,
  complianceResponseSchema,
  lineResponseSchema,
  lineSplitSummarySchema,
  type Company,
} from "#contract/clients";
import type { DropdownOption, FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import { finderOf, firstChoices } from "../lib/choice-find";
import type { Api } from "./api.server";
import { field, ticked } from "../lib/client-forms";
import { chosenFile } from "./forms.server";
import { companyTypeOptions, employeeSizeOptions, industriesWithTrades } from "./clients.server";
import { colleagueChoices } from "./teams.server";
import { can } from "../access/permissions";

/** The fixed choices of the company forms (passed to the page by its loader, so zod stays on the server). */
export { LINE_TYPES, PREFERRED_CHANNELS, RISK_RATINGS, SPLIT_PARTY_TYPES } from "#contract/clients";

const at = (id: string | number) => encodeURIComponent(String(id));

export const listCompanies = (api: Api, state: ListState) => api.get("/companies", { query: toApiQuery(state), schema: companyListSchema });

/**
 * A company as the list's row shows it. The page's data is written into the document: a whole company would carry
 * its bank account, broker data and consents into every list page, shown or not.
 */
export function companyRow(c: Company) {
  return {
    id: c.id,
    name: c.name,
    type: c.type ? { name: c.type.name } : null,
    employee_size: c.employee_size ? { name: c.employee_size.name } : null,
    primary_contact: c.primary_contact ? { id: c.primary_contact.id, full_name: c.primary_contact.full_name, job_title: c.primary_contact.job_title } : null,
    individuals_count: c.individuals_count,
    town: c.town,
    postcode: c.postcode,
    created_at: c.created_at,
  };
}
export type CompanyRow = ReturnType<typeof companyRow>;
export const getCompany = async (api: Api, id: string) => (await api.get(`/company/${at(id)}`, { schema: companyDetailResponseSchema })).data;
export const createCompany = (api: Api, body: Record<string, unknown>) => api.post("/company", { body, schema: companyResponseSchema });
export const updateCompany = (api: Api, id: string, body: Record<string, unknown>) =>
  api.post(`/company/${at(id)}`, { body, schema: companyDetailResponseSchema });
export const deleteCompanies = (api: Api, ids: string[]) => api.delete("/company-bulk-delete", { body: { ids: ids.map(Number) } });

/** The filters of the companies list: type, employee size and a linked individual (searchable). */
export function companyFilters(types: DropdownOption[], sizes: DropdownOption[]): FilterDefinition[] {
  return [
    { filterKey: "type_id", label: "Type", type: "select", selectOptions: types },
    { filterKey: "employee_size_id", label: "Employee size", type: "select", selectOptions: sizes },
    {
      filterKey: "individuals.id",
      label: "Linked individual",
      type: "autocomplete",
      optionsUrl: "/resources/client-individuals",
      itemUrl: "/resources/client-individuals",
      placeholder: "Anyone",
    },
  ];
}

/** Companies as options of the searchable dropdown (20 a page), by name. */
export async function companyOptions(api: Api, { search, page = 1, perPage = 20 }: { search?: string; page?: number; perPage?: number }) {
  const res = await api.get("/companies", {
    query: { "filter[search]": search || undefined, "page[number]": page, "page[size]": perPage, sort: "name" },
    schema: companyListSchema,
  });
  return { options: res.data.map(companyOption), hasMore: res.meta.current_page < res.meta.last_page };
}

/** Whether the user may read the company list (the API's rule for GET /companies). */
export const readsCompanies = (permissions: readonly string[]) => can({ permissions }, "company_view", "company_manage");

/** The first companies for a dropdown without JavaScript, and the search behind its find field. */
export const companyChoices = (api: Api) => firstChoices((query) => companyOptions(api, query));
export const companyFinder = (api: Api) => finderOf((query) => companyOptions(api, query));

export const companyOption = (c: Pick<Company, "id" | "name" | "postcode">) => ({
  value: String(c.id),
  label: c.postcode ? `${c.name} (${c.postcode})` : c.name,
});

/** The choices of the company form: types, employee sizes, industries with their trades, and the first colleagues. */
export async function companyLookups(api: Api, permissions: readonly string[]) {
  const [types, sizes, industries, owners] = await Promise.all([
    companyTypeOptions(api),
    employeeSizeOptions(api),
    industriesWithTrades(api),
    colleagueChoices(api, permissions),
  ]);
  return { types, sizes, industries, owners };
}

// --- Bank account, broker data, communication details, branding ---------------------------------------------------

export interface BankFields {
  account_name: string;
  account_number: string;
  sort_code: string;
}

export const bankFields = (form: FormData): BankFields => ({
  account_name: field(form, "account_name"),
  account_number: field(form, "account_number"),
  sort_code: field(form, "sort_code"),
});

/** GET /company/validate-bank-account-details: { valid, errors } with a message list per field. */
export const validateBankDetails = (api: Api, bank: BankFields) =>
  api.get("/company/validate-bank-account-details", { query: { ...bank }, schema: bankValidationResponseSchema });

export const saveBankDetails = (api: Api, id: string, bank: BankFields) =>
  api.post(`/company/${at(id)}/bank-account-details`, { body: bank, schema: companyDetailResponseSchema });

/** The broker data form's body. */
export const brokerBody = (form: FormData) => ({
  fca_number: field(form, "fca_number"),
  network: field(form, "network"),
  appointed_representative: ticked(form, "appointed_representative"),
  principal_firm: field(form, "principal_firm"),
});

export const saveBrokerData = (api: Api, id: string, body: ReturnType<typeof brokerBody>) =>
  api.post(`/company/${at(id)}/broker-data`, { body, schema: companyDetailResponseSchema });

export const MARKETING_FIELDS = ["marketing_email", "marketing_sms", "marketing_telephone", "marketing_post"] as const;

/** The whole communication form's body (an unticked box is false). */
export const communicationBody = (form: FormData): Record<string, string | boolean> => ({
  preferred_channel: field(form, "preferred_channel"),
  ...Object.fromEntries(MARKETING_FIELDS.map((f) => [f, ticked(form, f)])),
});

export const saveCommunication = (api: Api, id: string, body: Record<string, string | boolean>) =>
  api.post(`/company/${at(id)}/communication-details`, { body, schema: companyDetailResponseSchema });

/** The branding form's text fields, as the API reads them beside the files. */
export const brandingFields = (form: FormData) => ({
  company_branding_colour: field(form, "company_branding_colour"),
  ...(ticked(form, "remove_logo") ? { remove_logo: "1" } : {}),
  ...(ticked(form, "remove_icon") ? { remove_icon: "1" } : {}),
});

/** The branding form's multipart body: its text fields and the files chosen (logo, icon). */
export function brandingBody(form: FormData): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(brandingFields(form))) body.set(name, value);
  for (const name of ["logo", "icon"]) {
    const file = chosenFile(form, name);
    if (file) body.set(name, file, file.name);
  }
  return body;
}

/** Multipart: logo, icon, company_branding_colour, remove_logo, remove_icon. */
export const saveBranding = (api: Api, id: string, body: FormData) => api.post(`/company/${at(id)}/branding`, { body, schema: companyDetailResponseSchema });

// --- Compliance ---------------------------------------------------------------------------------------------------

export const getCompliance = async (api: Api, id: string) =>
  (await api.get(`/company/${at(id)}/compliance-information`, { schema: complianceResponseSchema })).data;

/** The compliance form's body: the whole form. */
export const complianceBody = (form: FormData) => ({
  aml_checked_at: field(form, "aml_checked_at"),
  sanctions_checked_at: field(form, "sanctions_checked_at"),
  risk_rating: field(form, "risk_rating"),
  politically_exposed: ticked(form, "politically_exposed"),
  next_review_at: field(form, "next_review_at"),
  notes: field(form, "notes"),
});

export const saveCompliance = (api: Api, id: string, body: ReturnType<typeof complianceBody>) =>
  api.post(`/company/${at(id)}/compliance-information`, { body, schema: complianceResponseSchema });

// --- Lines and their splits ------------------------------------------------------------------------------------------

export const lineSummary = async (api: Api, id: string) => (await api.get(`/companies/${at(id)}/lines-split`, { schema: lineSplitSummarySchema })).data;
export const createLine = (api: Api, id: string, body: Record<string, unknown>) => api.post(`/companies/${at(id)}/lines`, { body, schema: lineResponseSchema });
export const updateLine = (api: Api, id: string, lineId: string, body: Record<string, unknown>) =>
  api.post(`/companies/${at(id)}/lines/${at(lineId)}`, { body, schema: lineResponseSchema });
export const deleteLine = (api: Api, id: string, lineId: string) => api.delete(`/companies/${at(id)}/lines/${at(lineId)}`);

export { lineBody, splitErrorsByRow } from "../lib/client-forms";
