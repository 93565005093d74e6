import { Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type ReactNode, type RefObject } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import { dateRangeBounds, sanitiseFilterInput, type FilterDefinition, type DropdownOption } from "#app/lib/filter-rules";
import { dateWindow } from "#common/dates";
import type { FilterValue, ListState } from "#app/lib/list-url";
import { shownDateText } from "#common/date-text";
import { filterFindName, type FilterFind } from "#app/lib/choice-find";
import { SearchableSelect } from "../form/searchable-select";
import { Form } from "../form/form";
import type { ListView } from "./list";

export interface FilterBarProps {
  /** The list: its address, spec and state (app/components/table/list.ts). */
  list: ListView;
  filters: readonly FilterDefinition[];
  /**
   * Labels of the current autocomplete values and the first options for the no-JavaScript select; `more` when the
   * list is longer (a find field is then offered beside the select), and what a name typed into it did not settle.
   */
  autocomplete?: Record<string, { selected?: DropdownOption | null; initial?: DropdownOption[]; more?: boolean; find?: FilterFind }>;
}

/** What FilterBar works out for the panel from the list's state (the list's URLs, in the first-load code). */
export interface FilterPanelProps extends Pick<FilterBarProps, "filters" | "autocomplete"> {
  state: ListState;
  /** Changes with the list's state: after a client-side navigation the inputs show the new filters. */
  formKey: string;
  /** Hidden inputs carrying the rest of the list's state through the form (search, sort, page size). */
  stateFields: ReactNode;
  /** By filter key: the list without that active filter (and its dependants: a stage goes with its pipeline). */
  removeHrefs: Record<string, string>;
  /** The list without any filter. */
  clearHref: string;
}

const inputClass = "mt-1 block w-44 rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const text = (v: FilterValue | undefined) => (typeof v === "string" ? v : "");
const range = (v: FilterValue | undefined) => (typeof v === "object" ? v : {});

/** Keeps a number filter's text to what its rules allow as the user types (JavaScript only). */
function numberTyping(def: FilterDefinition) {
  return (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const cleaned = sanitiseFilterInput(def, input.value, input.defaultValue);
    if (cleaned !== input.value) input.value = cleaned;
  };
}

