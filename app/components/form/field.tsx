import type { InputHTMLAttributes, ReactNode } from "react";
import { useState } from "react";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  errors?: string[];
  /** Helper text: one line, or a list. */
  help?: string | string[];
  required?: boolean;
  success?: boolean;
  trailing?: ReactNode;
}

/** A labelled input: asterisk when required, error text under it (space kept so layout does not jump), helper text. */
export function Field({ id, label, errors, help, required, success, trailing, className, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={[invalid ? errorId : null, help ? helpId : null].filter(Boolean).join(" ") || undefined}
          required={required}
          className="field-input pr-9"
          {...input}
        />
        {invalid ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-red-600">
            !
          </span>
        ) : success ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-emerald-600">
            ✓
          </span>
        ) : null}
        {trailing}
      </div>
      {help ? (
        Array.isArray(help) ? (
          <ul id={helpId} className="mt-1 list-disc pl-5 text-xs text-slate-500">
            {help.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        ) : (
          <p id={helpId} className="mt-1 text-xs text-slate-500">
            {help}
          </p>
        )
      ) : null}
      <p id={errorId} className="field-error">
        {errors?.join(" ")}
      </p>
    </div>
  );
}

/** A password field with a show/hide toggle (a plain password input without JavaScript). */
export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-8 my-1 rounded px-2 text-xs font-medium text-slate-600 hover:text-slate-900"
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
        >
          {shown ? "Hide" : "Show"}
        </button>
      }
    />
  );
}

/** A form-level message (e.g. a refused sign-in). */
export function FormAlert({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {messages.join(" ")}
    </div>
  );
}
