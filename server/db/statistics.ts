/**
 * Planner statistics for the embedded database. PGlite has no autovacuum, so without this its
 * planner never learns how many rows a table holds and guesses every plan (docs/performance.md,
 * "Regras de reserva": search 24 → 16–21 ms with statistics on the generated market). PostgreSQL
 * keeps its own (autovacuum), so this runs on the embedded database only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

/** How often the embedded database's statistics are collected again (one ANALYZE: ~1 s at 200 000 appointments). */
export const STATISTICS_EVERY_MS = 6 * 3_600_000;

/** Collects the statistics now and again every few hours; answers a function that stops it. */
export async function keepStatistics(database: Database, log: FastifyBaseLogger): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  const collect = () => database.db.execute(sql`analyze`);
  await collect();
  const timer = setInterval(() => {
    collect().catch((err) => log.error({ err }, 'falha ao coletar estatísticas do banco'));
  }, STATISTICS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
