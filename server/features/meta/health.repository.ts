import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Whether the database answers `select 1` within `withinMs`. The query is never left to reject
 * unhandled: a late answer (or a late failure) after the time ran out is only ignored.
 */
export async function databaseAnswers(db: Db, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