function FilterControl({ def, state, autocomplete }: { def: FilterDefinition; state: ListState; autocomplete?: FilterBarProps["autocomplete"] }) {
  const id = `filter-${def.filterKey}`;
  const name = `filter[${def.filterKey}]`;
  const value = state.filters[def.filterKey];
  const label = (
    <label htmlFor={def.type === "date_range" ? `${id}-from` : id} className="block text-xs font-medium text-slate-600">
      {def.label}
    </label>
  );
  switch (def.type) {
    case "select":
      return (
        <div>
          {label}
          <select id={id} name={name} defaultValue={text(value)} disabled={def.disabled} className={inputClass}>
            <option value="">{def.emptyLabel ?? "All"}</option>
            {def.selectOptions?.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case "autocomplete": {
      const entry = autocomplete?.[def.filterKey];
      const matches = entry?.find?.narrowed;
      return (
        <SearchableSelect
          id={id}
          name={name}
          label={def.label}
          optionsUrl={def.optionsUrl}
          itemUrl={def.itemUrl}
          defaultValue={matches ? null : text(value) || null}
          defaultOption={entry?.selected ?? null}
          initialOptions={matches ?? entry?.initial ?? []}
          placeholder={def.placeholder ?? "Any"}
          disabled={def.disabled}
          className="w-56"
          errors={entry?.find ? [entry.find.error] : undefined}
          find={
            entry?.more || entry?.find
              ? { name: filterFindName(def.filterKey), label: `${def.label}: not listed? Type a name`, defaultValue: matches ? "" : entry?.find?.text }
              : undefined
          }
        />
      );
    }
    case "number": {
      return (
        <div>
          {label}
          <input
            id={id}
            name={name}
            type="text"
            inputMode="decimal"
            defaultValue={text(value)}
            placeholder={def.placeholder}
            disabled={def.disabled}
            onChange={numberTyping(def)}
            className={inputClass}
          />
        </div>
      );
    }
    case "date": {
      const window = dateWindow();
      return (
        <div>
          {label}
          <input id={id} name={name} type="date" defaultValue={text(value)} min={window.min} max={window.max} disabled={def.disabled} className={inputClass} />
        </div>
      );
    }
    case "date_range": {
      const r = range(value);
      const bounds = dateRangeBounds(r);
      return (
        <fieldset>
          <legend className="block text-xs font-medium text-slate-600">{def.label}</legend>
          <div className="mt-1 flex items-center gap-1">
            <label htmlFor={`${id}-from`} className="sr-only">
              {def.label} from
            </label>
            <input
              id={`${id}-from`}
              name={`${name}[from]`}
              type="date"
              defaultValue={r.from ?? ""}
              min={bounds.from.min}
              max={bounds.from.max}
              disabled={def.disabled}
              className={`${inputClass} w-36`}
            />
            <span aria-hidden="true">–</span>
            <label htmlFor={`${id}-to`} className="sr-only">
              {def.label} to
            </label>
            <input
              id={`${id}-to`}
              name={`${name}[to]`}
              type="date"
              defaultValue={r.to ?? ""}
              min={bounds.to.min}
              max={bounds.to.max}
              disabled={def.disabled}
              className={`${inputClass} w-36`}
            />
          </div>
        </fieldset>
      );
    }
    case "time":
      return (
        <div>
          {label}
          <input id={id} name={name} type="time" defaultValue={text(value)} disabled={def.disabled} className={inputClass} />
        </div>
      );
    default:
      return (
        <div>
          {label}
          <input
            id={id}
            name={name}
            type="text"
            defaultValue={text(value)}
            placeholder={def.placeholder}
            maxLength={500}
            disabled={def.disabled}
            className={inputClass}
          />
        </div>
      );
  }
}

/**
 * A typed filter applies as the search box does, 2 s after typing stops (the search box's SEARCH_DEBOUNCE_MS,
 * list-controls.tsx: not imported, so that the page's list code stays one chunk rather than one shared with
 * this island).
 */
const TYPED_FILTER_DEBOUNCE_MS = 2000;

/**
 * The panel lies in the list bar's "Filters" disclosure (FilterBar): with JavaScript it is a popover that a click
 * outside closes (not one in a dropdown the panel opened: those are drawn in a portal), and Escape closes giving
 * the focus back to the button, unless a control of the panel used the key (a dropdown closing itself: React's
 * handlers, on the document, run before this one).
 */
function usePopover(form: RefObject<HTMLFormElement>) {
  useEffect(() => {
    const details = form.current?.closest("details");
    if (!details) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (details.open && !details.contains(target) && !target.closest?.("#headlessui-portal-root")) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details.open || e.defaultPrevented || !details.contains(e.target as Node)) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [form]);
}

/** A text (or number) filter: typing in it applies like the search box, 2 s after typing stops, or at once with Enter. */
const isTyped = (el: HTMLInputElement) => el.type === "text" || el.type === "search";

/**
 * A filter panel: a GET form of filter inputs. With JavaScript a choice applies at once and a typed filter like
 * the search box (2 s after typing stops, Enter at once), so the form has no button; without it the Apply
 * button sends the form.
 */
function FilterForm({ stateFields, children }: { stateFields: ReactNode; children: ReactNode }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const send = () => (clearTimeout(timer.current), form.current && submit(form.current, { preventScrollReset: true }));
  usePopover(form);
  // This panel hydrates once its chunk has arrived, after the page's: a change made before then applies now.
  useEffect(() => {
    if (form.current && [...form.current.elements].some(changedBeforeHydrating)) send();
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel hydrates
  }, []);
  return (
    <Form
      ref={form}
      method="get"
      className="filter-form flex flex-wrap items-end gap-3"
      preventScrollReset
      onSubmit={() => clearTimeout(timer.current)}
      onChange={(e) => {
        const target = e.target as HTMLInputElement;
        if (!isTyped(target)) return send();
        // A searchable dropdown's own search box names no filter: its choice applies when made.
        if (!target.name.startsWith("filter[")) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(send, TYPED_FILTER_DEBOUNCE_MS);
      }}
      onKeyDown={(e) => {
        const target = e.target as HTMLInputElement;
        // Without a button a form of several text boxes has no implicit submission: Enter applies here.
        if (hydrated && e.key === "Enter" && target instanceof HTMLInputElement && isTyped(target) && target.name.startsWith("filter[")) {
          e.preventDefault();
          send();
        }
      }}
    >
      {stateFields}
      {children}
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          Apply
        </button>
      )}
    </Form>
  );
}

