import type { Executor } from './client.ts';

/**
 * A query the hot paths run on every call, built once per database (and prepared on the server
 * by name) instead of assembled by the query builder each time. The builder runs on first use
 * against each database: the app's, a test's, a transaction's.
 */
export function preparedPerDatabase<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
