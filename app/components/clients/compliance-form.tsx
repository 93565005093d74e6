import { useNavigation } from "@remix-run/react";
import { DateInput } from "../form/date-input";
import { FormAlert } from "../form/field";
import { SelectField } from "../form/select-field";
import type { FormState } from "./client-form";
import { Form } from "../form/form";

export interface ComplianceValues {
  aml_checked_at: string | null;
  sanctions_checked_at: string | null;
  risk_rating: string | null;
  politically_exposed: boolean;
  next_review_at: string | null;
  notes: string | null;
}

const FIELDS = ["aml_checked_at", "sanctions_checked_at", "risk_rating", "politically_exposed", "next_review_at", "notes"];

/** The whole compliance form (checks not in the future, a risk rating, PEP flag, next review, notes). */
export function ComplianceForm({ compliance: c, riskRatings, state }: { compliance: ComplianceValues; riskRatings: readonly string[]; state: FormState }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-1" noValidate>
      <FormAlert messages={state.message ? [state.message, ...state.others(FIELDS)] : null} />
      <div className="grid gap-3 sm:grid-cols-3">
        <DateInput
          id="compliance-aml"
          name="aml_checked_at"
          label="AML check done on"
          defaultValue={state.value("aml_checked_at", c.aml_checked_at)}
          errors={state.errors("aml_checked_at")}
        />
        <DateInput
          id="compliance-sanctions"
          name="sanctions_checked_at"
          label="Sanctions check done on"
          defaultValue={state.value("sanctions_checked_at", c.sanctions_checked_at)}
          errors={state.errors("sanctions_checked_at")}
        />
        <DateInput
          id="compliance-review"
          name="next_review_at"
          label="Next review"
          defaultValue={state.value("next_review_at", c.next_review_at)}
          errors={state.errors("next_review_at")}
        />
      </div>
      <div className="flex flex-wrap items-end gap-6">
        <SelectField
          id="compliance-risk"
          name="risk_rating"
          label="Risk rating"
          options={riskRatings.map((r) => ({ value: r, label: `${r.charAt(0).toUpperCase()}${r.slice(1)}` }))}
          placeholder="Not rated"
          defaultValue={state.value("risk_rating", c.risk_rating)}
          errors={state.errors("risk_rating")}
          className="w-48"
        />
        <label className="mb-7 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="politically_exposed"
            defaultChecked={state.checked("politically_exposed", c.politically_exposed)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Politically exposed person involved
        </label>
      </div>
      <div className="pb-2">
        <label htmlFor="compliance-notes" className="field-label">
          Notes
        </label>
        <textarea
          id="compliance-notes"
          name="notes"
          rows={4}
          maxLength={5000}
          defaultValue={state.value("notes", c.notes)}
          className="field-input"
          aria-invalid={state.errors("notes") ? true : undefined}
        />
        <p className="field-error">{state.errors("notes")?.join(" ")}</p>
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save compliance information"}
        </button>
      </div>
    </Form>
  );
}
