import { and, gte, like, lt, sql, type SQL } from "drizzle-orm";
import { likeEscape } from "../http/paging";

/**
 * "Starts with" on a lower-cased, indexed expression, in a form a plain btree index can serve under any
 * collation (pg_trgm is not available on PGlite): a range lower(x) >= 'abc' and < 'abd' that the index
 * scans, and a LIKE 'abc%' that keeps only true prefixes. `text` must be lower-cased already.
 */
export function startsWith(expression: SQL, text: string): SQL {
  const last = text.charCodeAt(text.length - 1);
  const upper = text.slice(0, -1) + String.fromCharCode(last + 1);
  return and(gte(expression, text), lt(expression, upper), like(expression, `${likeEscape(text)}%`))!;
}

export const lower = (column: unknown) => sql`lower(${column})`;
