import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { choiceFieldProps, findFieldName, type Choices } from "#app/lib/choice-find";
import type { DropdownOption } from "#app/lib/filter-rules";
import { SIMULATED_READER_CODES } from "#contract/terminal-constants";
import { Field, FormAlert, PasswordField } from "../form/field";
import { Form } from "../form/form";
import { useFormAnswer, useFormResult } from "../form/form-result";
import { SearchableSelect } from "../form/searchable-select";

/**
 * A searchable dropdown of the company's locations or readers; without JavaScript a select of the first 100 and,
 * for a company with more, a name typed under it (decision 011).
 */
function ChoiceSelect({
  intent,
  id,
  name,
  label,
  url,
  findLabel,
  choices,
  current,
  saved,
  errors,
}: {
  /** The form's intent (its answer holds the name typed beside the select). */
  intent?: string;
  id: string;
  name: string;
  label: string;
  /** The dropdown's resource route (options and a chosen one by value). */
  url: string;
  findLabel: string;
  choices: Choices;
  current: string;
  /** The saved choice (an edit), named even when it is not among the first. */
  saved?: DropdownOption | null;
  errors?: string[];
}) {
  const answer = useFormAnswer(intent);
  const typed = answer?.form.result.initialValue?.[findFieldName(name)];
  const choice = choiceFieldProps(name, choices, { findLabel, current, typed: typeof typed === "string" ? typed : undefined, found: answer?.found });
  return (
    <SearchableSelect
      id={id}
      name={name}
      label={label}
      required
      optionsUrl={url}
      itemUrl={url}
      {...choice}
      defaultOption={saved && saved.value === choice.defaultValue ? saved : null}
      errors={errors}
    />
  );
}

type SelectProps = { id: string; current: string; saved?: DropdownOption | null; errors?: string[] };

/** The location of a reader or reader key. */
const LocationSelect = ({ locations, ...props }: SelectProps & { locations: Choices }) => (
  <ChoiceSelect
    name="location_id"
    label="Location"
    url="/resources/terminal-locations"
    findLabel="Not listed? Type the location's name"
    choices={locations}
    {...props}
  />
);

/** The reader a payment is taken on (the payment form, intent "pay"). */
export const ReaderSelect = ({ readers, ...props }: SelectProps & { readers: Choices }) => (
  <ChoiceSelect
    intent="pay"
    name="reader_id"
    label="Reader"
    url="/resources/terminal-readers"
    findLabel="Not listed? Type the reader's name"
    choices={readers}
    {...props}
  />
);

function Buttons({ cancelTo, label }: { cancelTo: string; label: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
      <Link to={cancelTo} className="btn-secondary" preventScrollReset>
        Cancel
      </Link>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Saving…" : label}
      </button>
    </div>
  );
}

export interface LocationValues {
  display_name: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
}

/** A location: its name and address (country GB). */
export function LocationForm({ values, cancelTo, label }: { values?: LocationValues; cancelTo: string; label: string }) {
  const [form, fields] = useFormResult<LocationValues>("save", { defaultValue: values });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label="Display name" required maxLength={100} errors={fields.display_name.errors} {...getInputProps(fields.display_name, { type: "text" })} />
      <Field label="Address line 1" required maxLength={200} errors={fields.line1.errors} {...getInputProps(fields.line1, { type: "text" })} />
      <Field label="Address line 2" maxLength={200} errors={fields.line2.errors} {...getInputProps(fields.line2, { type: "text" })} />
      <Field label="Town or city" required maxLength={100} errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} />
      <Field label="Postcode" required maxLength={10} errors={fields.postal_code.errors} {...getInputProps(fields.postal_code, { type: "text" })} />
      <p className="text-sm text-slate-600">Country: United Kingdom</p>
      <Buttons cancelTo={cancelTo} label={label} />
    </Form>
  );
}

export interface ReaderKeyValues {
  location_id: string;
  reader_name: string;
}

/** A reader key: a location, the reader's name, a password typed twice (left empty on an edit: unchanged). */
export function ReaderKeyForm({
  values,
  locations,
  location,
  cancelTo,
  label,
  editing,
}: {
  values?: ReaderKeyValues;
  locations: Choices;
  /** The key's saved location (an edit). */
  location?: DropdownOption;
  cancelTo: string;
  label: string;
  editing?: boolean;
}) {
  const [form, fields] = useFormResult<ReaderKeyValues & { password: string; confirm_password: string }>("save", { defaultValue: values });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <LocationSelect
        id={fields.location_id.id}
        locations={locations}
        current={fields.location_id.initialValue ?? ""}
        saved={location}
        errors={fields.location_id.errors}
      />
      <Field label="Reader name" required maxLength={100} errors={fields.reader_name.errors} {...getInputProps(fields.reader_name, { type: "text" })} />
      <PasswordField
        label="Password"
        required={!editing}
        help={editing ? "Leave empty to keep the current password." : "At least 8 characters."}
        autoComplete="new-password"
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: "password" })}
      />
      <PasswordField
        label="Confirm password"
        required={!editing}
        autoComplete="new-password"
        errors={fields.confirm_password.errors}
        {...getInputProps(fields.confirm_password, { type: "password" })}
      />
      <Buttons cancelTo={cancelTo} label={label} />
    </Form>
  );
}

/** Registers a reader to a location with the code the reader shows. */
export function ReaderForm({
  locations,
  cancelTo,
  sandbox,
  defaultLocation,
}: {
  locations: Choices;
  cancelTo: string;
  sandbox: boolean;
  defaultLocation?: string;
}) {
  const [form, fields] = useFormResult<{ location_id: string; label: string; registration_code: string }>("save", {
    defaultValue: { location_id: defaultLocation ?? "", label: "", registration_code: sandbox ? SIMULATED_READER_CODES[0] : "" },
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <LocationSelect id={fields.location_id.id} locations={locations} current={fields.location_id.initialValue ?? ""} errors={fields.location_id.errors} />
      <Field label="Reader name" required maxLength={100} errors={fields.label.errors} {...getInputProps(fields.label, { type: "text" })} />
      <Field
        label="Registration code"
        required
        maxLength={100}
        help={sandbox ? `Sandbox: ${SIMULATED_READER_CODES.join(" or ")} registers a simulated reader.` : "The code the reader shows in its settings."}
        errors={fields.registration_code.errors}
        {...getInputProps(fields.registration_code, { type: "text" })}
      />
      <Buttons cancelTo={cancelTo} label="Register reader" />
    </Form>
  );
}
