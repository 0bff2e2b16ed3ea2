import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Counts one hit on `key` in a fixed window and answers the count in the current window.
 * One atomic upsert, so the count holds across any number of server processes.
 */
export async function hit(db: Executor, key: string, windowSeconds: number, now: Date): Promise<number> {
  const [count] = await hitAll(db, [{ key, windowSeconds }], now);
  return count ?? 0;
}

/**
 * One hit on each key, each in its own fixed window, in a single statement; the counts come back
 * in the order of `keys` (which must be distinct).
 */
export async function hitAll(
  db: Executor,
  keys: { key: string; windowSeconds: number }[],
  now: Date,
): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowOf = sql`case excluded.key ${sql.join(
    keys.map((k) => sql`when ${k.key} then ${k.windowSeconds}::int`),
    sql` `,
  )} end`;
  const expired = sql`throttle_counters.window_start <= ${at} - make_interval(secs => ${windowOf})`;
  const rows = await queryRows<{ key: string; count: number }>(
    db,
    sql`
    insert into throttle_counters (key, window_start, count)
    values ${sql.join(
      keys.map((k) => sql`(${k.key}, ${at}, 1)`),
      sql`, `,
    )}
    on conflict (key) do update set
      count = case when ${expired} then 1 else throttle_counters.count + 1 end,
      window_start = case when ${expired} then excluded.window_start else throttle_counters.window_start end
    returning key, count`,
  );
  const counts = new Map(rows.map((r) => [r.key, Number(r.count)]));
  return keys.map((k) => counts.get(k.key) ?? 0);
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

/** Takes one hit back from each key (never below zero). */
export async function giveBack(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    update throttle_counters set count = greatest(count - 1, 0)
    where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`);
}

/** Forget a key. */
export async function reset(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/** A try that turned out well: forgets `forget` and takes one hit back from each of `giveBack` (never below zero). */
export async function settle(db: Executor, forget: string, giveBack: string[]): Promise<void> {
  await db.execute(sql`
    with forgotten as (delete from throttle_counters where key = ${forget})
    update throttle_counters set count = greatest(count - 1, 0)
    where key in (${sql.join(
      giveBack.map((k) => sql`${k}`),
      sql`, `,
    )})`);
}

/** Drop windows that ended long ago; run from a periodic job. */
export async function purgeOlderThan(db: Executor, before: Date): Promise<void> {
  await db.execute(
    sql`delete from throttle_counters where window_start < ${before.toISOString()}::timestamptz`,
  );
}
