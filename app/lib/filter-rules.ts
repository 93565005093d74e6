/**
 * Table filters (spec §3 'Table filter definition', §5 'Table numeric filters'):
 * - a filter keyed `amount` accepts only digits with up to 2 decimals;
 * - number filters clamp to `minValue` / `maxValue`, to the `moreThan` / `lessThan` sibling's value,
 *   and to 0 unless `allowNegative`;
 * - a date_range's From is at most its To. When a URL brings From after To, **To is raised to From**
 *   (the From the user chose is kept; the range becomes that single day). The same choice holds for a
 *   pair of sibling filters: the upper one (`moreThan`) is raised to the lower one.
 *
 * The browser uses these while typing and for the inputs' min/max; the server loader runs
 * `normaliseFilters` over what the URL holds, so a hand-edited or no-JavaScript URL is cleaned the same way.
 */
import { dateWindow, normaliseTimeText, parseDateText } from "#common/dates";
import { numberToText, parseNumericText, sanitiseNumericInput } from "#common/numbers";

export type FilterType = "text" | "number" | "select" | "autocomplete" | "date" | "date_range" | "time";

/** The spec's Dropdown option: label, value, disabled, optional key and file_type (icon). */
export interface DropdownOption {
  label: string;
  value: string;
  disabled?: boolean;
  key?: string;
  /** jpg, png, jpeg, doc, docx, xls, xlsx, pdf show matching icons (see file-types.ts). */
  file_type?: string;
}
export type SelectOption = DropdownOption;

/** The spec's table filter definition. */
export interface FilterDefinition {
  filterKey: string;
  label: string;
  type: FilterType;
  placeholder?: string;
  disabled?: boolean;
  /** Options of a select filter; a value not among them (or disabled) is dropped. */
  selectOptions?: DropdownOption[];
  /** The label of a select filter's empty choice (no filter sent); default 'All'. */
  emptyLabel?: string;
  minValue?: number;
  maxValue?: number;
  /** The filterKey of the sibling this value must not be below (this is the "to" of a pair). */
  moreThan?: string;
  /** The filterKey of the sibling this value must not be above (this is the "from" of a pair). */
  lessThan?: string;
  /** Number filters: negatives allowed (otherwise a negative value becomes 0). */
  allowNegative?: boolean;
  /** Filters that are removed when this one is removed (pipeline_id → pipeline_stage_id). */
  dependants?: string[];
  /** Autocomplete filters: the options and item resolver URLs of the searchable dropdown. */
  optionsUrl?: string;
  itemUrl?: string;
}

export interface FilterRange {
  from?: string;
  to?: string;
}
/** A cleaned filter value: a string, or a range for date_range. */
export type FilterValue = string | FilterRange;
export type FilterValues = Record<string, FilterValue>;
/** What a URL may bring for one filter (qs can also produce arrays and nested objects). */
export type FilterRawValue = string | number | string[] | FilterRange | Record<string, unknown> | null | undefined;

export interface FilterRuleOptions {
  /** Today for the ±200-year date window (a Date or "YYYY-MM-DD"); default now. */
  today?: Date | string;
}

export const TEXT_FILTER_MAX_LENGTH = 500;
export const AMOUNT_FILTER_KEY = "amount";
/** A finished amount: digits with up to 2 decimals ("12", "12.5", "12.50"; "12." is read as 12). */
export const AMOUNT_VALUE = /^\d+(\.\d{0,2})?$/;
/** What an amount field may hold while typing ("", "12.", ".5" is not allowed). */
export const AMOUNT_INPUT = /^(\d+(\.\d{0,2})?)?$/;

export function isAmountFilter(def: Pick<FilterDefinition, "filterKey">): boolean {
  return def.filterKey === AMOUNT_FILTER_KEY;
}

export function isAmountInput(text: string): boolean {
  return AMOUNT_INPUT.test(text);
}

/**
 * The keystroke filter of a number filter: an amount keeps the previous text when the new one is not
 * a valid partial amount; other number filters keep digits, one dot and (when allowed) a leading minus.
 */
export function sanitiseFilterInput(def: FilterDefinition, text: string, previous: string): string {
  if (def.type !== "number") return text;
  if (isAmountFilter(def)) return isAmountInput(text) ? text : previous;
  return sanitiseNumericInput(text, { allowNegative: def.allowNegative === true });
}

