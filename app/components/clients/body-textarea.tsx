import type { FormState } from "./client-form";

/** The `body` textarea of a note or an e-mail, with its error under it (what was typed is kept on a refusal). */
export function BodyTextarea({ id, rows, maxLength, state }: { id: string; rows: number; maxLength: number; state: FormState }) {
  return (
    <>
      <textarea
        id={id}
        name="body"
        rows={rows}
        maxLength={maxLength}
        defaultValue={state.value("body", "")}
        aria-invalid={state.errors("body") ? true : undefined}
        aria-describedby={state.errors("body") ? `${id}-error` : undefined}
        className="field-input"
      />
      <p id={`${id}-error`} className="field-error">
        {state.errors("body")?.join(" ")}
      </p>
    </>
  );
}
