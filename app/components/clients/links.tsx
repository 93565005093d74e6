import { Link, useNavigation } from "@remix-run/react";
import type { CompanyLink } from "#contract/clients";
import type { DropdownOption } from "#app/lib/filter-rules";
import { useHydrated } from "#app/lib/use-hydrated";
import { FormAlert } from "../form/field";
import { SearchableSelect } from "../form/searchable-select";
import { SelectField } from "../form/select-field";
import { useClientForm } from "./client-form";
import { Form } from "../form/form";

type Side = "company" | "individual";

export interface LinksTableProps {
  links: CompanyLink[];
  /** What each row names: the companies of an individual, or the individuals of a company. */
  show: Side;
  jobTitles: DropdownOption[];
  canManage: boolean;
  /** Where a row's 'Unlink' goes (a confirmation). */
  unlinkHref: (link: CompanyLink) => string;
  emptyText: string;
}

/** The people of a company or the companies of a person: primary contact, job title, and (to managers) a form per row to change them. */
export function LinksTable({ links, show, jobTitles, canManage, unlinkHref, emptyText }: LinksTableProps) {
  const state = useClientForm("link-update");
  const busy = useNavigation().state === "submitting";
  if (links.length === 0) return <p className="text-sm text-slate-500">{emptyText}</p>;
  const otherId = (l: CompanyLink) => String(show === "company" ? l.company_id : l.individual_id);
  const failedRow = state.message ? state.value(show === "company" ? "company_id" : "individual_id", "") : "";
  return (
    <>
      {failedRow ? <FormAlert messages={[state.message!, ...state.others(["job_title_id", "is_primary", "company_id", "individual_id"])]} /> : null}
      <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" data-links>
        {links.map((l) => {
          const name = show === "company" ? l.company_name : l.full_name;
          const rowFailed = failedRow === otherId(l);
          const rowState = (field: string, saved: unknown) =>
            rowFailed ? state.value(field, saved) : saved === null || saved === undefined ? "" : String(saved);
          return (
            <li key={`${l.company_id}-${l.individual_id}`} className="flex flex-wrap items-center gap-3 px-3 py-3 text-sm" data-link={otherId(l)}>
              <span className="min-w-[12rem] flex-1">
                <Link
                  to={show === "company" ? `/company/${l.company_id}` : `/individual/${l.individual_id}`}
                  className="font-medium text-brand hover:underline"
                >
                  {name}
                </Link>
                {l.is_primary ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Primary contact</span>
                ) : null}
                <span className="block text-xs text-slate-500">
                  {[l.job_title, show === "individual" ? l.email : null, show === "individual" ? l.telephone : null].filter(Boolean).join(" · ") ||
                    "No job title"}
                </span>
              </span>
              {canManage ? (
                <>
                  <Form method="post" className="flex flex-wrap items-center gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="link-update" />
                    <input type="hidden" name={show === "company" ? "company_id" : "individual_id"} value={otherId(l)} />
                    <label className="sr-only" htmlFor={`job-title-${otherId(l)}`}>
                      {`Job title at ${show === "company" ? name : "the company"}${show === "individual" ? ` of ${name}` : ""}`}
                    </label>
                    <select
                      id={`job-title-${otherId(l)}`}
                      name="job_title_id"
                      defaultValue={rowState("job_title_id", l.job_title_id)}
                      className="field-input-sm"
                    >
                      <option value="">No job title</option>
                      {jobTitles.map((j) => (
                        <option key={j.value} value={j.value}>
                          {j.label}
                        </option>
                      ))}
                    </select>
                    <label className="flex items-center gap-1.5 text-xs">
                      <input
                        type="checkbox"
                        name="is_primary"
                        defaultChecked={rowFailed ? state.checked("is_primary", l.is_primary) : l.is_primary}
                        className="h-4 w-4 rounded border-slate-300"
                        aria-label={`Primary contact: ${name}`}
                      />
                      Primary
                    </label>
                    <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={busy} aria-label={`Save the link with ${name}`}>
                      Save
                    </button>
                  </Form>
                  <Link to={unlinkHref(l)} className="btn-secondary px-2 py-1 text-xs text-red-700" preventScrollReset aria-label={`Unlink ${name}`}>
                    Unlink
                  </Link>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

export interface LinkFormProps {
  /** What is chosen: a company (on an individual's page) or an individual (on a company's page). */
  choose: Side;
  label: string;
  optionsUrl: string;
  itemUrl: string;
  /** Options of the select without JavaScript: the search result of `searchParam`, or the first ones. */
  initialOptions: DropdownOption[];
  /** The query parameter of the no-JavaScript search form, and its current value. */
  searchParam: string;
  searchValue: string;
  jobTitles: DropdownOption[];
  /** Changes after each successful link, so the form starts empty again. */
  resetKey: string | number;
}

/**
 * Links a company and an individual: a searchable dropdown, a job title and the primary-contact box.
 * Without JavaScript the dropdown is a select of the first matches, and a search form above it narrows them.
 */
export function LinkForm({ choose, label, optionsUrl, itemUrl, initialOptions, searchParam, searchValue, jobTitles, resetKey }: LinkFormProps) {
  const state = useClientForm("link");
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const name = choose === "company" ? "company_id" : "individual_id";
  return (
    <div key={resetKey} className="mt-4 space-y-3 rounded-md bg-slate-50 p-4" data-link-form>
      {hydrated ? null : (
        <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <div>
            <label htmlFor={`${name}-search`} className="field-label">
              {`Find ${choose === "company" ? "a company" : "an individual"}`}
            </label>
            <input id={`${name}-search`} type="search" name={searchParam} defaultValue={searchValue} maxLength={200} className="field-input w-64" />
          </div>
          <button type="submit" className="btn-secondary">
            Find
          </button>
        </Form>
      )}
      <Form method="post" className="space-y-1" preventScrollReset>
        <input type="hidden" name="intent" value="link" />
        <FormAlert messages={state.message ? [state.message, ...state.others([name, "job_title_id", "is_primary"])] : null} />
        <SearchableSelect
          id={`link-${name}`}
          name={name}
          label={label}
          optionsUrl={optionsUrl}
          itemUrl={itemUrl}
          initialOptions={initialOptions}
          defaultValue={state.value(name, "") || null}
          placeholder={hydrated ? "Search by name" : initialOptions.length ? "Choose…" : "No matches: search again"}
          required
          errors={state.errors(name)}
        />
        <div className="flex flex-wrap items-end gap-4">
          <SelectField
            id={`link-job-title`}
            name="job_title_id"
            label="Job title"
            options={jobTitles}
            placeholder="No job title"
            defaultValue={state.value("job_title_id", "")}
            errors={state.errors("job_title_id")}
            className="w-64"
          />
          <label className="mb-7 flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_primary" defaultChecked={state.checked("is_primary", false)} className="h-4 w-4 rounded border-slate-300" />
            Primary contact
          </label>
          <button type="submit" className="btn-primary mb-6" disabled={busy}>
            Link
          </button>
        </div>
      </Form>
    </div>
  );
}
