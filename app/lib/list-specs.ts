import type { FilterDefinition } from "./filter-rules";
import type { ListSpec } from "./list-url";

/** The sort fields and filters each list knows; shared by loaders and components (so never in a .server module). */
export const providersListSpec: ListSpec = {
  sortable: ["name", "nominal_code", "created_at"],
  filters: { nominal_code: {} },
  defaultSort: { field: "name", desc: false },
};

export const rolesListSpec: ListSpec = {
  sortable: ["name", "created_at", "users_count"],
  filters: {},
  defaultSort: { field: "name", desc: false },
};

export const teamsListSpec: ListSpec = {
  sortable: ["name", "created_at", "members_count"],
  filters: {},
  defaultSort: { field: "name", desc: false },
};

/** A list spec from a list's filter definitions: date ranges are range filters, dependants carried over. */
export function specFromFilters(filters: readonly FilterDefinition[], sortable: readonly string[], defaultSort: ListSpec["defaultSort"] = null): ListSpec {
  return {
    sortable,
    defaultSort,
    filters: Object.fromEntries(filters.map((f) => [f.filterKey, { range: f.type === "date_range", dependants: f.dependants }])),
  };
}

export const tasksListSpec: ListSpec = {
  sortable: ["name", "priority", "review_status", "created_at", "updated_at", "expected_revenue", "expected_close_date"],
  filters: {
    pipeline_id: { dependants: ["pipeline_stage_id"] },
    pipeline_stage_id: {},
    team_member_id: {},
    team_id: {},
    priority: {},
    review_status: {},
    open: {},
    created_at: { range: true },
    expected_close_date: { range: true },
  },
  defaultSort: { field: "created_at", desc: true },
};

/** Individuals (individual customers in smallBusiness): linked company, owner, portal invitation and archived. */
export const individualsListSpec: ListSpec = {
  sortable: ["full_name", "email", "created_at", "updated_at"],
  filters: { company_id: {}, owner_user_id: {}, portal_invited: {}, archived: {} },
  defaultSort: { field: "full_name", desc: false },
};

/** Companies (company customers in smallBusiness): type, employee size and linked individual. */
export const companiesListSpec: ListSpec = {
  sortable: ["name", "postcode", "created_at", "updated_at"],
  filters: { type_id: {}, employee_size_id: {}, "individuals.id": {} },
  defaultSort: { field: "name", desc: false },
};

/** Pipelines: the status filter (1 active, 0 archived), search by name, sort. */
export const pipelinesListSpec: ListSpec = {
  sortable: ["name", "status", "created_at", "updated_at"],
  filters: { status: {} },
  defaultSort: { field: "name", desc: false },
};
