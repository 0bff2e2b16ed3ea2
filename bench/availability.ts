/**
 * Availability of one room for one day and for 31 days (the service the room page and bulk
 * booking use), on a generated dataset in the embedded database.
 * Usage: npx tsx bench/availability.ts [clinics] [iterations]
 */
import { sql } from 'drizzle-orm';
import { addDays, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite, queryRows } from '../server/db/client.ts';
import { availabilityFor } from '../server/features/availability/availability.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import type { Services } from '../server/services.ts';
import { generateSupply } from './generate-supply.ts';

const clinics = Number(process.argv[2] ?? 200);
const iterations = Number(process.argv[3] ?? 300);
const database = await openPglite();
await database.migrate();
const t0 = performance.now();
await generateSupply(database.db, {
  clinics,
  roomsPerClinic: 5,
  appointmentsPerRoom: 200,
  blocksPerRoom: 10,
});
const counts = await queryRows<{ rooms: number; appointments: number }>(
  database.db,
  sql`select (select count(*) from rooms)::int as rooms, (select count(*) from appointments)::int as appointments`,
);
console.log(
  `dados: ${counts[0]!.rooms} salas, ${counts[0]!.appointments} agendamentos (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

const s: Services = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
  db: database.db,
  mailer: createOutbox(() => s, createMemoryMailer(), { background: false }),
  storage: createMemoryStorage(),
  payments: createSandboxProvider('bench-webhook-secret-0123', database.db),
  clock: () => new Date(),
};
const uuids = (await queryRows<{ uuid: string }>(database.db, sql`select uuid from rooms`)).map(
  (r) => r.uuid,
);
const today = zonedDate(new Date(), 'America/Sao_Paulo');
const month = Array.from({ length: 31 }, (_, i) => addDays(today, i));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
async function measure(label: string, dates: () => string[]) {
  for (let i = 0; i < 20; i++) await availabilityFor(s, uuids[i % uuids.length]!, dates()); // warm-up
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < iterations; i++) {
    const room = uuids[(i * 7919) % uuids.length]!;
    const start = performance.now();
    const days = await availabilityFor(s, room, dates());
    times.push(performance.now() - start);
    slots += days.reduce((n, d) => n + d.slots.length, 0);
  }
  console.log(
    `${label}: p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms (${iterations} salas aleatórias, ${Math.round(slots / iterations)} horários por chamada)`,
  );
}

await measure('1 dia', () => [addDays(today, 1)]);
await measure('31 dias', () => month);
await database.close();
