/**
 * Search and availability of this checkout beside another checkout's, on ONE generated database,
 * alternating call by call in one process: the two codes see the same data, the same statistics
 * and the same machine at the same moment, so the ratio is not the run-to-run noise of comparing
 * two processes (which passes 30 % on a shared 2-core machine). The other checkout's services are
 * imported from its own files; its SQL must run on this checkout's schema (true for 36aa5b4, the
 * code before the booking rules: it reads columns that still exist).
 *
 * Usage: npx tsx bench/side-by-side.ts --against /path/to/checkout [clinics] [iterations] [--postgres]
 * (`--postgres`: a new database of the PostgreSQL at TEST_DATABASE_URL, dropped after.)
 */
import { sql } from 'drizzle-orm';
import { searchBody } from '../common/contracts/rooms.ts';
import { addDays, zonedDate } from '../common/time/zone.ts';
import { queryRows } from '../server/db/client.ts';
import { availabilityFor } from '../server/features/availability/availability.service.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { benchDatabase } from './bench-database.ts';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const other = againstAt >= 0 ? args[againstAt + 1] : undefined;
if (!other) throw new Error('Use --against <checkout> (o outro código a comparar).');
const numbers = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against').map(Number);
const clinics = numbers[0] ?? 200;
const iterations = numbers[1] ?? 300;
const onPostgres = args.includes('--postgres');

const theirs = {
  search: (await import(`${other}/server/features/search/search.service.ts`))
    .searchRooms as typeof searchRooms,
  availability: (await import(`${other}/server/features/availability/availability.service.ts`))
    .availabilityFor as typeof availabilityFor,
};

// On PostgreSQL the other code gets its own connections: both name their prepared statements alike.
const bench = await benchDatabase({ onPostgres, clinics, name: 'salas_side', pools: 2 });
const { database } = bench;
const theirDatabase = bench.pools[1];
await database.db.execute(sql`analyze`);
const s = { db: database.db, clock: () => new Date() } as unknown as Services;
const s2 = { db: (theirDatabase ?? database).db, clock: () => new Date() } as unknown as Services;

const uuids = (await queryRows<{ uuid: string }>(database.db, sql`select uuid from rooms order by id`)).map(
  (r) => r.uuid,
);
const today = zonedDate(new Date(), 'America/Sao_Paulo');
const month = Array.from({ length: 31 }, (_, i) => addDays(today, i));
const texts = ['pinheiros', 'savassi', 'botafogo', 'moema', 'sao paulo', 'curitiba', 'recife', 'tijuca'];
const room = (i: number) => uuids[(i * 7919) % uuids.length]!;
const body = (i: number) =>
  searchBody.parse({ value: texts[i % texts.length], date: addDays(today, 1 + (i % 14)) });

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
async function compare(
  label: string,
  ours: (i: number) => Promise<unknown>,
  old: (i: number) => Promise<unknown>,
) {
  for (let i = 0; i < 20; i++) {
    await ours(i);
    await old(i);
  }
  const t = { ours: [] as number[], old: [] as number[] };
  for (let i = 0; i < iterations; i++) {
    // Which goes first alternates too, so neither always finds the other's pages in cache.
    const pair =
      i % 2
        ? ([
            ['old', old],
            ['ours', ours],
          ] as const)
        : ([
            ['ours', ours],
            ['old', old],
          ] as const);
    for (const [name, call] of pair) {
      const t0 = performance.now();
      await call(i);
      t[name].push(performance.now() - t0);
    }
  }
  const [a, b] = [median(t.ours), median(t.old)];
  console.log(`${label}: este ${a.toFixed(2)} ms, o outro ${b.toFixed(2)} ms, razão ${(a / b).toFixed(2)}`);
}

console.log(
  `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${uuids.length} salas, ${iterations} pares de chamadas`,
);
await compare(
  'disponibilidade, 1 dia',
  (i) => availabilityFor(s, room(i), [addDays(today, 1 + (i % 14))]),
  (i) => theirs.availability(s2, room(i), [addDays(today, 1 + (i % 14))]),
);
await compare(
  'disponibilidade, 31 dias',
  (i) => availabilityFor(s, room(i), month),
  (i) => theirs.availability(s2, room(i), month),
);
await compare(
  'busca texto + data',
  (i) => searchRooms(s, body(i), 1, 15),
  (i) => theirs.search(s2, body(i), 1, 15),
);
// Nearly full days: every room blocked from midnight to 21:00 on a week of days, so no count
// settles a room and every one is checked start by start (the rooms open all day stay free later).
const busy = Array.from({ length: 7 }, (_, i) => addDays(today, 20 + i));
await database.db.execute(sql`
  insert into blocked_schedules (room_id, starts_at, ends_at, reason)
  select r.id, d::timestamp at time zone 'America/Sao_Paulo', (d::timestamp + interval '21 hours') at time zone 'America/Sao_Paulo', 'bench'
  from rooms r cross join unnest(${`{${busy.join(',')}}`}::date[]) d`);
await database.db.execute(sql`analyze`);
const busyBody = (i: number) =>
  searchBody.parse({ value: texts[i % texts.length], date: busy[i % busy.length] });
await compare(
  'busca, dias quase cheios (sala a sala)',
  (i) => searchRooms(s, busyBody(i), 1, 15),
  (i) => theirs.search(s2, busyBody(i), 1, 15),
);
await bench.drop();
