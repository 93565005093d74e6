import { choiceFieldProps, findFieldName, type ChoiceFinds, type Choices } from "#app/lib/choice-find";
import type { DropdownOption } from "#app/lib/filter-rules";
import { DateInput } from "../form/date-input";
import { Field } from "../form/field";
import type { FormReading } from "../form/form-answer";
import { SearchableSelect } from "../form/searchable-select";
import { SelectField } from "../form/select-field";
import type { SalesKind } from "./kinds";

export interface DocumentFieldsProps {
  kind: SalesKind;
  reading: FormReading;
  choices: {
    individuals: Choices;
    companies: Choices;
    tasks: DropdownOption[];
    preset: { individual: DropdownOption | null; company: DropdownOption | null; task: DropdownOption | null };
  };
  /** The saved document's values (the editor), none for a new one. */
  saved?: {
    individual_id: number | null;
    company_id: number | null;
    client: DropdownOption | null;
    task_id: number | null;
    issue_date: string;
    due_date: string | null;
    reference: string | null;
  };
  found?: ChoiceFinds;
  canReadIndividuals: boolean;
  canReadCompanies: boolean;
}

/** The client (an individual or a company), the task, the dates and the reference of a quote or invoice. */
export function DocumentFields({ kind, reading, choices, saved, found, canReadIndividuals, canReadCompanies }: DocumentFieldsProps) {
  const { value, err, typed } = reading;
  const pick = (name: string, list: Choices, findLabel: string, current: string) =>
    choiceFieldProps(name, list, {
      findLabel,
      current,
      typed: typeof typed[findFieldName(name)] === "string" ? String(typed[findFieldName(name)]) : undefined,
      found,
    });
  const individual = value("individual_id", saved ? saved.individual_id : choices.preset.individual?.value);
  const company = value("company_id", saved ? saved.company_id : choices.preset.company?.value);
  const knownIndividual = saved?.individual_id ? saved.client : choices.preset.individual;
  const knownCompany = saved?.company_id ? saved.client : choices.preset.company;
  return (
    <fieldset className="space-y-1">
      <legend className="field-label">Client: an individual or a company</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {canReadIndividuals ? (
          <SearchableSelect
            id={`${kind}-individual`}
            name="individual_id"
            label="Individual"
            optionsUrl="/resources/client-individuals"
            itemUrl="/resources/client-individuals"
            {...pick("individual_id", choices.individuals, "Not listed? Type the individual's name or e-mail", individual)}
            defaultOption={knownIndividual && knownIndividual.value === individual ? knownIndividual : null}
            placeholder="None"
            errors={err("individual_id") ?? err("client")}
          />
        ) : null}
        {canReadCompanies ? (
          <SearchableSelect
            id={`${kind}-company`}
            name="company_id"
            label="Company"
            optionsUrl="/resources/client-companies"
            itemUrl="/resources/client-companies"
            {...pick("company_id", choices.companies, "Not listed? Type the company's name", company)}
            defaultOption={knownCompany && knownCompany.value === company ? knownCompany : null}
            placeholder="None"
            errors={err("company_id")}
          />
        ) : null}
      </div>
      <SelectField
        id={`${kind}-task`}
        name="task_id"
        label="Task (optional)"
        options={choices.tasks}
        defaultValue={value("task_id", saved ? saved.task_id : choices.preset.task?.value)}
        placeholder="No task"
        errors={err("task_id")}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <DateInput
          id={`${kind}-issue-date`}
          name="issue_date"
          label="Date"
          defaultValue={value("issue_date", saved?.issue_date)}
          help="Today when left empty."
          errors={err("issue_date")}
        />
        <DateInput
          id={`${kind}-due-date`}
          name="due_date"
          label={kind === "quote" ? "Valid until" : "Due"}
          defaultValue={value("due_date", saved?.due_date)}
          errors={err("due_date")}
        />
        <Field
          id={`${kind}-reference`}
          name="reference"
          label="Reference"
          maxLength={100}
          defaultValue={value("reference", saved?.reference)}
          errors={err("reference")}
        />
      </div>
    </fieldset>
  );
}
