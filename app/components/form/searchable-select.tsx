import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { DROPDOWN_PAGE_SIZE, findFieldName, NO_RESULTS_TEXT } from "#app/lib/choice-find";
import type { DropdownOption } from "#app/lib/filter-rules";
import { useHydrated } from "#app/lib/use-hydrated";
import type { FieldFrameProps } from "./field";
import { SelectField } from "./select-field";

// The combobox (Headless UI, floating-ui and a virtualiser: about 38 KB gzip) is its own chunk, loaded once the
// page has hydrated; until then, and without JavaScript, the native select below is the control.
const SearchableCombobox = lazy(() => import("./searchable-combobox"));

// Spec §4 'Dropdown', §8, §9 (the page size and empty text are shared with the no-JavaScript find field).
export { DROPDOWN_PAGE_SIZE, NO_RESULTS_TEXT };
export const DROPDOWN_DEBOUNCE_MS = 300;
export const LOAD_MORE_OFFSET_PX = 50;
export const ADD_NEW_TEXT = "Add new";

export interface OptionsPage {
  options: DropdownOption[];
  /** false (or a page shorter than the page size) ends the list. */
  hasMore?: boolean;
}
/** The options resolver: search text, page number (from 1) and page size. */
export type OptionsResolver = (search: string, page: number, pageSize: number, signal?: AbortSignal) => Promise<OptionsPage>;
/** The item resolver: the option of one value, null when there is none. */
export type ItemResolver = (value: string, signal?: AbortSignal) => Promise<DropdownOption | null>;

/** A shorter page than asked for, or hasMore false, is the end of the list. */
export function isEndOfList(received: number, pageSize: number, hasMore?: boolean): boolean {
  return hasMore === false || received < pageSize;
}

/** True when a scrolled list is within `offset` px of its bottom (time to load the next page). */
export function isNearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }, offset = LOAD_MORE_OFFSET_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= offset;
}

function withQuery(url: string, params: Record<string, string>): string {
  const base = typeof window === "undefined" ? "http://localhost" : window.location.origin;
  const u = new URL(url, base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.origin === base ? `${u.pathname}${u.search}` : u.toString();
}

function toOption(raw: unknown): DropdownOption | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  if (o.value === undefined || o.value === null) return null;
  return {
    label: String(o.label ?? o.value),
    value: String(o.value),
    disabled: o.disabled === true || undefined,
    key: typeof o.key === "string" ? o.key : undefined,
    file_type: typeof o.file_type === "string" ? o.file_type : undefined,
  };
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** GET `url?search=…&page=N&perPage=20` answering `{ options: [{ label, value, disabled? }], hasMore }`. */
export function urlOptionsResolver(url: string): OptionsResolver {
  return async (search, page, pageSize, signal) => {
    const body = (await getJson(withQuery(url, { search, page: String(page), perPage: String(pageSize) }), signal)) as {
      options?: unknown[];
      hasMore?: unknown;
    };
    if (!body || !Array.isArray(body.options)) throw new Error(`${url} did not answer { options }`);
    return {
      options: body.options.map(toOption).filter((o): o is DropdownOption => o !== null),
      hasMore: typeof body.hasMore === "boolean" ? body.hasMore : undefined,
    };
  };
}

/** GET `url?value=…` answering `{ option: { label, value } | null }` (or the option itself). */
export function urlItemResolver(url: string): ItemResolver {
  return async (value, signal) => {
    const body = (await getJson(withQuery(url, { value }), signal)) as { option?: unknown } | null;
    return toOption(body && typeof body === "object" && "option" in body ? body.option : body);
  };
}

export interface SearchableSelectProps extends FieldFrameProps {
  /** The posted field name (a native select before hydration, a hidden input after). */
  name: string;
  /** Options endpoint (see urlOptionsResolver); or pass `resolveOptions`. */
  optionsUrl?: string;
  resolveOptions?: OptionsResolver;
  /** Item endpoint (see urlItemResolver); or pass `resolveItem`. Used on mount when only a value is known. */
  itemUrl?: string;
  resolveItem?: ItemResolver;
  /** The selected value. */
  defaultValue?: string | null;
  /** The selected option when its label is known (saves the item resolver call). */
  defaultOption?: DropdownOption | null;
  /** Options for the no-JavaScript select (the first page, usually, loaded by the route's loader). */
  initialOptions?: DropdownOption[];
  /**
   * `initialOptions` is the first page of a longer list: without JavaScript a text field (`{name}_find`) under the
   * select takes a name, which the form's action turns into the choice (applyChoiceFinds). Its label, and the text
   * it starts with.
   */
  find?: { label: string; defaultValue?: string; /** The find field's name, when not `{name}_find`. */ name?: string };
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** 'Add new' link shown with 'No results found'. */
  addNewHref?: string;
  addNewLabel?: string;
  onChange?: (option: DropdownOption | null) => void;
  pageSize?: number;
}

/**
 * The searchable dropdown (spec §4, §8, §9). Before hydration (and without JavaScript) a native select
 * holding `initialOptions` plus the selected option, so the form posts a valid value (and the page stays
 * usable while the combobox's chunk loads). After hydration a Headless UI combobox with a hidden input of the
 * same name (searchable-combobox.tsx): 300 ms debounced search, pages of 20 from
 * the options resolver, more at 50 px from the bottom, a shorter page ends the list; 'Loading...',
 * 'No results found' with an optional 'Add new'; a resolver failure is logged and ends the list; the
 * item resolver fills in the label of a value on mount, and its failure clears the selection. The typed
 * search text is cleared when the list closes.
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const hydrated = useHydrated();
  const { defaultValue, defaultOption, initialOptions = [] } = props;
  const known = useMemo(() => {
    if (!defaultValue) return null;
    if (defaultOption && defaultOption.value === defaultValue) return defaultOption;
    return initialOptions.find((o) => o.value === defaultValue) ?? null;
  }, [defaultValue, defaultOption, initialOptions]);

  const options =
    defaultValue && !initialOptions.some((o) => o.value === defaultValue)
      ? [known ?? { label: defaultValue, value: defaultValue }, ...initialOptions]
      : initialOptions;
  const native = (
    <SelectField
      id={props.id}
      name={props.name}
      label={props.label}
      errors={props.errors}
      help={props.help}
      required={props.required}
      success={props.success}
      className={props.className}
      disabled={props.disabled}
      placeholder={props.placeholder}
      options={options}
      defaultValue={defaultValue ?? ""}
    />
  );
  if (!hydrated)
    return props.find ? (
      <FindAnother id={props.id} {...props.find} name={props.find.name ?? findFieldName(props.name)}>
        {native}
      </FindAnother>
    ) : (
      native
    );
  return (
    <Suspense fallback={native}>
      <SearchableCombobox {...props} known={known} />
    </Suspense>
  );
}

/**
 * The native select of a long list's first choices, and a text field under it for any other (see `find`). The
 * field is in a `noscript`: with JavaScript the combobox replaces the select, and the field would go with it, moving
 * what is below it as the page comes alive.
 */
function FindAnother({ id, name, label, defaultValue, children }: { id: string; name: string; label: string; defaultValue?: string; children: ReactNode }) {
  return (
    <div>
      {children}
      <noscript>
        <div className="-mt-2 pb-3">
          <label htmlFor={`${id}-find`} className="text-xs text-slate-600">
            {label}
          </label>
          <input
            id={`${id}-find`}
            type="text"
            name={name}
            defaultValue={defaultValue}
            maxLength={100}
            autoComplete="off"
            className="field-input mt-0.5 py-1.5"
          />
        </div>
      </noscript>
    </div>
  );
}
