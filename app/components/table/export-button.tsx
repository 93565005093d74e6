import { toApiQuery, toSearchParams } from "#app/lib/list-url";
import { Form } from "../form/form";
import type { ListView } from "./list";
import { Icon } from "../ui/icon";

/** Where the list kit's Export button posts (the exports page's action). */
export const EXPORT_ACTION = "/exports";

/**
 * The list kit's Export button: a form posting the list's current filter and sort (the URL's, as the list asked the
 * API for them) and the list's export type. A small list downloads at once; a big one goes to the exports page,
 * which follows its progress. A plain document form, with or without JavaScript (the answer is a file or a page).
 */
export function ExportButton({ list, type, label = "Export" }: { list: ListView; type: string; label?: string }) {
  const query = toApiQuery(list.state);
  delete query["page[number]"];
  delete query["page[size]"];
  const search = toSearchParams(list.state, list.spec).toString();
  return (
    <Form method="post" action={EXPORT_ACTION} reloadDocument className="inline">
      <input type="hidden" name="intent" value="export" />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="back" value={`${list.pathname}${search ? `?${search}` : ""}`} />
      {Object.entries(query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-secondary" title="Download the rows of this list, as filtered and sorted, as a CSV file">
        <Icon name="download" />
        {label}
      </button>
    </Form>
  );
}
