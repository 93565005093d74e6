/**
 * After a refused submit: focus goes to the form's first invalid field (what `aria-invalid="true"` marks), and
 * nothing opens by itself — a searchable dropdown is asked to take focus quietly (QUIET_FOCUS_EVENT), without
 * opening its list over the form. A refusal no field explains leaves focus alone and brings its message into view.
 */
export const QUIET_FOCUS_EVENT = "form:quiet-focus";

export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]:not([type="hidden"]):not([disabled])');
  if (invalid) {
    if (invalid.getAttribute("role") === "combobox") invalid.dispatchEvent(new CustomEvent(QUIET_FOCUS_EVENT));
    else invalid.focus();
    if (document.activeElement === invalid) invalid.scrollIntoView?.({ block: "nearest" });
    return;
  }
  form.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView?.({ block: "nearest" });
}
