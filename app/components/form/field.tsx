import type { InputHTMLAttributes, ReactNode } from "react";
import { useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import { Icon } from "../ui/icon";

/** What every labelled control of the form kit shares. */
export interface FieldFrameProps {
  id: string;
  label: string;
  errors?: string[];
  /** Helper text: one line, or a list. */
  help?: string | string[];
  required?: boolean;
  success?: boolean;
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id">, FieldFrameProps {
  trailing?: ReactNode;
}

/** The ids and aria attributes that tie a control to its error and helper text. */
export function fieldAria({ id, errors, help }: Pick<FieldFrameProps, "id" | "errors" | "help">) {
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

/** The error or success mark (the kit's icons) drawn inside the right edge of a control. */
export function FieldStatusIcon({ invalid, success, className = "right-3" }: { invalid?: boolean; success?: boolean; className?: string }) {
  if (invalid) {
    return (
      <span aria-hidden="true" className={`pointer-events-none absolute inset-y-0 flex items-center text-red-600 ${className}`} data-status="invalid">
        <Icon name="circle-alert" />
      </span>
    );
  }
  if (success) {
    return (
      <span aria-hidden="true" className={`pointer-events-none absolute inset-y-0 flex items-center text-emerald-600 ${className}`} data-status="success">
        <Icon name="circle-check" />
      </span>
    );
  }
  return null;
}

/**
 * The frame of every field: label (asterisk when required), the control, helper text (one line or a
 * list) and the error line (its space kept so the layout does not jump when a message comes or goes).
 */
export function FieldFrame({
  id,
  label,
  errors,
  help,
  required,
  className,
  labelId,
  children,
}: FieldFrameProps & { className?: string; labelId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label id={labelId} htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldHelp id={id} help={help} />
      <p id={`${id}-error`} className="field-error">
        {errors?.join(" ")}
      </p>
    </div>
  );
}

export function FieldHelp({ id, help }: { id: string; help?: string | string[] }) {
  if (!help) return null;
  return Array.isArray(help) ? (
    <ul id={`${id}-help`} className="field-help list-disc pl-5">
      {help.map((h) => (
        <li key={h}>{h}</li>
      ))}
    </ul>
  ) : (
    <p id={`${id}-help`} className="field-help">
      {help}
    </p>
  );
}

/** A labelled input: asterisk when required, error text under it (space kept so layout does not jump), helper text. */
export function Field({ id, label, errors, help, required, success, trailing, className, ...input }: FieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <FieldFrame id={id} label={label} errors={errors} help={help} required={required} className={className}>
      <div className="relative">
        <input id={id} {...fieldAria({ id, errors, help })} required={required} className="field-input pr-9" {...input} />
        <FieldStatusIcon invalid={invalid} success={success} />
        {trailing}
      </div>
    </FieldFrame>
  );
}

/** A password field with a show/hide toggle (a plain password input without JavaScript). */
export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  // The toggle needs JavaScript: without it there is no button that would do nothing.
  const hydrated = useHydrated();
  return (
    <Field
      {...props}
      type={shown ? "text" : "password"}
      trailing={
        hydrated ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-8 my-1 flex items-center gap-1 rounded px-2 text-xs font-medium text-slate-500 hover:text-slate-900 focus:outline-none focus-visible:shadow-focus"
            aria-label={shown ? "Hide password" : "Show password"}
            aria-pressed={shown}
          >
            <Icon name={shown ? "eye-off" : "eye"} />
            {shown ? "Hide" : "Show"}
          </button>
        ) : null
      }
    />
  );
}

/* The enhanced inputs change their own value (formatting, clamping): */
/**
 * Sets an input's value so React (and form libraries listening for `input`) see the change, as if the
 * user had typed it: the native setter bypasses React's value tracker, then an input event bubbles.
 */
export function setInputValue(input: HTMLInputElement, value: string): void {
  if (input.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** A form-level message (e.g. a refused sign-in). */
export function FormAlert({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="alert alert-danger">
      <Icon name="circle-alert" />
      <p className="min-w-0 flex-1">{messages.join(" ")}</p>
    </div>
  );
}
