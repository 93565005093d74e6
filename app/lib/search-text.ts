/**
 * Text typed to search with (a list's search box or filter, a dropdown's search, a find field, the global
 * search), as the portal sends it to the API: control characters become spaces — U+0000, which no database
 * text holds and the API refuses, tabs and line breaks pasted in — the ends are trimmed, and it is cut to `max`.
 */
export function searchText(raw: string | null | undefined, max: number): string {
  return (raw ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
}
