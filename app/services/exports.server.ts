import { exportListSchema, exportResponseSchema, type ExportBody } from "#contract/exports";
import type { Api } from "./api.server";

/** POST /export/{type}: the list's filter and sort. Answers the export (done when it was small enough to write at once). */
export const createExport = (api: Api, type: string, body: ExportBody) =>
  api.post(`/export/${encodeURIComponent(type)}`, { body, schema: exportResponseSchema });

/** GET /export: the user's exports, newest first. */
export const listExports = (api: Api, page: number) =>
  api.get("/export", { query: { "page[number]": String(page), "page[size]": "25" }, schema: exportListSchema });

/** The export's file, passed on as it streams from the API (its owner only). */
export const downloadExport = (api: Api, id: string) => api.download(`/export/download/${encodeURIComponent(id)}`);

/**
 * The list query the Export button posted (the API's own names: `filter[key]`, `filter[key][from]`, `sort`), read
 * back into the export's body. Anything else in the form is ignored; the API checks the filters as the list does.
 */
export function exportBodyOf(form: FormData): ExportBody {
  const filter: ExportBody["filter"] = {};
  for (const [name, raw] of form) {
    if (typeof raw !== "string" || raw === "") continue;
    const m = /^filter\[([^\]]+)\](?:\[(from|to)\])?$/.exec(name);
    if (!m) continue;
    const [, key, side] = m;
    if (side) {
      const range = typeof filter[key] === "object" ? (filter[key] as { from?: string; to?: string }) : {};
      range[side as "from" | "to"] = raw;
      filter[key] = range;
    } else filter[key] = raw;
  }
  const sort = form.get("sort");
  return { filter, ...(typeof sort === "string" && sort ? { sort } : {}) };
}