function firstString(raw: FilterRawValue): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === "number") return Number.isFinite(raw) ? String(raw) : undefined;
  if (typeof raw === "string") return raw;
  if (Array.isArray(raw)) return typeof raw[0] === "string" ? raw[0] : undefined;
  return undefined;
}

function asRange(raw: FilterRawValue): FilterRange | undefined {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  return {
    from: typeof r.from === "string" ? r.from : undefined,
    to: typeof r.to === "string" ? r.to : undefined,
  };
}

function siblingNumber(raw: FilterRawValue): number | undefined {
  const parsed = parseNumericText(firstString(raw));
  return parsed.kind === "ok" ? parsed.value : undefined;
}

function siblingDate(raw: FilterRawValue, today?: Date | string): string | undefined {
  const parsed = parseDateText(firstString(raw), today);
  return parsed.ok ? parsed.value : undefined;
}

function siblingTime(raw: FilterRawValue): string | undefined {
  return normaliseTimeText(firstString(raw)) ?? undefined;
}

function maxOf<T extends string | number>(values: (T | undefined)[]): T | undefined {
  return values.reduce<T | undefined>((acc, v) => (v === undefined ? acc : acc === undefined || v > acc ? v : acc), undefined);
}
function minOf<T extends string | number>(values: (T | undefined)[]): T | undefined {
  return values.reduce<T | undefined>((acc, v) => (v === undefined ? acc : acc === undefined || v < acc ? v : acc), undefined);
}

/**
 * The lowest and highest value a number filter may take given its siblings: minValue, the moreThan
 * sibling and 0 (unless negatives are allowed) below; maxValue and the lessThan sibling above.
 */
export function numberFilterBounds(def: FilterDefinition, siblings: Record<string, FilterRawValue> = {}): { min?: number; max?: number } {
  const min = maxOf([def.minValue, def.moreThan ? siblingNumber(siblings[def.moreThan]) : undefined, def.allowNegative ? undefined : 0]);
  const max = minOf([def.maxValue, def.lessThan ? siblingNumber(siblings[def.lessThan]) : undefined]);
  return { min, max };
}

/** The min/max of a date or time filter from its siblings (dates also within the ±200-year window). */
export function dateFilterBounds(
  def: FilterDefinition,
  siblings: Record<string, FilterRawValue> = {},
  options: FilterRuleOptions = {},
): { min?: string; max?: string } {
  if (def.type === "time") {
    return {
      min: def.moreThan ? siblingTime(siblings[def.moreThan]) : undefined,
      max: def.lessThan ? siblingTime(siblings[def.lessThan]) : undefined,
    };
  }
  const window = dateWindow(options.today);
  return {
    min: maxOf([window.min, def.moreThan ? siblingDate(siblings[def.moreThan], options.today) : undefined]),
    max: minOf([window.max, def.lessThan ? siblingDate(siblings[def.lessThan], options.today) : undefined]),
  };
}

/** The min/max of a date_range's two inputs: From at most To, To at least From. */
export function dateRangeBounds(value: FilterRange | undefined, options: FilterRuleOptions = {}) {
  const window = dateWindow(options.today);
  const from = value?.from && parseDateText(value.from, options.today).ok ? value.from : undefined;
  const to = value?.to && parseDateText(value.to, options.today).ok ? value.to : undefined;
  return {
    from: { min: window.min, max: to ?? window.max },
    to: { min: from ?? window.min, max: window.max },
  };
}

function clamp<T extends string | number>(value: T, bounds: { min?: T; max?: T }): T {
  let v = value;
  if (bounds.min !== undefined && v < bounds.min) v = bounds.min;
  if (bounds.max !== undefined && v > bounds.max) v = bounds.max;
  return v;
}

/**
 * Cleans one filter value. `siblings` are the other filters' values (used by moreThan / lessThan).
 * Returns undefined when the value is empty or cannot be used (it is then left out of the query).
 * - text, autocomplete: trimmed, at most 500 characters;
 * - select: one of the enabled selectOptions (any value when the options are not known here);
 * - number: `amount` digits with up to 2 decimals, then clamped (see numberFilterBounds);
 * - date: a valid YYYY-MM-DD within the window, clamped to its siblings; time: HH:mm, clamped likewise;
 * - date_range: { from?, to? } of valid dates; if From is after To, To is raised to From.
 */
