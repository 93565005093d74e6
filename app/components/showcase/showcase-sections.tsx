import type { ReactNode } from "react";
import { Form } from "../form/form";
import { DateInput } from "../form/date-input";
import { Field, FormAlert, PasswordField } from "../form/field";
import { FileField } from "../form/file-field";
import { NumberInput } from "../form/number-input";
import { SearchableSelect, type OptionsResolver } from "../form/searchable-select";
import { SelectField } from "../form/select-field";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icon";
import { ICON_NAMES } from "../ui/icon-names";

const STAGES = [
  { value: "lead", label: "Lead" },
  { value: "qualified", label: "Qualified" },
  { value: "proposal", label: "Proposal sent" },
  { value: "won", label: "Won" },
];

const PEOPLE = ["Amelia Hart", "Ben Okafor", "Chloe Singh", "Daniel Evans", "Ella Brooks", "Finn Murphy", "Grace Li", "Harry Clarke"].map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

/** The searchable dropdown's options, filtered here (a real field asks its endpoint). */
const resolvePeople: OptionsResolver = async (search, page, pageSize) => {
  const found = PEOPLE.filter((p) => p.label.toLowerCase().includes(search.toLowerCase()));
  return { options: found.slice((page - 1) * pageSize, page * pageSize), hasMore: false };
};

const ROWS = [
  { name: "Renewal — Harbour Freight Ltd", owner: "Amelia Hart", due: "02/12/2026", amount: "£12,400.00", status: ["Open", "info"] },
  { name: "New policy — Bloom Bakery", owner: "Ben Okafor", due: "28/11/2026", amount: "£3,250.00", status: ["Due soon", "warning"] },
  { name: "Claim review — Northgate Estates", owner: "Chloe Singh", due: "19/11/2026", amount: "£880.50", status: ["Overdue", "danger"] },
  { name: "Quote accepted — Kestrel Logistics", owner: "Daniel Evans", due: "14/11/2026", amount: "£7,120.00", status: ["Won", "success"] },
] as const;

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card min-w-0 p-4 sm:p-6" data-showcase-section={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Swatch({ name, className }: { name: string; className: string }) {
  return (
    <li className="flex items-center gap-3">
      <span className={`h-9 w-9 rounded-md ring-1 ring-inset ring-slate-900/10 ${className}`} />
      <span className="text-sm text-slate-700">{name}</span>
    </li>
  );
}

/**
 * The showcase's sections (route `datatable-showcase`): every control, button, badge, alert, empty state and icon as
 * the kit draws them. An island of the showcase page (its route module): the server draws it in full, the browser
 * hydrates it once its chunk has arrived, after the page's first-load JavaScript.
 */
