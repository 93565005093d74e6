import { DateInput } from "../form/date-input";
import { SelectField } from "../form/select-field";
import { text, type Option } from "./task-section";

/** A conform field as these inputs read it: what the form answered (or the saved value) and its messages. */
interface FieldState {
  initialValue?: unknown;
  errors?: string[];
}

/**
 * When the revenue starts and how often it is paid: the same two fields in the progress and the revenue forms
 * (`idPrefix` keeps their ids apart on the task page).
 */
export function RevenueTimingFields({
  idPrefix,
  dateLabel,
  frequencies,
  startDate,
  frequency,
}: {
  idPrefix: string;
  dateLabel: string;
  frequencies: Option[];
  startDate: FieldState;
  frequency: FieldState;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <DateInput
        id={`${idPrefix}-start-date`}
        name="expected_revenue_start_date"
        label={dateLabel}
        defaultValue={text(startDate.initialValue)}
        errors={startDate.errors}
      />
      <SelectField
        id={`${idPrefix}-frequency`}
        name="payment_frequency_id"
        label="Payment frequency"
        options={frequencies}
        placeholder="Not set"
        defaultValue={text(frequency.initialValue)}
        errors={frequency.errors}
      />
    </div>
  );
}
