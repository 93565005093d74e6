/** Runs one call per item (as the API asks), in small parallel batches; counts what failed. */
export async function forEachItem(ids: string[], call: (id: string) => Promise<unknown>, batch = 4): Promise<{ done: number; failed: number }> {
  let failed = 0;
  for (let i = 0; i < ids.length; i += batch) {
    const results = await Promise.allSettled(ids.slice(i, i + batch).map(call));
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return { done: ids.length - failed, failed };
}
