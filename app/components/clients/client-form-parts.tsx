import { Link, useNavigation } from "@remix-run/react";
import { choiceFieldProps, FIND_COLLEAGUE_LABEL, findFieldName, type Choices } from "#app/lib/choice-find";
import { Field } from "../form/field";
import { SearchableSelect } from "../form/searchable-select";
import type { FormState } from "./client-form";

/** What the individual and company forms both hold: an address and who looks after the client. */
export interface ClientRecordBase {
  address_line_1?: string | null;
  address_line_2?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
  owner?: { id: number; name: string } | null;
}

/** Address lines 1 and 2, then town, county and postcode; ids `${prefix}-address-1` … */
export function AddressFields({ prefix, record, state }: { prefix: string; record?: ClientRecordBase | null; state: FormState }) {
  const v = (name: keyof ClientRecordBase) => state.value(name, record?.[name]);
  return (
    <>
      <Field
        id={`${prefix}-address-1`}
        name="address_line_1"
        label="Address line 1"
        maxLength={255}
        defaultValue={v("address_line_1")}
        errors={state.errors("address_line_1")}
      />
      <Field
        id={`${prefix}-address-2`}
        name="address_line_2"
        label="Address line 2"
        maxLength={255}
        defaultValue={v("address_line_2")}
        errors={state.errors("address_line_2")}
      />
      <div className="grid grid-cols-3 gap-3">
        <Field id={`${prefix}-town`} name="town" label="Town" maxLength={100} defaultValue={v("town")} errors={state.errors("town")} />
        <Field id={`${prefix}-county`} name="county" label="County" maxLength={100} defaultValue={v("county")} errors={state.errors("county")} />
        <Field id={`${prefix}-postcode`} name="postcode" label="Postcode" maxLength={10} defaultValue={v("postcode")} errors={state.errors("postcode")} />
      </div>
    </>
  );
}

/** 'Looked after by': a colleague; left empty on create, the creator. */
export function OwnerSelect({ id, record, owners, state }: { id: string; record?: ClientRecordBase | null; owners: Choices; state: FormState }) {
  const owner = record?.owner;
  const ownerValue = state.value("owner_user_id", owner?.id);
  const choice = choiceFieldProps("owner_user_id", owners, {
    findLabel: FIND_COLLEAGUE_LABEL,
    current: ownerValue,
    typed: state.value(findFieldName("owner_user_id"), ""),
    found: state.found,
  });
  return (
    <SearchableSelect
      id={id}
      name="owner_user_id"
      label="Looked after by"
      optionsUrl="/resources/company-users"
      itemUrl="/resources/company-users"
      {...choice}
      defaultOption={owner && String(owner.id) === ownerValue ? { value: String(owner.id), label: owner.name } : null}
      placeholder={record ? "Nobody" : "You"}
      help={record ? undefined : "Left empty, you look after this client."}
      errors={state.errors("owner_user_id")}
    />
  );
}

/** Cancel and the submit button (disabled while saving). */
export function FormFooter({ cancelTo, submitLabel }: { cancelTo: string; submitLabel: string }) {
  const saving = useNavigation().state === "submitting";
  return (
    <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
      <Link to={cancelTo} className="btn-secondary" preventScrollReset>
        Cancel
      </Link>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving…" : submitLabel}
      </button>
    </div>
  );
}
