/**
 * Search by place beside today's text search (DESIGN §10 "Where rooms are", issue 45): on one
 * generated market (2 000 clinics × 5 rooms = 10 000 rooms by default, each clinic within 2 km of
 * one of twenty neighbourhoods), the service's search is called in turn with a text ("pinheiros"),
 * a point (`near`: nearest first, every placed room ranked), a map's view (`bbox`, about 6 × 6 km
 * around a neighbourhood) and a point with the "4 estrelas ou mais" filter — alternating call by
 * call, so the four see the same machine at the same moment. Medians and the ratios to the text
 * search are printed, with the plan of the box's query (the btree over latitude and longitude).
 *
 * Usage: npx tsx bench/places.ts [clinics] [iterations] [--appointments N] [--postgres]
 * (`--appointments`: per room, default 100 as the scale benchmarks; `--postgres`: the database at
 * TEST_DATABASE_URL — run it through scripts/with-postgres.mjs for a throwaway server.)
 */
import { sql } from 'drizzle-orm';
import { searchBody } from '../common/contracts/rooms.ts';
import { type Database, openPglite, openPostgres, queryRows } from '../server/db/client.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { benchSize, generateSupply } from './generate-supply.ts';

const args = process.argv.slice(2);
const numbers = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--appointments').map(Number);
const clinics = numbers[0] ?? 2_000;
const iterations = numbers[1] ?? 60;
const onPostgres = args.includes('--postgres');
const appointmentsAt = args.indexOf('--appointments');
const appointmentsPerRoom = appointmentsAt >= 0 ? Number(args[appointmentsAt + 1]) : 100;

let t0 = performance.now();
// PostgreSQL: TEST_DATABASE_URL's database (scripts/with-postgres.mjs starts a throwaway one).
const url = process.env.TEST_DATABASE_URL;
if (onPostgres && !url) throw new Error('--postgres precisa de TEST_DATABASE_URL');
const database: Database = onPostgres ? await openPostgres(url!, 4) : await openPglite();
await database.migrate();
await generateSupply(database.db, { ...benchSize(clinics), appointmentsPerRoom });
await database.db.execute(sql`analyze`);
const [counts] = await queryRows<{ rooms: number; placed: number }>(
  database.db,
  sql`select count(*)::int as rooms, count(c.latitude)::int as placed from rooms r join clinics c on c.id = r.clinic_id`,
);
console.log(
  `${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${counts!.rooms} salas (${counts!.placed} com lugar), gerado em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const s = { db: database.db, clock: () => new Date() } as unknown as Services;

const texts = ['pinheiros', 'savassi', 'botafogo', 'moema', 'sao paulo', 'curitiba', 'recife', 'tijuca'];
/** Where people stand: neighbourhood centres, a little off each time. */
const points = [
  { lat: -23.5646, lng: -46.6817 },
  { lat: -19.9367, lng: -43.9336 },
  { lat: -22.9459, lng: -43.1823 },
  { lat: -23.601, lng: -46.665 },
  { lat: -25.4417, lng: -49.2904 },
  { lat: -8.1126, lng: -34.8962 },
];
const point = (i: number) => {
  const p = points[i % points.length]!;
  return { lat: p.lat + ((i * 37) % 11) / 1000, lng: p.lng - ((i * 53) % 13) / 1000 };
};
/** A phone's map view around the point: about 6 km × 6 km. */
const box = (i: number) => {
  const p = point(i);
  return { south: p.lat - 0.027, west: p.lng - 0.03, north: p.lat + 0.027, east: p.lng + 0.03 };
};

const kinds = {
  text: (i: number) => ({ value: texts[i % texts.length] }),
  near: (i: number) => ({ near: point(i) }),
  bbox: (i: number) => ({ bbox: box(i) }),
  'near + 4 estrelas': (i: number) => ({ near: point(i), min_rating: 4 }),
} as const;
type Kind = keyof typeof kinds;
const names = Object.keys(kinds) as Kind[];
const run = (kind: Kind, i: number) => searchRooms(s, searchBody.parse(kinds[kind](i)), 1, 15);

// Warm up: plans made, pages in cache.
for (let i = 0; i < 10; i++) for (const kind of names) await run(kind, i);

const times = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
const totals = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
t0 = performance.now();
for (let i = 0; i < iterations; i++) {
  // Which goes first turns round, so none always finds the others' pages in cache.
  for (let k = 0; k < names.length; k++) {
    const kind = names[(i + k) % names.length]!;
    const start = performance.now();
    const page = await run(kind, i);
    times[kind].push(performance.now() - start);
    totals[kind].push(page.meta.total);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const base = median(times.text);
console.log(
  `\n${iterations} buscas de cada, alternadas (${((performance.now() - t0) / 1000).toFixed(1)} s):`,
);
console.log('| busca | mediana (ms) | p90 (ms) | salas encontradas (mediana) | ÷ texto |');
console.log('|---|---:|---:|---:|---:|');
for (const kind of names) {
  const sorted = [...times[kind]].sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)]!;
  console.log(
    `| ${kind} | ${median(times[kind]).toFixed(1)} | ${p90.toFixed(1)} | ${median(totals[kind])} | ${(median(times[kind]) / base).toFixed(2)} |`,
  );
}

// The box's plan: the partial btree clinics_location_idx serves the range on latitude.
const b = box(0);
const plan = await queryRows<{ 'QUERY PLAN': string }>(
  database.db,
  sql`explain select r.id from rooms r join clinics c on c.id = r.clinic_id
      where c.latitude between ${b.south}::float8 and ${b.north}::float8
        and c.longitude between ${b.west}::float8 and ${b.east}::float8`,
);
console.log(`\nplano da caixa:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
await database.close();
