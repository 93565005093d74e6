import { getFormProps, getInputProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { IPT_RATES, POLICY_STATE_LABELS } from "#contract/policy-constants";
import type { Policy } from "#contract/policies";
import { Field, FieldFrame, fieldAria, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

export interface ClientOptions {
  individuals: { value: string; label: string }[];
  companies: { value: string; label: string }[];
}

const poundsText = (pence: number) => (pence / 100).toFixed(2);
const INITIAL_STATES = ["QUOTE", "REFERRED", "COOLING_OFF", "BOUND"] as const;

/** The drawer form of 'Add policy' and 'Edit policy' (the form protocol: what was typed comes back after a refusal). */
export function PolicyForm({ policy, clients, cancelTo }: { policy?: Policy; clients: ClientOptions; cancelTo: string }) {
  const [form, fields] = useFormResult("save", {
    defaultValue: policy
      ? {
          number: policy.number,
          product_name: policy.product.name,
          class_of_business: policy.product.class_of_business ?? "",
          insurer: policy.product.insurer ?? "",
          main_broker_name: policy.main_broker_name ?? "",
          client: `${policy.client.type}:${policy.client.id}`,
          premium: poundsText(policy.premium_pence),
          ipt_rate: String(policy.ipt_rate),
          fees: poundsText(policy.fees_pence),
          inception_date: policy.inception_date,
          renewal_date: policy.renewal_date,
        }
      : { ipt_rate: "12", state: "QUOTE" },
    version: policy?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  const select = (name: "client" | "ipt_rate" | "state") => {
    const f = fields[name];
    return { id: f.id, name: f.name, defaultValue: (f.initialValue as string | undefined) ?? "", errors: f.errors };
  };
  const client = select("client");
  const ipt = select("ipt_rate");
  const state = select("state");
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label="Policy number" required errors={fields.number.errors} {...getInputProps(fields.number, { type: "text" })} id={fields.number.id} />
      <Field
        label="Product name"
        required
        errors={fields.product_name.errors}
        {...getInputProps(fields.product_name, { type: "text" })}
        id={fields.product_name.id}
      />
      <Field
        label="Class of business"
        errors={fields.class_of_business.errors}
        {...getInputProps(fields.class_of_business, { type: "text" })}
        id={fields.class_of_business.id}
      />
      <Field label="Insurer" errors={fields.insurer.errors} {...getInputProps(fields.insurer, { type: "text" })} id={fields.insurer.id} />
      <Field
        label="Brokerage"
        errors={fields.main_broker_name.errors}
        {...getInputProps(fields.main_broker_name, { type: "text" })}
        id={fields.main_broker_name.id}
      />
      <FieldFrame id={client.id} label="Client" errors={client.errors} required>
        <select
          id={client.id}
          name={client.name}
          defaultValue={client.defaultValue}
          required
          className="field-input"
          {...fieldAria({ id: client.id, errors: client.errors })}
        >
          <option value="">Choose the client</option>
          <optgroup label="Individuals">
            {clients.individuals.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Companies">
            {clients.companies.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        </select>
      </FieldFrame>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Premium (£)"
          required
          errors={fields.premium.errors}
          {...getInputProps(fields.premium, { type: "text" })}
          inputMode="decimal"
          id={fields.premium.id}
        />
        <FieldFrame id={ipt.id} label="IPT rate" errors={ipt.errors}>
          <select id={ipt.id} name={ipt.name} defaultValue={ipt.defaultValue} className="field-input" {...fieldAria({ id: ipt.id, errors: ipt.errors })}>
            {IPT_RATES.map((r) => (
              <option key={r.value} value={String(r.value)}>
                {r.label}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <Field label="Fees (£)" errors={fields.fees.errors} {...getInputProps(fields.fees, { type: "text" })} inputMode="decimal" id={fields.fees.id} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Inception date"
          required
          errors={fields.inception_date.errors}
          {...getInputProps(fields.inception_date, { type: "date" })}
          id={fields.inception_date.id}
        />
        <Field
          label="Renewal date"
          required
          errors={fields.renewal_date.errors}
          {...getInputProps(fields.renewal_date, { type: "date" })}
          id={fields.renewal_date.id}
        />
      </div>
      {policy ? null : (
        <FieldFrame id={state.id} label="Status" errors={state.errors}>
          <select
            id={state.id}
            name={state.name}
            defaultValue={state.defaultValue}
            className="field-input"
            {...fieldAria({ id: state.id, errors: state.errors })}
          >
            {INITIAL_STATES.map((s) => (
              <option key={s} value={s}>
                {POLICY_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </FieldFrame>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          Save
        </button>
      </div>
    </Form>
  );
}
