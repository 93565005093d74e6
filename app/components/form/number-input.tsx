import { useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from "react";
import { formatNumber, NUMBER_MESSAGES, numberKeyAction, parseNumericText, sanitiseNumericInput, type NumericOptions } from "#common/numbers";
import { Field, setInputValue, type FieldProps } from "./field";

export interface NumberInputProps extends Omit<FieldProps, "type" | "min" | "max" | "inputMode" | "defaultValue" | "value">, NumericOptions {
  defaultValue?: string | number | null;
  value?: string | number | null;
}

function initialText(value: string | number | null | undefined, thousands: boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return "";
  return thousands ? formatNumber(value) : String(value);
}

/**
 * A numeric text field (spec §5). Server-rendered as `type="text" inputMode="decimal"`; without
 * JavaScript whatever was typed is posted and the server normalises it (contract/fields.ts
 * `numericText`). With JavaScript: keystrokes are filtered (digits, one leading minus, one dot; commas
 * and letters dropped), `e` is blocked and on an empty field gives 0, and on blur the value is clamped
 * to min/max and rounded past the decimals limit, with a note under the field saying so; a negative where
 * negatives are not allowed stays as typed and is marked with its message (the server refuses it too);
 * with `thousands` it is shown as "1,234.5" when not focused.
 */
export function NumberInput({
  min,
  max,
  decimals,
  allowNegative,
  thousands,
  defaultValue,
  value,
  onChange,
  onBlur,
  onFocus,
  onKeyDown,
  errors,
  help,
  ...props
}: NumberInputProps) {
  const options: NumericOptions = { min, max, decimals, allowNegative, thousands };
  // What the browser found on leaving the field: a refusal (shown as an error) or a change it made (a note).
  const [found, setFound] = useState<{ error?: string; note?: string } | null>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const action = numberKeyAction(event, event.currentTarget.value);
    if (action !== "allow") event.preventDefault();
    if (action === "zero") setInputValue(event.currentTarget, "0");
    onKeyDown?.(event);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const sanitised = sanitiseNumericInput(input.value, options);
    if (sanitised !== input.value) {
      const caret = input.selectionStart ?? sanitised.length;
      const removed = input.value.length - sanitised.length;
      input.value = sanitised;
      const at = Math.max(0, caret - removed);
      input.setSelectionRange?.(at, at);
    }
    onChange?.(event);
  }

  function handleFocus(event: FocusEvent<HTMLInputElement>) {
    if (thousands) setInputValue(event.currentTarget, event.currentTarget.value.replace(/,/g, ""));
    onFocus?.(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const parsed = parseNumericText(event.currentTarget.value, options);
    if (parsed.kind === "ok") {
      setInputValue(event.currentTarget, thousands ? formatNumber(parsed.text) : parsed.text);
      setFound(parsed.adjusted ? { note: NUMBER_MESSAGES.adjusted(parsed.adjusted, formatNumber(parsed.text)) } : null);
    } else if (parsed.kind === "empty") {
      setInputValue(event.currentTarget, "");
      setFound(null);
    } else {
      setFound({ error: parsed.kind === "negative" ? NUMBER_MESSAGES.negative : NUMBER_MESSAGES.invalid });
    }
    onBlur?.(event);
  }

  const shownErrors = found?.error ? [found.error] : errors;
  const shownHelp = found?.note ? [...(help === undefined ? [] : Array.isArray(help) ? help : [help]), found.note] : help;

  return (
    <Field
      {...props}
      errors={shownErrors}
      help={shownHelp && Array.isArray(shownHelp) && shownHelp.length === 1 ? shownHelp[0] : shownHelp}
      type="text"
      inputMode={decimals === 0 && allowNegative === false ? "numeric" : "decimal"}
      autoComplete={props.autoComplete ?? "off"}
      defaultValue={initialText(defaultValue, thousands)}
      value={initialText(value, thousands)}
      onKeyDown={handleKeyDown}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
    />
  );
}
