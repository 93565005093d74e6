import type { Company } from "#contract/clients";
import type { Choices } from "#app/lib/choice-find";
import type { DropdownOption } from "#app/lib/filter-rules";
import { Field, FieldFrame, FormAlert, fieldAria } from "../form/field";
import { SelectField } from "../form/select-field";
import { AddressFields, FormFooter, OwnerSelect } from "./client-form-parts";
import type { FormState } from "./client-form";
import { Form } from "../form/form";

const KNOWN = [
  "name",
  "type_id",
  "employee_size_id",
  "industry_id",
  "trade_id",
  "registration_number",
  "website",
  "email",
  "telephone",
  "address_line_1",
  "address_line_2",
  "town",
  "county",
  "postcode",
  "owner_user_id",
];

export interface CompanyLookups {
  types: DropdownOption[];
  sizes: DropdownOption[];
  industries: (DropdownOption & { trades: DropdownOption[] })[];
  /** The first colleagues, for the owner select without JavaScript. */
  owners: Choices;
}

export interface CompanyFormProps {
  company?: Company | null;
  lookups: CompanyLookups;
  state: FormState;
  cancelTo: string;
  submitLabel: string;
}

/** The create and edit form of a client company; the trade list is grouped by industry (a trade of another industry is refused by the API). */
export function CompanyForm({ company, lookups, state, cancelTo, submitLabel }: CompanyFormProps) {
  const v = (name: string, saved: unknown) => state.value(name, saved);
  const tradeErrors = state.errors("trade_id");
  return (
    <Form method="post" className="space-y-1" noValidate>
      <FormAlert messages={state.message ? [state.message, ...state.others(KNOWN)] : null} />
      <Field
        id="company-name"
        name="name"
        label="Name"
        required
        maxLength={255}
        autoComplete="off"
        defaultValue={v("name", company?.name)}
        errors={state.errors("name")}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="company-type"
          name="type_id"
          label="Type"
          options={lookups.types}
          placeholder="Not set"
          defaultValue={v("type_id", company?.type_id)}
          errors={state.errors("type_id")}
        />
        <SelectField
          id="company-size"
          name="employee_size_id"
          label="Employee size"
          options={lookups.sizes}
          placeholder="Not set"
          defaultValue={v("employee_size_id", company?.employee_size_id)}
          errors={state.errors("employee_size_id")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="company-industry"
          name="industry_id"
          label="Industry"
          options={lookups.industries.map(({ value, label }) => ({ value, label }))}
          placeholder="Not set"
          defaultValue={v("industry_id", company?.industry_id)}
          errors={state.errors("industry_id")}
        />
        <FieldFrame id="company-trade" label="Trade" errors={tradeErrors}>
          <select
            id="company-trade"
            name="trade_id"
            defaultValue={v("trade_id", company?.trade_id)}
            className="field-input"
            {...fieldAria({ id: "company-trade", errors: tradeErrors })}
          >
            <option value="">Not set</option>
            {lookups.industries.map((i) => (
              <optgroup key={i.value} label={i.label}>
                {i.trades.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldFrame>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="company-registration"
          name="registration_number"
          label="Companies House number"
          maxLength={12}
          defaultValue={v("registration_number", company?.registration_number)}
          errors={state.errors("registration_number")}
        />
        <Field
          id="company-website"
          name="website"
          label="Website"
          maxLength={2048}
          placeholder="https://example.co.uk"
          defaultValue={v("website", company?.website)}
          errors={state.errors("website")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="company-email"
          name="email"
          type="email"
          label="E-mail"
          maxLength={254}
          defaultValue={v("email", company?.email)}
          errors={state.errors("email")}
        />
        <Field
          id="company-telephone"
          name="telephone"
          type="tel"
          label="Telephone"
          maxLength={20}
          defaultValue={v("telephone", company?.telephone)}
          errors={state.errors("telephone")}
        />
      </div>
      <AddressFields prefix="company" record={company} state={state} />
      <OwnerSelect id="company-owner" record={company} owners={lookups.owners} state={state} />
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