export function ShowcaseSections() {
  return (
    <div className="grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <Section id="tokens" title="Tokens" description="Colours of this edition (the accent is the company's colour when it has one) and the type scale.">
        <div className="grid gap-8 md:grid-cols-2">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Swatch name="Accent" className="bg-brand" />
            <Swatch name="Side menu" className="bg-sidebar" />
            <Swatch name="Canvas" className="bg-canvas" />
            <Swatch name="Line" className="bg-line" />
            <Swatch name="Success" className="bg-emerald-600" />
            <Swatch name="Danger" className="bg-red-600" />
          </ul>
          <div className="space-y-1.5 text-slate-900">
            <p className="text-3xl font-semibold">Page title 28</p>
            <p className="text-2xl font-semibold">Heading 22</p>
            <p className="text-lg font-semibold">Section 16</p>
            <p className="text-base">Body 14 — the quick brown fox jumps over the lazy dog.</p>
            <p className="text-sm text-slate-600">Small 13 — tables, fields and buttons.</p>
            <p className="text-xs text-slate-500">Caption 12 — helper text and badges.</p>
          </div>
        </div>
      </Section>

      <Section
        id="buttons"
        title="Buttons"
        description="Primary for the one main action, secondary beside it, danger for what cannot be undone, quiet for the rest."
      >
        <div className="flex flex-wrap items-center gap-3" data-showcase="buttons">
          <button type="button" className="btn-primary">
            <Icon name="plus" />
            New task
          </button>
          <button type="button" className="btn-secondary">
            <Icon name="download" />
            Export
          </button>
          <button type="button" className="btn-danger">
            <Icon name="trash-2" />
            Delete
          </button>
          <button type="button" className="btn-quiet">
            <Icon name="pencil" />
            Edit
          </button>
          <button type="button" className="btn-primary" disabled>
            Saving…
          </button>
          <button type="button" className="btn-secondary btn-icon" aria-label="More actions">
            <Icon name="ellipsis" />
          </button>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button type="button" className="btn-primary btn-sm">
            Small primary
          </button>
          <button type="button" className="btn-secondary btn-sm">
            <Icon name="sliders-horizontal" />
            Filters
          </button>
          <button type="button" className="btn-quiet btn-sm">
            Clear filters
          </button>
        </div>
      </Section>

      <Section id="controls" title="Form controls" description="Label above, control, helper text, error line: every control 36 px high with one focus ring.">
        <Form method="get" className="grid gap-x-6 gap-y-1 md:grid-cols-2" data-showcase="controls">
          <Field id="sc-name" name="name" label="Company name" required placeholder="e.g. Harbour Freight Ltd" help="As registered at Companies House." />
          <Field id="sc-email" name="email" type="email" label="E-mail" defaultValue="not-an-address" errors={["Enter a valid e-mail address."]} />
          <Field id="sc-ref" name="reference" label="Reference" defaultValue="HF-2026-014" success />
          <PasswordField id="sc-password" name="password" label="Password" autoComplete="new-password" />
          <NumberInput id="sc-revenue" name="revenue" label="Revenue (£)" min={0} decimals={2} thousands defaultValue="12500" />
          <DateInput id="sc-due" name="due" label="Due date" defaultValue="2026-12-02" />
          <SelectField id="sc-stage" name="stage" label="Stage" options={STAGES} placeholder="Choose a stage…" defaultValue="qualified" />
          <SearchableSelect id="sc-owner" name="owner" label="Assigned to" initialOptions={PEOPLE} resolveOptions={resolvePeople} placeholder="Choose…" />
          <SelectField id="sc-disabled" name="locked" label="Disabled" options={STAGES} disabled />
          <FileField id="sc-file" name="file" label="Attachment" help="PDF, Word or an image, up to 10 MB." />
          <div className="md:col-span-2">
            <label htmlFor="sc-notes" className="field-label">
              Notes
            </label>
            <textarea id="sc-notes" name="notes" rows={3} className="field-input" placeholder="Anything the team should know" />
            <p className="field-error" />
          </div>
          <fieldset className="pb-4">
            <legend className="field-label">Notify</legend>
            <div className="mt-2 space-y-2 text-sm text-slate-700">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="notify" value="email" defaultChecked /> By e-mail
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="notify" value="sms" /> By text message
              </label>
            </div>
          </fieldset>
          <fieldset className="pb-4">
            <legend className="field-label">Priority</legend>
            <div className="mt-2 space-y-2 text-sm text-slate-700">
              <label className="flex items-center gap-2">
                <input type="radio" name="priority" value="normal" defaultChecked /> Normal
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="priority" value="high" /> High
              </label>
            </div>
          </fieldset>
          <div className="flex justify-end gap-2 border-t border-line pt-4 md:col-span-2">
            <button type="reset" className="btn-secondary">
              Reset
            </button>
            <button type="submit" className="btn-primary">
              <Icon name="check" />
              Save
            </button>
          </div>
        </Form>
      </Section>

      <Section id="badges" title="Status badges" description="A status as a tinted pill; the dot marks a live state.">
        <div className="flex flex-wrap gap-2" data-showcase="badges">
          <Badge>Draft</Badge>
          <Badge tone="info" dot>
            Open
          </Badge>
          <Badge tone="success" dot>
            Active
          </Badge>
          <Badge tone="warning" dot>
            Due soon
          </Badge>
          <Badge tone="danger" dot>
            Overdue
          </Badge>
          <Badge tone="brand">New</Badge>
        </div>
        <div className="scroll-x mt-6 rounded-lg border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Badges in a table</caption>
            <thead className="bg-slate-50 text-xs font-medium text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Task
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Owner
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Due
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ROWS.map((r) => (
                <tr key={r.name} className="hover:bg-slate-50/70">
                  <td className="px-4 py-2.5 font-medium text-slate-900">{r.name}</td>
                  <td className="px-4 py-2.5 text-slate-600">{r.owner}</td>
                  <td className="whitespace-nowrap px-4 py-2.5 tabular-nums text-slate-600">{r.due}</td>
                  <td className="whitespace-nowrap px-4 py-2.5 text-right tabular-nums text-slate-900">{r.amount}</td>
                  <td className="px-4 py-2.5">
                    <Badge tone={r.status[1]} dot>
                      {r.status[0]}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="alerts" title="Alerts" description="A message on the page, tinted by what it means.">
        <div className="grid gap-3" data-showcase="alerts">
          <Alert tone="info" title="Imports run overnight">
            Rows added after 18:00 appear in the list the next morning.
          </Alert>
          <Alert tone="success">The task was saved.</Alert>
          <Alert tone="warning" title="Renewal due in 7 days">
            Send the renewal pack before 02/12/2026.
          </Alert>
          <Alert tone="danger">Check the fields marked below.</Alert>
          <FormAlert messages={["Failed to create task."]} />
        </div>
      </Section>

      <Section id="empty" title="Empty state" description="What a list shows before it holds anything, with the action that fills it.">
        <div className="rounded-lg border border-dashed border-slate-300" data-showcase="empty">
          <EmptyState
            icon="list-checks"
            title="No tasks yet"
            action={
              <a href="#controls" className="btn-primary">
                <Icon name="plus" />
                New task
              </a>
            }
          >
            Tasks you create or are assigned appear here, with their stage and due date.
          </EmptyState>
        </div>
      </Section>

      <Section id="icons" title="Icons" description="Lucide, from one SVG sprite: no icon font and no JavaScript per icon.">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-showcase="icons">
          {ICON_NAMES.map((name) => (
            <li key={name} className="flex items-center gap-2.5 rounded-md px-2 py-1.5 text-xs text-slate-600 hover:bg-slate-50">
              <Icon name={name} className="h-[18px] w-[18px] text-slate-800" />
              <span className="truncate">{name}</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
