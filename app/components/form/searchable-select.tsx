import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from "react";
import type { DropdownOption } from "../../lib/filter-rules";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldFrame, FieldStatusIcon, fieldAria, type FieldFrameProps } from "./field";
import { FileTypeIcon } from "./file-type-icon";
import { LOADING_TEXT, SelectField } from "./select-field";

// Spec §4 'Dropdown', §8, §9.
export const DROPDOWN_PAGE_SIZE = 20;
export const DROPDOWN_DEBOUNCE_MS = 300;
export const LOAD_MORE_OFFSET_PX = 50;
export const NO_RESULTS_TEXT = "No results found";
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
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** 'Add new' link shown with 'No results found'. */
  addNewHref?: string;
  addNewLabel?: string;
  onChange?: (option: DropdownOption | null) => void;
  pageSize?: number;
}

interface LoadedList {
  search: string;
  page: number;
  options: DropdownOption[];
  ended: boolean;
}

/**
 * The searchable dropdown (spec §4, §8, §9). Before hydration (and without JavaScript) a native select
 * holding `initialOptions` plus the selected option, so the form posts a valid value. After hydration a
 * Headless UI combobox with a hidden input of the same name: 300 ms debounced search, pages of 20 from
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

  if (!hydrated) {
    const options = defaultValue && !initialOptions.some((o) => o.value === defaultValue)
      ? [known ?? { label: defaultValue, value: defaultValue }, ...initialOptions]
      : initialOptions;
    return (
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
  }
  return <SearchableCombobox {...props} known={known} />;
}

function SearchableCombobox({
  id,
  name,
  label,
  errors,
  help,
  required,
  success,
  className,
  disabled,
  placeholder = "Search...",
  optionsUrl,
  resolveOptions,
  itemUrl,
  resolveItem,
  defaultValue,
  known,
  addNewHref,
  addNewLabel = ADD_NEW_TEXT,
  onChange,
  pageSize = DROPDOWN_PAGE_SIZE,
}: SearchableSelectProps & { known: DropdownOption | null }) {
  const optionsResolver = useMemo(
    () => resolveOptions ?? (optionsUrl ? urlOptionsResolver(optionsUrl) : null),
    [resolveOptions, optionsUrl],
  );
  const itemResolver = useMemo(() => resolveItem ?? (itemUrl ? urlItemResolver(itemUrl) : null), [resolveItem, itemUrl]);

  const [selected, setSelected] = useState<DropdownOption | null>(() =>
    known ?? (defaultValue ? { label: defaultValue, value: defaultValue } : null),
  );
  const [resolvingItem, setResolvingItem] = useState(() => Boolean(defaultValue && !known && itemResolver));
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [list, setList] = useState<LoadedList | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<{ id: number; abort: AbortController | null; key: string | null }>({ id: 0, abort: null, key: null });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The label of a value known only by its value: fetched once on mount; a failure clears the selection.
  useEffect(() => {
    if (!defaultValue || known || !itemResolver) return;
    const abort = new AbortController();
    itemResolver(defaultValue, abort.signal)
      .then((option) => {
        if (abort.signal.aborted) return;
        setSelected(option);
        if (!option) onChangeRef.current?.(null);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error("Searchable dropdown: the item resolver failed", error);
        setSelected(null);
        onChangeRef.current?.(null);
      })
      .finally(() => {
        if (!abort.signal.aborted) setResolvingItem(false);
      });
    return () => abort.abort();
    // Only on mount: later selections are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const load = useCallback(
    async (text: string, page: number) => {
      if (!optionsResolver) {
        setList({ search: text, page, options: [], ended: true });
        return;
      }
      const key = `${page}:${text}`;
      if (request.current.key === key) return; // already on its way
      request.current.abort?.abort();
      const abort = new AbortController();
      const id = request.current.id + 1;
      request.current = { id, abort, key };
      setLoading(true);
      try {
        const result = await optionsResolver(text, page, pageSize, abort.signal);
        if (request.current.id !== id) return;
        setList((prev) => ({
          search: text,
          page,
          options: page === 1 || !prev ? result.options : [...prev.options, ...result.options],
          ended: isEndOfList(result.options.length, pageSize, result.hasMore),
        }));
      } catch (error) {
        if (request.current.id !== id) return;
        console.error("Searchable dropdown: the options resolver failed", error);
        setList((prev) => ({ search: text, page, options: page === 1 || !prev ? [] : prev.options, ended: true }));
      } finally {
        if (request.current.id === id) {
          request.current.key = null;
          setLoading(false);
        }
      }
    },
    [optionsResolver, pageSize],
  );

  // Typing: the search applies 300 ms after the last keystroke.
  useEffect(() => {
    if (query === search) return;
    const timer = setTimeout(() => setSearch(query), DROPDOWN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  useEffect(() => () => request.current.abort?.abort(), []);

  function handleScroll(event: UIEvent<HTMLElement>) {
    if (loading || !list || list.ended || list.search !== search) return;
    if (isNearBottom(event.currentTarget)) void load(list.search, list.page + 1);
  }

  function choose(option: DropdownOption | null) {
    setSelected(option);
    onChange?.(option);
  }

  function handleClose() {
    setQuery("");
    setSearch("");
  }

  const invalid = Boolean(errors?.length);
  const options = list?.search === search ? list.options : (list?.options ?? []);
  const showLoading = loading || !list;
  const showEmpty = !showLoading && list !== null && list.search === search && options.length === 0;

  return (
    <FieldFrame id={id} label={label} errors={errors} help={help} required={required} className={className}>
      <input type="hidden" name={name} value={selected?.value ?? ""} />
      <Combobox<DropdownOption | null> value={selected} onChange={choose} onClose={handleClose} by="value" disabled={disabled} immediate>
        {({ open: isOpen }) => (
          <>
            <LoadWhenOpen open={isOpen} search={search} loadedSearch={list?.search ?? null} load={load} />
            <div className="relative">
              <ComboboxInput<DropdownOption | null>
                id={id}
                {...fieldAria({ id, errors, help })}
                aria-busy={resolvingItem || undefined}
                aria-required={required || undefined}
                className="field-input pr-16"
                autoComplete="off"
                placeholder={resolvingItem ? LOADING_TEXT : placeholder}
                displayValue={(o) => (resolvingItem ? "" : (o?.label ?? ""))}
                onChange={(event) => setQuery(event.target.value)}
              />
              <FieldStatusIcon invalid={invalid} success={success} className="right-10" />
              {!required && selected && !disabled ? (
                <button
                  type="button"
                  aria-label="Clear selection"
                  className="absolute inset-y-0 right-7 my-1 px-1 text-slate-400 hover:text-slate-700"
                  onClick={() => choose(null)}
                >
                  ×
                </button>
              ) : null}
              <ComboboxButton aria-label={`Show ${label} options`} className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500">
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4">
                  <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" clipRule="evenodd" />
                </svg>
              </ComboboxButton>
            </div>
            <ComboboxOptions
              anchor="bottom start"
              modal={false}
              onScroll={handleScroll}
              className="z-50 max-h-60 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible"
            >
              {options.map((option) => (
                <ComboboxOption
                  key={option.key ?? option.value}
                  value={option}
                  disabled={option.disabled}
                  className="flex cursor-pointer select-none items-center gap-2 px-3 py-2 data-[disabled]:cursor-not-allowed data-[focus]:bg-slate-100 data-[disabled]:text-slate-400 data-[selected]:font-semibold"
                >
                  {option.file_type ? <FileTypeIcon fileType={option.file_type} className="h-5 w-5 shrink-0" /> : null}
                  <span className="truncate">{option.label}</span>
                </ComboboxOption>
              ))}
              {showLoading ? (
                <div role="status" className="px-3 py-2 text-slate-500">
                  {LOADING_TEXT}
                </div>
              ) : null}
              {showEmpty ? (
                <div role="status" className="flex items-center justify-between gap-2 px-3 py-2 text-slate-500">
                  <span>{NO_RESULTS_TEXT}</span>
                  {addNewHref ? (
                    <a href={addNewHref} className="font-medium text-brand underline">
                      {addNewLabel}
                    </a>
                  ) : null}
                </div>
              ) : null}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
    </FieldFrame>
  );
}

/** Page 1 when the list opens, or when the search changes while it is open. */
function LoadWhenOpen({
  open,
  search,
  loadedSearch,
  load,
}: {
  open: boolean;
  search: string;
  loadedSearch: string | null;
  load: (search: string, page: number) => Promise<void>;
}) {
  useEffect(() => {
    if (open && loadedSearch !== search) void load(search, 1);
  }, [open, search, loadedSearch, load]);
  return null;
}
