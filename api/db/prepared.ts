import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * A statement built and prepared once per database, for the queries behind every page (the token check,
 * the signed-in user, the bell): drizzle builds its SQL once, and on PostgreSQL the named statement is
 * parsed and planned once per connection. `build` must use `sql.placeholder` for every value.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const statement = preparedPerShape((db) => build(db), 1);
  return (db) => statement(db, "", undefined);
}

/** The name to give drizzle's `prepare()` for a statement PostgreSQL should receive unnamed (planned per run). */
export const UNNAMED = undefined as unknown as string;

/**
 * Statements composed per request (a list's filters, sort and page) and built once per *shape* — which parts
 * are present, a placeholder for each value — per database: a later request of the same shape only fills in
 * its values, where drizzle would build the SQL again (a quarter of the tasks list's API time). `key` names
 * the shape; `build` composes it from a request of that shape and must use `sql.placeholder` for every value
 * that varies between requests of one key. PostgreSQL still receives an unnamed statement, planned with the
 * request's values, as before (a list's best plan depends on them: how selective a filter is, how deep the
 * page). The `max` most recently used shapes are kept.
 */
export function preparedPerShape<S, Q>(build: (db: Db, shape: S) => Q, max = 500): (db: Db, key: string, shape: S) => Q {
  const prepared = new WeakMap<Db, Map<string, Q>>();
  return (db, key, shape) => {
    let shapes = prepared.get(db);
    if (!shapes) {
      shapes = new Map();
      prepared.set(db, shapes);
    }
    let query = shapes.get(key);
    if (query) {
      shapes.delete(key); // most recently used last
    } else {
      query = build(db, shape);
      if (shapes.size >= max) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(key, query);
    return query;
  };
}

/**
 * `column = any($ids)`: a list of ids as one array parameter, so that a statement's text (and, for a named
 * statement, its plan) is the same whatever the number of ids. For rows read by id after a list has chosen them:
 * primary-key lookups, which PostgreSQL plans once for a named statement and then runs with a generic plan.
 */
export const oneOfIds = (column: AnyColumn, name = "ids"): SQL => sql`${column} = any(${sql.placeholder(name)}::integer[])`;

/** Rows read by id (`oneOfIds`) put back in the order of the ids asked for; ids without a row are left out. */
export function inIdOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
