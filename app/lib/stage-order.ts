import { isIdText } from "#common/ids";

/**
 * The order of a pipeline's stages as the pipeline page changes it: the move up / move down buttons
 * (forms, without JavaScript) and drag and drop (with it) both end in PUT /pipelines/{id}/update-order
 * with every stage id once, in the new order.
 */

/** The ids with one moved one place up (-1) or down (+1); unchanged at either end or when unknown. */
export function moveBy(ids: readonly number[], id: number, direction: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/**
 * The ids with `id` dropped on `targetId`: it takes the target's place, the ones between shift by one
 * (dragging down puts it after the target, dragging up before it). Unchanged for an unknown id.
 */
export function moveOnto(ids: readonly number[], id: number, targetId: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(targetId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/** Whether two orders differ (nothing to save when they do not). */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Stage ids posted by a form (repeated `pipeline_stage_id` fields): whole positive numbers, each once,
 * at most 100; null when anything else was sent.
 */
export function parseStageOrder(values: readonly unknown[]): number[] | null {
  if (values.length === 0 || values.length > 100) return null;
  if (!values.every(isIdText)) return null;
  const ids = values.map(Number);
  return new Set(ids).size === ids.length ? ids : null;
}
