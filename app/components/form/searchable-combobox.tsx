import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { flushSync } from "react-dom";
import type { DropdownOption } from "#app/lib/filter-rules";
import { Icon } from "../ui/icon";
import { QUIET_FOCUS_EVENT } from "./focus-invalid";
import { FieldFrame, FieldStatusIcon, fieldAria } from "./field";
import { FileTypeIcon } from "./file-type-icon";
import {
  ADD_NEW_TEXT,
  DROPDOWN_DEBOUNCE_MS,
  DROPDOWN_PAGE_SIZE,
  isEndOfList,
  isNearBottom,
  NO_RESULTS_TEXT,
  urlItemResolver,
  urlOptionsResolver,
  type SearchableSelectProps,
} from "./searchable-select";
import { LOADING_TEXT } from "./select-field";

/**
 * The enhanced half of SearchableSelect (searchable-select.tsx), in its own chunk: a Headless UI combobox with
 * a hidden input of the field's name. Loaded lazily once the page has hydrated.
 */
interface LoadedList {
  search: string;
  page: number;
  options: DropdownOption[];
  ended: boolean;
}

export default function SearchableCombobox({
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
  const optionsResolver = useMemo(() => resolveOptions ?? (optionsUrl ? urlOptionsResolver(optionsUrl) : null), [resolveOptions, optionsUrl]);
  const itemResolver = useMemo(() => resolveItem ?? (itemUrl ? urlItemResolver(itemUrl) : null), [resolveItem, itemUrl]);

  const [selected, setSelected] = useState<DropdownOption | null>(() => known ?? (defaultValue ? { label: defaultValue, value: defaultValue } : null));
  const [resolvingItem, setResolvingItem] = useState(() => Boolean(defaultValue && !known && itemResolver));
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [list, setList] = useState<LoadedList | null>(null);
  const [loading, setLoading] = useState(false);
  // The list opens when the field takes focus, except when the form moves focus here after a refused submit
  // (focus-invalid.ts): then it stays shut until the user types, presses ArrowDown or uses the chevron.
  const [quiet, setQuiet] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const focusQuietly = () => {
      flushSync(() => setQuiet(true));
      input.focus();
    };
    input.addEventListener(QUIET_FOCUS_EVENT, focusQuietly);
    return () => input.removeEventListener(QUIET_FOCUS_EVENT, focusQuietly);
  }, []);
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
      <Combobox<DropdownOption | null> value={selected} onChange={choose} onClose={handleClose} by="value" disabled={disabled} immediate={!quiet}>
        {({ open: isOpen }) => (
          <>
            <LoadWhenOpen open={isOpen} search={search} loadedSearch={list?.search ?? null} load={load} />
            <div className="relative">
              <ComboboxInput<DropdownOption | null>
                ref={inputRef}
                onBlur={() => setQuiet(false)}
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
                  className="absolute inset-y-0 right-8 my-1.5 flex items-center rounded px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                  onClick={() => choose(null)}
                >
                  <Icon name="x" className="h-3.5 w-3.5" />
                </button>
              ) : null}
              <ComboboxButton
                aria-label={`Show ${label} options`}
                className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2 text-slate-500 hover:text-slate-700"
              >
                <Icon name="chevron-down" className="h-[18px] w-[18px]" />
              </ComboboxButton>
            </div>
            <ComboboxOptions
              anchor="bottom start"
              modal={false}
              onScroll={handleScroll}
              className="z-50 max-h-60 w-[var(--input-width)] overflow-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-popover [--anchor-gap:6px] empty:invisible"
            >
              {options.map((option) => (
                <ComboboxOption
                  key={option.key ?? option.value}
                  value={option}
                  disabled={option.disabled}
                  className="group/option flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-1.5 text-slate-800 data-[disabled]:cursor-not-allowed data-[focus]:bg-slate-100 data-[disabled]:text-slate-400 data-[selected]:font-medium"
                >
                  {option.file_type ? <FileTypeIcon fileType={option.file_type} className="h-5 w-5 shrink-0" /> : null}
                  <span className="min-w-0 flex-1 truncate">{option.label}</span>
                  <Icon name="check" className="invisible text-brand group-data-[selected]/option:visible" />
                </ComboboxOption>
              ))}
              {showLoading ? (
                <div role="status" className="px-2.5 py-1.5 text-slate-500">
                  {LOADING_TEXT}
                </div>
              ) : null}
              {showEmpty ? (
                <div role="status" className="flex items-center justify-between gap-2 px-2.5 py-1.5 text-slate-500">
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
