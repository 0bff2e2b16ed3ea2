/**
 * How each hot call's cost grows with the marketplace: search (text + date), a room's availability
 * for one day and for 31 days, and a card booking, at several sizes of the scale generator (5 rooms
 * per clinic, 100 appointments per room). Each size gets a fresh database; each call runs through
 * the service (no HTTP: the growth is the database's), one at a time, and the table shows the
 * median beside the size of what the call answers — a call may grow with its result, not faster.
 *
 * Usage (a throwaway PostgreSQL is started and removed):
 *   node scripts/with-postgres.mjs npx tsx bench/growth.ts [clinics...]
 * Defaults: 200 2000 20000 clinics = 1 000, 10 000 and 100 000 rooms.
 */
import pg from 'pg';
import { bookingBody } from '../common/contracts/booking.ts';
import { searchBody } from '../common/contracts/rooms.ts';
import { addDays, toZonedIso, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { openPostgres } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { availabilityFor } from '../server/features/availability/availability.service.ts';
import { createBooking } from '../server/features/bookings/booking.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { insertCompleteProfile } from '../server/test/profiles.ts';
import { benchSize, generateSupply } from './generate-supply.ts';
import { fmt, median } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
const sizes = process.argv.slice(2).map(Number);
if (sizes.length === 0) sizes.push(200, 2000, 20000);
const RUNS = 30;

async function timed<T>(n: number, call: (i: number) => Promise<T>): Promise<{ ms: number; last: T }> {
  for (let i = 0; i < 3; i++) await call(n + i); // warm-up: plans, caches
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    last = await call(i);
    times.push(performance.now() - t);
  }
  return { ms: median(times), last: last as T };
}

const rows: string[] = [];
for (const clinics of sizes) {
  const name = `salas_growth_${clinics}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  await database.migrate();
  const t0 = performance.now();
  await generateSupply(database.db, benchSize(clinics));
  const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
  await pool.query('analyze');
  const generated = (performance.now() - t0) / 1000;
  const services: Services = {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
    db: database.db,
    mailer: createOutbox(() => services, createMemoryMailer(), { background: false }),
    storage: createMemoryStorage(),
    payments: createSandboxProvider('bench-webhook-secret-0123', database.db),
    clock: () => new Date(),
  };
  const roomUuids = (await pool.query<{ uuid: string }>('select uuid from rooms order by id')).rows.map(
    (r) => r.uuid,
  );
  const today = zonedDate(new Date(), 'America/Sao_Paulo');
  const room = (i: number) => roomUuids[(i * 7919) % roomUuids.length]!;

  const search = await timed(RUNS, (i) =>
    searchRooms(
      services,
      searchBody.parse({ value: 'pinheiros', date: addDays(today, 1 + (i % 14)) }),
      1,
      15,
    ),
  );
  const oneDay = await timed(RUNS, (i) => availabilityFor(services, room(i), [addDays(today, 1 + (i % 14))]));
  const month = Array.from({ length: 31 }, (_, d) => addDays(today, 1 + d));
  const monthly = await timed(RUNS, (i) => availabilityFor(services, room(i), month));

  // A specialist with a complete profile and a card the sandbox approves books one free hour of a
  // different room each time, two months ahead (past every generated appointment and block).
  const [customer] = await database.db
    .insert(users)
    .values({
      name: 'Especialista Crescimento',
      email: 'crescimento@bench.test',
      role: 'customer',
      emailVerifiedAt: new Date(),
    })
    .returning();
  await insertCompleteProfile(database.db, customer!.id, '52998224725');
  const card = (
    await pool.query<{ uuid: string }>(
      `insert into cards (user_id, provider_token, brand, last4, exp_month, exp_year, holder_name)
       values ($1, 'tok_sandbox_ok_growth', 'visa', '4242', 12, 2031, 'Especialista Bench') returning uuid`,
      [customer!.id],
    )
  ).rows[0]!.uuid;
  let day = addDays(today, 62);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1);
  const start = toZonedIso(new Date(`${day}T13:00:00Z`), 'America/Sao_Paulo');
  const booking = await timed(RUNS, (i) =>
    createBooking(
      services,
      customer!,
      bookingBody.parse({
        room_uuid: roomUuids[i * 3 + 1]!,
        date_times: [start],
        payment_method: 'card',
        card_uuid: card,
      }),
    ),
  );

  const label = `${(roomUuids.length).toLocaleString('pt-BR')} salas`;
  rows.push(
    `| ${label} | busca "pinheiros" + data | ${fmt(search.ms, 1)} ms | ${search.last.meta.total} salas casam, 15 na página |`,
  );
  rows.push(
    `| ${label} | disponibilidade, 1 dia | ${fmt(oneDay.ms, 2)} ms | ${oneDay.last[0]!.slots.length} horários |`,
  );
  rows.push(
    `| ${label} | disponibilidade, 31 dias | ${fmt(monthly.ms, 2)} ms | ${monthly.last.reduce((n, d) => n + d.slots.length, 0)} horários |`,
  );
  rows.push(`| ${label} | reserva (cartão, 1 hora) | ${fmt(booking.ms, 1)} ms | 1 hora |`);
  console.log(`${label}: gerado em ${fmt(generated, 0)} s`);
  await pool.end();
  await database.close();
}

console.log(`\nmediana de ${RUNS} chamadas em sequência, pelo serviço (sem HTTP), PostgreSQL\n`);
console.log('| tamanho | chamada | mediana | tamanho do resultado |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(r);
