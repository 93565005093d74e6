import type { Individual } from "#contract/clients";
import { choiceFieldProps, findFieldName, type Choices } from "#app/lib/choice-find";
import type { DropdownOption } from "#app/lib/filter-rules";
import { DateInput } from "../form/date-input";
import { Field, FormAlert } from "../form/field";
import { SearchableSelect } from "../form/searchable-select";
import { SelectField } from "../form/select-field";
import { AddressFields, FormFooter, OwnerSelect } from "./client-form-parts";
import type { FormState } from "./client-form";
import { Form } from "../form/form";

const KNOWN = [
  "first_name",
  "last_name",
  "email",
  "telephone",
  "date_of_birth",
  "address_line_1",
  "address_line_2",
  "town",
  "county",
  "postcode",
  "owner_user_id",
  "company_id",
  "job_title_id",
  "is_primary",
];

export interface IndividualFormProps {
  individual?: Individual | null;
  state: FormState;
  cancelTo: string;
  submitLabel: string;
  /** On create: link the new person to a company straight away. */
  link?: { jobTitles: DropdownOption[]; companies: Choices; companyLabel: string; companyWord: string } | null;
  /** The first colleagues, for the owner select without JavaScript. */
  owners: Choices;
}

/** The create and edit form of an individual; every rule is the API's, its messages shown under each field. */
export function IndividualForm({ individual, state, cancelTo, submitLabel, link, owners }: IndividualFormProps) {
  const v = (name: string, saved: unknown) => state.value(name, saved);
  return (
    <Form method="post" className="space-y-1" noValidate>
      <FormAlert messages={state.message ? [state.message, ...state.others(KNOWN)] : null} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="individual-first-name"
          name="first_name"
          label="First name"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={v("first_name", individual?.first_name)}
          errors={state.errors("first_name")}
        />
        <Field
          id="individual-last-name"
          name="last_name"
          label="Last name"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={v("last_name", individual?.last_name)}
          errors={state.errors("last_name")}
        />
      </div>
      <Field
        id="individual-email"
        name="email"
        type="email"
        label="E-mail"
        maxLength={254}
        autoComplete="off"
        defaultValue={v("email", individual?.email)}
        errors={state.errors("email")}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="individual-telephone"
          name="telephone"
          type="tel"
          label="Telephone"
          maxLength={20}
          autoComplete="off"
          defaultValue={v("telephone", individual?.telephone)}
          errors={state.errors("telephone")}
        />
        <DateInput
          id="individual-dob"
          name="date_of_birth"
          label="Date of birth"
          defaultValue={v("date_of_birth", individual?.date_of_birth)}
          errors={state.errors("date_of_birth")}
        />
      </div>
      <AddressFields prefix="individual" record={individual} state={state} />
      <OwnerSelect id="individual-owner" record={individual} owners={owners} state={state} />
      {link ? (
        <fieldset className="mt-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">{link.companyLabel} (optional)</legend>
          <SearchableSelect
            id="individual-company"
            name="company_id"
            label={link.companyLabel}
            optionsUrl="/resources/client-companies"
            itemUrl="/resources/client-companies"
            {...choiceFieldProps("company_id", link.companies, {
              findLabel: `Not listed? Type the ${link.companyWord}'s name`,
              current: v("company_id", ""),
              typed: v(findFieldName("company_id"), ""),
              found: state.found,
            })}
            placeholder="None"
            errors={state.errors("company_id")}
          />
          <SelectField
            id="individual-job-title"
            name="job_title_id"
            label="Job title"
            options={link.jobTitles}
            placeholder="No job title"
            defaultValue={v("job_title_id", "")}
            errors={state.errors("job_title_id")}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_primary" defaultChecked={state.checked("is_primary", false)} className="h-4 w-4 rounded border-slate-300" />
            Primary contact of the company
          </label>
        </fieldset>
      ) : null}
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
