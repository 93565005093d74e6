/** Runs one call per item (as the API asks), in small parallel batches; counts what failed. */
export async function forEachItem(ids: string[], call: (id: string) => Promise<unknown>, batch = 4): Promise<{ done: number; failed: number }> {
  let failed = 0;
  for (let i = 0; i < ids.length; i += batch) {
    const results = await Promise.allSettled(ids.slice(i, i + batch).map(call));
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return { done: ids.length - failed, failed };
}

/** The list URL behind a bulk confirmation: the list's own query without the selected ids. */
export function listHrefWithoutIds(url: URL, listPath: string): string {
  const params = new URLSearchParams(url.search);
  params.delete("ids");
  params.delete("index");
  const q = params.toString();
  return `${listPath}${q ? `?${q}` : ""}`;
}

/** The selected ids carried by a confirmation URL or its form, checked against the id shape of the list. */
export function idsFrom(params: URLSearchParams, shape: RegExp, max = 100): string[] {
  return [...new Set(params.getAll("ids").filter((id) => shape.test(id)))].slice(0, max);
}

export const UUID_SHAPE = /^[0-9a-f-]{36}$/i;
export const NUMERIC_ID_SHAPE = /^[1-9][0-9]{0,9}$/;
