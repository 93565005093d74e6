import { findChoice, findFieldName, findText, type ChoiceFinder, type ChoiceFinds } from "../lib/choice-find";

export type { ChoiceFinder };

/** The text typed into a searchable field's find field ("" when none). */
export const typedFind = (form: FormData, name: string) => String(form.get(findFieldName(name)) ?? "");

/**
 * Without JavaScript: for each searchable field of the form whose find field holds text, the choice it finds
 * becomes the field's value (in `form`, before the form is sent on); what finds none or several is reported.
 */
export async function applyChoiceFinds(form: FormData, finders: Record<string, ChoiceFinder>): Promise<ChoiceFinds> {
  const found: ChoiceFinds = { errors: {}, narrowed: {}, chosen: {} };
  await Promise.all(
    Object.entries(finders).map(async ([name, find]) => {
      const typed = form.get(findFieldName(name));
      if (typeof typed !== "string" || findText(typed) === "") return;
      const outcome = await findChoice(find, typed);
      if ("value" in outcome) {
        form.set(name, outcome.value);
        form.delete(findFieldName(name));
        found.chosen[name] = outcome.options.find((o) => o.value === outcome.value)!;
        return;
      }
      found.errors[name] = [outcome.error];
      if (outcome.narrowed) found.narrowed[name] = outcome.narrowed;
    }),
  );
  return found;
}
