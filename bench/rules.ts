/**
 * Availability and search before and after a change, in one process on the embedded database:
 * the same generated market (bench/generate-supply.ts), one room's day and 31 days, and search
 * with text + date through the services the routes call. Run it in two checkouts one after the
 * other to compare (docs/performance.md, "Regras de reserva"). With `--rules` a fifth of the rooms
 * get booking rules (30-minute grid, 2-hour minimum, 15-minute buffer, 2-hour notice), so the
 * search checks them start by start instead of by counting.
 * `--sql "…"` runs a statement after generating (to try a schema piece on or off).
 * `--postgres` runs on a new database of the PostgreSQL at TEST_DATABASE_URL instead (dropped after),
 * e.g. `node scripts/with-postgres.mjs npx tsx bench/rules.ts 200 200 --postgres`.
 * Usage: npx tsx bench/rules.ts [clinics] [iterations] [--rules] [--no-analyze] [--sql "statement"] [--postgres]
 */
import { sql } from 'drizzle-orm';
import { searchBody } from '../common/contracts/rooms.ts';
import { addDays, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { queryRows } from '../server/db/client.ts';
import { availabilityFor } from '../server/features/availability/availability.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { benchDatabase } from './bench-database.ts';

const clinics = Number(process.argv[2] ?? 200);
const iterations = Number(process.argv[3] ?? 200);
const withRules = process.argv.includes('--rules');
const onPostgres = process.argv.includes('--postgres');
const bench = await benchDatabase({ onPostgres, clinics, name: 'salas_rules' });
const { database } = bench;
if (withRules)
  await database.db.execute(
    sql.raw(`update rooms set slot_minutes = 30, min_booking_minutes = 120, buffer_minutes = 15,
      min_notice_minutes = 120 where id % 5 = 0`),
  );

const extra = process.argv.indexOf('--sql');
if (extra > 0) await database.db.execute(sql.raw(process.argv[extra + 1]!));

// Statistics as a running PostgreSQL's autovacuum would have them (`--no-analyze` leaves the
// planner with none, as the generator does).
if (!process.argv.includes('--no-analyze')) {
  const t0 = performance.now();
  await database.db.execute(sql`analyze`);
  console.log(`ANALYZE: ${(performance.now() - t0).toFixed(0)} ms`);
}

const s: Services = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
  db: database.db,
  mailer: createOutbox(() => s, createMemoryMailer(), { background: false }),
  storage: createMemoryStorage(),
  payments: createSandboxProvider('bench-webhook-secret-0123', database.db),
  clock: () => new Date(),
};
const uuids = (await queryRows<{ uuid: string }>(database.db, sql`select uuid from rooms order by id`)).map(
  (r) => r.uuid,
);
const today = zonedDate(new Date(), 'America/Sao_Paulo');
const month = Array.from({ length: 31 }, (_, i) => addDays(today, i));
const texts = ['pinheiros', 'savassi', 'botafogo', 'moema', 'sao paulo', 'curitiba', 'recife', 'tijuca'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function measure(label: string, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await call(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  console.log(`${label}: p50 ${median(times).toFixed(2)} ms`);
}

console.log(
  `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${uuids.length} salas${withRules ? ', 1/5 com regras' : ''}, ${iterations} chamadas cada`,
);
await measure('disponibilidade, 1 dia', (i) =>
  availabilityFor(s, uuids[(i * 7919) % uuids.length]!, [addDays(today, 1 + (i % 14))]),
);
await measure('disponibilidade, 31 dias', (i) =>
  availabilityFor(s, uuids[(i * 7919) % uuids.length]!, month),
);
await measure('busca texto + data', (i) =>
  searchRooms(
    s,
    searchBody.parse({ value: texts[i % texts.length], date: addDays(today, 1 + (i % 14)) }),
    1,
    15,
  ),
);
await bench.drop();
