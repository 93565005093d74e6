import type { Db } from "./client";

/**
 * A statement built and prepared once per database, for the queries behind every page (the token check,
 * the signed-in user, the bell): drizzle builds its SQL once, and on PostgreSQL the named statement is
 * parsed and planned once per connection. `build` must use `sql.placeholder` for every value.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
