/**
 * A bulk button's words: with the number of selected rows ('Delete 3 tasks'), or without JavaScript (the number
 * unknown) the list's own words ('Delete task(s)').
 */
export function bulkLabel(selected: number | null, verb: string, one: string, many: string, unknown = `${verb} ${one}(s)`): string {
  return selected ? `${verb} ${selected} ${selected === 1 ? one : many}` : unknown;
}
