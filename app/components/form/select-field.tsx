import type { SelectHTMLAttributes } from "react";
import type { DropdownOption } from "#app/lib/filter-rules";
import { FieldFrame, FieldStatusIcon, fieldAria, type FieldFrameProps } from "./field";

export const LOADING_TEXT = "Loading...";

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children">, FieldFrameProps {
  options: DropdownOption[];
  /** The first, empty option ("" is posted when it stays chosen). */
  placeholder?: string;
  /** While options load the placeholder reads 'Loading...' and the select is marked busy. */
  loading?: boolean;
}

/** A native select with a placeholder option, label, asterisk, helper and error text. */
export function SelectField({
  id,
  label,
  errors,
  help,
  required,
  success,
  className,
  options,
  placeholder = "Select...",
  loading,
  ...select
}: SelectFieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <FieldFrame id={id} label={label} errors={errors} help={help} required={required} className={className}>
      <div className="relative">
        <select
          id={id}
          {...fieldAria({ id, errors, help })}
          aria-busy={loading || undefined}
          data-success={(success && !invalid) || undefined}
          required={required}
          className="field-input"
          {...select}
        >
          <option value="">{loading ? LOADING_TEXT : placeholder}</option>
          {options.map((o) => (
            <option key={o.key ?? o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldStatusIcon invalid={invalid} success={success} className="right-9" />
      </div>
    </FieldFrame>
  );
}