export function normaliseFilterValue(
  def: FilterDefinition,
  raw: FilterRawValue,
  siblings: Record<string, FilterRawValue> = {},
  options: FilterRuleOptions = {},
): FilterValue | undefined {
  if (def.type === "date_range") {
    const range = asRange(raw);
    if (!range) return undefined;
    const from = parseDateText(range.from, options.today);
    const to = parseDateText(range.to, options.today);
    const out: FilterRange = {};
    if (from.ok) out.from = from.value;
    if (to.ok) out.to = to.value;
    if (out.from && out.to && out.from > out.to) out.to = out.from;
    return out.from || out.to ? out : undefined;
  }

  const text = firstString(raw)?.trim();
  if (!text) return undefined;

  switch (def.type) {
    case "text":
    case "autocomplete":
      return text.slice(0, TEXT_FILTER_MAX_LENGTH);
    case "select": {
      if (!def.selectOptions?.length) return text.slice(0, TEXT_FILTER_MAX_LENGTH);
      return def.selectOptions.some((o) => String(o.value) === text && !o.disabled) ? text : undefined;
    }
    case "number": {
      if (isAmountFilter(def) && !AMOUNT_VALUE.test(text)) return undefined;
      const parsed = parseNumericText(text, { allowNegative: true });
      if (parsed.kind !== "ok") return undefined;
      return numberToText(clamp(parsed.value, numberFilterBounds(def, siblings)));
    }
    case "date": {
      const parsed = parseDateText(text, options.today);
      if (!parsed.ok) return undefined;
      return clamp(parsed.value, dateFilterBounds(def, siblings, options));
    }
    case "time": {
      const time = normaliseTimeText(text);
      if (!time) return undefined;
      return clamp(time, dateFilterBounds(def, siblings, options));
    }
  }
}

/**
 * Cleans every filter of a list from what the URL holds; unknown keys are dropped. Each value is first
 * cleaned on its own, then the upper siblings (`moreThan`) are raised to their lower sibling, then the
 * lower siblings (`lessThan`) are clamped to the result — so From 10 / To 5 becomes 10 / 10.
 */
export function normaliseFilters(defs: FilterDefinition[], raw: Record<string, FilterRawValue>, options: FilterRuleOptions = {}): FilterValues {
  const values: Record<string, FilterValue | undefined> = {};
  for (const def of defs) values[def.filterKey] = normaliseFilterValue(def, raw[def.filterKey], {}, options);
  for (const def of defs.filter((d) => d.moreThan)) {
    values[def.filterKey] = normaliseFilterValue(def, values[def.filterKey], values, options);
  }
  for (const def of defs.filter((d) => d.lessThan && !d.moreThan)) {
    values[def.filterKey] = normaliseFilterValue(def, values[def.filterKey], values, options);
  }
  const out: FilterValues = {};
  for (const def of defs) {
    const v = values[def.filterKey];
    if (v !== undefined) out[def.filterKey] = v;
  }
  return out;
}

/** The keys removed when `key` is removed: itself and its dependants, transitively (pipeline_id → pipeline_stage_id). */
export function keysRemovedWith(defs: FilterDefinition[], key: string): string[] {
  const byKey = new Map(defs.map((d) => [d.filterKey, d]));
  const out: string[] = [];
  const visit = (k: string) => {
    if (out.includes(k)) return;
    out.push(k);
    for (const dep of byKey.get(k)?.dependants ?? []) visit(dep);
  };
  visit(key);
  return out;
}

/** The values without `key` and its dependants. */
export function withoutFilter<T extends Record<string, unknown>>(defs: FilterDefinition[], values: T, key: string): Partial<T> {
  const removed = new Set(keysRemovedWith(defs, key));
  return Object.fromEntries(Object.entries(values).filter(([k]) => !removed.has(k))) as Partial<T>;
}

/** Does the list have any filter set (for 'No results found for your filters')? */
export function hasActiveFilters(values: Record<string, FilterValue | undefined>): boolean {
  return Object.values(values).some((v) => (v === undefined ? false : typeof v === "string" ? v !== "" : Boolean(v.from || v.to)));
}
