/**
 * The operator's two xlsx exports over a period with ~100 000 appointments (time and the process's
 * peak RSS while streaming), then the five dashboard calls over 30 days, each beside its own SQL
 * run directly, on PostgreSQL.
 *
 * Usage (a throwaway PostgreSQL is started and removed):
 *   node scripts/with-postgres.mjs node --expose-gc --import tsx bench/exports.ts [clinics] [appointmentsPerRoom]
 * Defaults: 1 000 clinics × 5 rooms × 20 appointments per room = 100 000 appointments in 60 days.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { addDays, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { type Db, openPostgres } from '../server/db/client.ts';
import { exportAppointments, exportFinance } from '../server/features/admin/exports.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import type { Services } from '../server/services.ts';
import { measureDashboards } from './dashboards.ts';
import { generateSupply } from './generate-supply.ts';
import { fmt } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
const clinics = Number(process.argv[2] ?? 1000);
const perRoom = Number(process.argv[3] ?? 20);

const database = await openPostgres(url, 10);
await database.migrate();
await generateSupply(database.db, {
  clinics,
  roomsPerClinic: 5,
  appointmentsPerRoom: perRoom,
  blocksPerRoom: 2,
});
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query('analyze');
const today = zonedDate(new Date(), 'America/Sao_Paulo');
const range = { dateInit: addDays(today, -31), dateEnd: addDays(today, 31) };
const inRange = (
  await pool.query(
    `select count(*)::int as n from appointments where starts_at >= $1::date - 1 and starts_at < $2::date + 2`,
    [range.dateInit, range.dateEnd],
  )
).rows[0].n;
console.log(`período ${range.dateInit} a ${range.dateEnd}: ~${inRange} agendamentos`);

const services = (db: Db): Services => {
  const built: Services = {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
    db,
    mailer: createOutbox(() => built, createMemoryMailer(), { background: false }),
    storage: createMemoryStorage(),
    payments: createSandboxProvider('bench-webhook-secret-0123', db),
    clock: () => new Date(),
  };
  return built;
};
const s = services(database.db);
const gc = (globalThis as { gc?: () => void }).gc;

console.log('\n| exportação | tempo | linhas (bytes) | pico de RSS | RSS antes |');
console.log('| --- | --- | --- | --- | --- |');
for (const [label, write] of [
  ['Agendamentos', exportAppointments],
  ['Finanças', exportFinance],
] as const) {
  gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let bytes = 0;
  const start = performance.now();
  await pipeline(
    write(s, range),
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const secs = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `| ${label} | ${fmt(secs, 2)} s | ${(bytes / 1e6).toFixed(1)} MB | ${fmt(peak / 1e6, 0)} MB | ${fmt(before / 1e6, 0)} MB |`,
  );
}

console.log('\nPainéis (30 dias):');
await measureDashboards(pool, services, { dateInit: addDays(today, -29), dateEnd: today });
await pool.end();
await database.close();
