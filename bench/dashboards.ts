/** The five dashboard calls timed through the service beside their own SQL replayed with pg. */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import * as dashboard from '../server/features/admin/dashboard.service.ts';
import type { Services } from '../server/services.ts';
import { fmt, percentile } from './lib.mjs';

const calls = {
  coworkingcount: dashboard.coworkingCount,
  frequentschedules: dashboard.frequentSchedules,
  salesturnover: dashboard.salesTurnover,
  specialists: dashboard.specialistsStats,
  availableRooms: dashboard.availableRooms,
};

export async function measureDashboards(
  pool: pg.Pool,
  services: (db: Db) => Services,
  period: { dateInit: string; dateEnd: string },
  runs = 15,
): Promise<void> {
  let captured: { text: string; values: unknown[] }[] = [];
  const captureDb = drizzle(pool, {
    schema,
    logger: { logQuery: (text, values) => captured.push({ text, values }) },
  }) as unknown as Db;
  const plain = services(drizzle(pool, { schema }) as unknown as Db);
  console.log('| painel | serviço p50 | SQL direto p50 | razão |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, run] of Object.entries(calls)) {
    captured = [];
    await run(services(captureDb), period);
    const sqls = captured;
    const viaService: number[] = [];
    const viaSql: number[] = [];
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      await run(plain, period);
      viaService.push(performance.now() - t0);
      t0 = performance.now();
      for (const q of sqls) await pool.query(q.text, q.values as unknown[]);
      viaSql.push(performance.now() - t0);
    }
    // The first runs warm the caches; the median of the rest is the figure.
    const a = percentile(viaService.slice(3), 50);
    const b = percentile(viaSql.slice(3), 50);
    console.log(`| ${name} | ${fmt(a)} ms | ${fmt(b)} ms | ${fmt(a / b, 2)}× |`);
  }
}
