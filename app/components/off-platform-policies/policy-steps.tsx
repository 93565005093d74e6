import { Link, useNavigation } from "@remix-run/react";
import {
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  IPT_RATES,
  OFF_PLATFORM_POLICY_STAGES,
  OFF_PLATFORM_POLICY_STATES,
  POLICY_STATE_LABELS,
  STAGE_LABELS,
  type OffPlatformPolicyStage,
} from "#contract/off-platform-policy-constants";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { SelectField } from "../form/select-field";

type Values = Record<string, string>;

/** Which form fields each stage shows (money typed in pounds). */
const SHOWN: Record<OffPlatformPolicyStage, string[]> = {
  policy: ["policy_number", "product_name", "insurer", "class_of_business", "state"],
  client: ["client_type", "client_name", "client_email"],
  cover: ["inception_date", "renewal_date", "premium", "ipt_rate", "fees", "notes"],
};

/**
 * The stepped off-platform policy form: one stage per page, what was typed on the other stages carried in hidden
 * fields, Back and Next (Save on the last stage). Works the same without JavaScript: each press is a POST whose
 * answer is the next page.
 */
export function PolicySteps({
  stage,
  values,
  errors,
  message,
  cancelTo,
}: {
  stage: OffPlatformPolicyStage;
  values: Values;
  errors: Record<string, string[]>;
  message?: string;
  cancelTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const at = OFF_PLATFORM_POLICY_STAGES.indexOf(stage);
  const last = at === OFF_PLATFORM_POLICY_STAGES.length - 1;
  const shown = SHOWN[stage];
  const field = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`opp-${name}`} name={name} label={label} defaultValue={values[name] ?? ""} errors={errors[name]} {...props} />
  );
  return (
    <div className="max-w-2xl">
      <ol className="mb-6 flex gap-2 text-sm" aria-label="Steps">
        {OFF_PLATFORM_POLICY_STAGES.map((s, i) => (
          <li
            key={s}
            aria-current={s === stage ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${s === stage ? "bg-brand text-white" : i < at ? "bg-slate-200 text-slate-800" : "bg-slate-100 text-slate-500"}`}
          >
            Step {i + 1} of {OFF_PLATFORM_POLICY_STAGES.length}: {STAGE_LABELS[s]}
          </li>
        ))}
      </ol>
      {/* The form keys on the stage so that each page's fields start from what was typed. */}
      <Form method="post" key={stage} className="space-y-1" noValidate>
        <input type="hidden" name="stage" value={stage} />
        {Object.entries(values)
          .filter(([name]) => !shown.includes(name))
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <h2 className="mb-3 text-lg font-semibold">{STAGE_LABELS[stage]}</h2>
        <FormAlert messages={message ? [message] : undefined} />
        {stage === "policy" ? (
          <>
            {field("policy_number", "Policy number", { required: true, maxLength: 100 })}
            {field("product_name", "Product name", { required: true })}
            {field("insurer", "Insurer", { required: true })}
            {field("class_of_business", "Class of business")}
            <SelectField
              id="opp-state"
              name="state"
              label="Status"
              required
              defaultValue={values.state}
              errors={errors.state}
              options={OFF_PLATFORM_POLICY_STATES.map((s) => ({ value: s, label: POLICY_STATE_LABELS[s] }))}
            />
          </>
        ) : null}
        {stage === "client" ? (
          <>
            <SelectField
              id="opp-client_type"
              name="client_type"
              label="Client type"
              required
              defaultValue={values.client_type}
              errors={errors.client_type}
              options={CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] }))}
            />
            {field("client_name", "Client name", { required: true })}
            {field("client_email", "Client e-mail", { type: "email" })}
          </>
        ) : null}
        {stage === "cover" ? (
          <>
            {field("inception_date", "Inception date", { type: "date", required: true, help: "Year-month-day" })}
            {field("renewal_date", "Renewal date", { type: "date", required: true, help: "Year-month-day" })}
            {field("premium", "Premium (£)", { required: true, inputMode: "decimal", help: "In pounds, like 1,250.50" })}
            <SelectField
              id="opp-ipt_rate"
              name="ipt_rate"
              label="IPT rate"
              required
              defaultValue={values.ipt_rate}
              errors={errors.ipt_rate}
              options={IPT_RATES.map((r) => ({ value: String(r.value), label: r.label }))}
            />
            {field("fees", "Fees (£)", { inputMode: "decimal" })}
            <div className="pb-3">
              <label htmlFor="opp-notes" className="field-label">
                Notes
              </label>
              <textarea id="opp-notes" name="notes" rows={3} className="field-input" defaultValue={values.notes} />
              <p className="field-error">{errors.notes?.join(" ")}</p>
            </div>
          </>
        ) : null}
        {/* Next (or Save) comes first, so that Enter moves forward; Back is shown before it. */}
        <div className="flex flex-row-reverse justify-start gap-2 pt-2">
          <button type="submit" name="intent" value={last ? "save" : "next"} className="btn-primary" disabled={busy}>
            {last ? "Save" : "Next"}
          </button>
          {at > 0 ? (
            <button type="submit" name="intent" value="back" className="btn-secondary" disabled={busy}>
              Back
            </button>
          ) : null}
          <Link to={cancelTo} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
