import type { ChangeEvent, KeyboardEvent } from "react";
import { formatSortCode, sortCodeCaret } from "#common/sort-code";
import { Field, setInputValue, type FieldProps } from "./field";

export type SortCodeInputProps = Omit<FieldProps, "type" | "inputMode" | "maxLength">;

/**
 * A sort-code field (spec §5): with JavaScript the digits are grouped in pairs with hyphens as you type
 * ("123456" → "12-34-56", at most 6 digits); without it the server strips non-digits and groups them
 * (contract/fields.ts `sortCode`, 'Enter a 6-digit sort code.').
 */
export function SortCodeInput({ onChange, onKeyDown, defaultValue, value, placeholder = "12-34-56", ...props }: SortCodeInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const raw = input.value;
    const formatted = formatSortCode(raw);
    if (formatted !== raw) {
      const caret = sortCodeCaret(raw, input.selectionStart ?? raw.length, formatted);
      input.value = formatted;
      input.setSelectionRange?.(caret, caret);
    }
    onChange?.(event);
  }
  // Backspace just after a hyphen removes the digit before it (otherwise the hyphen would come straight back).
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const at = input.selectionStart ?? 0;
    if (event.key === "Backspace" && at === input.selectionEnd && at > 1 && input.value[at - 1] === "-") {
      event.preventDefault();
      const raw = input.value.slice(0, at - 2) + input.value.slice(at);
      const formatted = formatSortCode(raw);
      setInputValue(input, formatted);
      const caret = sortCodeCaret(raw, at - 2, formatted);
      input.setSelectionRange?.(caret, caret);
    }
    onKeyDown?.(event);
  }
  return (
    <Field
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? "off"}
      placeholder={placeholder}
      // Room for pasted text with spaces; the server keeps the first 6 digits' check strict.
      maxLength={20}
      defaultValue={typeof defaultValue === "string" ? formatSortCode(defaultValue) : defaultValue}
      value={typeof value === "string" ? formatSortCode(value) : value}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
    />
  );
}
