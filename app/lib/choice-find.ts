import type { DropdownOption } from "./filter-rules";
import { searchText } from "./search-text";

/**
 * Without JavaScript a searchable dropdown is a native select of its first choices (a page of the list). When the
 * list is longer, a text field beside it (`{name}_find`) takes a name or e-mail, and the form's action picks the
 * choice it finds: this file's rules, shared by the form and the action.
 */
export const findFieldName = (name: string) => `${name}_find`;

/** A dropdown's first choices, and whether the list is longer (the find field is then offered). */
export interface Choices {
  options: DropdownOption[];
  more: boolean;
}

/** How many choices a searchable dropdown holds before a search: all its native select offers without JavaScript. */
export const FIRST_CHOICES = 100;

/** The find field's label beside a dropdown of colleagues. */
export const FIND_COLLEAGUE_LABEL = "Not listed? Type a colleague's name or e-mail";

/** The choices of a list the user may not read. */
export const NO_CHOICES: Choices = { options: [], more: false };

/** A list filter's find field (the filter form is a GET form: the name is part of the list's address). */
export const filterFindName = (filterKey: string) => `find[${filterKey}]`;

/** A name typed beside a list's autocomplete filter that did not settle it: the text, why, and the matches. */
export interface FilterFind {
  text: string;
  error: string;
  narrowed?: DropdownOption[];
}
export type FilterFinds = Record<string, FilterFind>;

/**
 * The searchable dropdown's page size and empty text (spec §8, §9): a page of 20 from the options resolver, "No
 * results found". A find field asks for a page too, and says the same when nothing matches.
 */
export const DROPDOWN_PAGE_SIZE = 20;
export const NO_RESULTS_TEXT = "No results found";
/** The longest text a find field searches with. */
const FIND_MAX_LENGTH = 100;

/** What a find field searches with: the text typed, without control characters, trimmed, cut to its length ("" for none). */
export const findText = (typed: string) => searchText(typed, FIND_MAX_LENGTH);

export type FindOutcome = { value: string } | { error: string; narrowed?: DropdownOption[] };

const folded = (text: string) => text.trim().toLocaleLowerCase("en-GB");

/**
 * Whether an option is exactly what was typed: its whole label, its name before the bracketed e-mail or postcode
 * ("Jo Bloggs (jo@example.com)" is "Jo Bloggs"), or what is in the brackets ("jo@example.com").
 */
function isExactly(option: DropdownOption, text: string): boolean {
  const label = folded(option.label);
  if (label === text) return true;
  const bracketed = /^(.*) \(([^()]*)\)$/.exec(label);
  return Boolean(bracketed && (bracketed[1] === text || bracketed[2] === text));
}

/**
 * The choice the typed text finds among the matches the list's search answered: the only match; else the only one
 * that is exactly the text; else a message, with the matches to choose from when there are several.
 */
export function pickFound(typed: string, matches: DropdownOption[], hasMore = false): FindOutcome {
  const text = folded(typed);
  const open = matches.filter((o) => !o.disabled);
  if (open.length === 0) return { error: `${NO_RESULTS_TEXT} for “${typed.trim()}”.` };
  if (open.length === 1 && !hasMore) return { value: open[0].value };
  const exact = open.filter((o) => isExactly(o, text));
  if (exact.length === 1) return { value: exact[0].value };
  return {
    error: hasMore
      ? `More than ${open.length} match “${typed.trim()}”: choose one from the list, or type more of the name.`
      : `${open.length} match “${typed.trim()}”: choose one from the list.`,
    narrowed: open,
  };
}

/** What the find fields of a refused form found (applyChoiceFinds), handed back to the form. */
export interface ChoiceFinds {
  /** Messages under the fields whose typed text found no single choice. */
  errors: Record<string, string[]>;
  /** The matches to choose from, by field, where the text matched several. */
  narrowed: Record<string, DropdownOption[]>;
  /** The choices found, by field (shown by name if the save is refused for another reason). */
  chosen: Record<string, DropdownOption>;
}

/**
 * A searchable dropdown's choices in a form: the matches of the name typed beside it when it matched several
 * (none chosen yet), else the list's first choices (with the one a name found); and, for a longer list, its find
 * field, emptied once it has offered its matches.
 */
export function choiceFieldProps(
  name: string,
  { options, more }: Choices,
  { findLabel, current, typed, found }: { findLabel: string; current: string; typed: string | undefined; found: ChoiceFinds | undefined },
) {
  const matches = found?.narrowed[name];
  const chosen = found?.chosen[name];
  return {
    initialOptions: matches ?? (chosen ? [chosen, ...options.filter((o) => o.value !== chosen.value)] : options),
    defaultValue: matches ? null : current || null,
    find: more || matches ? { label: findLabel, defaultValue: matches ? "" : typed } : undefined,
  };
}

/** A list's search, as the dropdown's options endpoint answers it. */
export type ChoiceFinder = (search: string, perPage: number) => Promise<{ options: DropdownOption[]; hasMore?: boolean }>;

/** What a text typed into a find field finds: one page of the list's search, then `pickFound`. */
export async function findChoice(find: ChoiceFinder, typed: string): Promise<FindOutcome & { options: DropdownOption[] }> {
  const text = findText(typed);
  const { options, hasMore } = await find(text, DROPDOWN_PAGE_SIZE);
  return { ...pickFound(text, options, hasMore), options };
}

/** A list's options endpoint as the portal calls it (companyOptions, individualOptions, companyUserOptions …). */
export type OptionsSearch = (query: { search?: string; perPage: number }) => Promise<{ options: DropdownOption[]; hasMore: boolean }>;

/** A list's first choices, for a dropdown's no-JavaScript select, and whether there are more. */
export async function firstChoices(search: OptionsSearch): Promise<Choices> {
  const { options, hasMore } = await search({ perPage: FIRST_CHOICES });
  return { options, more: hasMore };
}

/** A list's search behind a find field (a name typed beside the dropdown, without JavaScript). */
export const finderOf =
  (search: OptionsSearch): ChoiceFinder =>
  (text, perPage) =>
    search({ search: text, perPage });