/** A control whose value is no longer the one the page was drawn with (text and search boxes do not apply on change). */
function changedBeforeHydrating(el: Element): boolean {
  if (el instanceof HTMLSelectElement) {
    // What a form reset would choose: the option drawn selected, else the first that can be chosen.
    const options = [...el.options];
    const drawn = options.findIndex((o) => o.defaultSelected);
    return el.selectedIndex !== (drawn === -1 ? options.findIndex((o) => !o.disabled) : drawn);
  }
  if (!(el instanceof HTMLInputElement) || ["text", "search", "hidden", "submit"].includes(el.type)) return false;
  return el.type === "checkbox" || el.type === "radio" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
}

function describe(def: FilterDefinition, value: FilterValue, autocomplete?: FilterBarProps["autocomplete"]): string {
  // A date as the portal shows dates (dd/mm/yy), not as the address holds it.
  const shown = (v: string) => (def.type === "date" || def.type === "date_range" ? (shownDateText(v) ?? v) : v);
  if (typeof value === "object") return `${def.label}: ${value.from ? shown(value.from) : "…"} – ${value.to ? shown(value.to) : "…"}`;
  if (def.type === "date") return `${def.label}: ${shown(value)}`;
  const option = def.selectOptions?.find((o) => o.value === value) ?? autocomplete?.[def.filterKey]?.selected;
  return `${def.label}: ${option && option.value === value ? option.label : value}`;
}

/** The filters of a list as one GET form (Apply without JavaScript, applied as they change with it). Lists show it through FilterBar (filter-bar.tsx), as an island. */
export function FilterPanel({ state, filters, autocomplete, formKey, stateFields }: FilterPanelProps) {
  return (
    // Keyed on the state: after a client-side navigation the inputs show the new filters.
    <FilterForm key={formKey} stateFields={stateFields}>
      {filters.map((def) => (
        <FilterControl key={def.filterKey} def={def} state={state} autocomplete={autocomplete} />
      ))}
    </FilterForm>
  );
}

/**
 * The active filters as chips, each a link to the list without it (and its dependants: a stage goes with its
 * pipeline), and "Clear filters". Lists show them beside the "Filters" button (FilterChipsBar, filter-bar.tsx).
 */
export function FilterChips({ state, filters, autocomplete, removeHrefs, clearHref }: FilterPanelProps) {
  const active = filters.filter((f) => state.filters[f.filterKey] !== undefined);
  if (!active.length) return null;
  return (
    <ul className="flex min-w-0 flex-wrap items-center gap-2" aria-label="Active filters">
      {active.map((def) => (
        <li
          key={def.filterKey}
          className="flex min-w-0 max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-xs text-slate-700 ring-1 ring-inset ring-slate-200 [overflow-wrap:anywhere]"
        >
          {describe(def, state.filters[def.filterKey]!, autocomplete)}
          <Link
            to={removeHrefs[def.filterKey]!}
            className="shrink-0 rounded-full px-1.5 leading-5 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
            aria-label={`Remove filter ${def.label}`}
            title={`Remove filter ${def.label}`}
            preventScrollReset
          >
            ✕
          </Link>
        </li>
      ))}
      <li>
        <Link to={clearHref} className="whitespace-nowrap text-xs font-medium text-brand underline" preventScrollReset>
          Clear filters
        </Link>
      </li>
    </ul>
  );
}
