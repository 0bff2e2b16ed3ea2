import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Counts one hit on `key` in a fixed window and answers the count in the current window.
 * One atomic upsert, so the count holds across any number of server processes.
 */
export async function hit(db: Executor, key: string, windowSeconds: number, now: Date): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into throttle_counters (key, window_start, count)
    values (${key}, ${now.toISOString()}::timestamptz, 1)
    on conflict (key) do update set
      count = case when throttle_counters.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   then 1 else throttle_counters.count + 1 end,
      window_start = case when throttle_counters.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   then excluded.window_start else throttle_counters.window_start end
    returning count`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** The count in `key`'s current window, without counting a hit (0 when the window has passed). */
export async function peek(db: Executor, key: string, windowSeconds: number, now: Date): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    select count from throttle_counters
    where key = ${key}
      and window_start > ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Takes one hit back (a try that turned out well); never below zero. */
export async function unhit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update throttle_counters set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forget a key (e.g. after a successful sign-in). */
export async function reset(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/** Drop windows that ended long ago; run from a periodic job. */
export async function purgeOlderThan(db: Executor, before: Date): Promise<void> {
  await db.execute(
    sql`delete from throttle_counters where window_start < ${before.toISOString()}::timestamptz`,
  );
}
