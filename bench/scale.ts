/**
 * Search with text + date and a room's availability on a large dataset in PostgreSQL, through the
 * built server under concurrent clients, beside the very same SQL run directly on the database.
 *
 * The server's queries are captured per input (Drizzle's query logger, one call of the service
 * each) and replayed with plain `pg` on a pool of the same size as the server's, with the same
 * number of concurrent clients: the ratio server/SQL is the cost of everything that is not the
 * database (HTTP, validation, JSON, the slot arithmetic in memory).
 *
 * Usage (a throwaway PostgreSQL is started and removed):
 *   npm run build && node scripts/with-postgres.mjs npx tsx bench/scale.ts [clinics] [requests] [clients]
 * Defaults: 2 000 clinics × 5 rooms, 100 appointments per room (1 000 000), 2 000 requests, 32 clients.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchBody } from '../common/contracts/rooms.ts';
import { addDays, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { type Db, openPostgres } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { availabilityFor } from '../server/features/availability/availability.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { measureDashboards } from './dashboards.ts';
import { benchSize, generateSupply } from './generate-supply.ts';
import { concurrently, ensureBuilt, fmt, httpCall, percentile, startServer, stopServer } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
const clinics = Number(process.argv[2] ?? 2000);
const requests = Number(process.argv[3] ?? 2000);
const clients = Number(process.argv[4] ?? 32);
const POOL = 10; // the server's pool size (server/db/client.ts)
const PORT = 3950;
ensureBuilt();

// ---------------------------------------------------------------- data
const database = await openPostgres(url, POOL);
await database.migrate();
let t0 = performance.now();
await generateSupply(database.db, benchSize(clinics));
// As the server's own pool (server/db/client.ts): no JIT for short queries.
const pool = new pg.Pool({ connectionString: url, max: POOL, options: '-c jit=off' });
await pool.query('analyze');
const counts = (
  await pool.query(
    'select (select count(*) from clinics)::int as clinics, (select count(*) from rooms)::int as rooms, (select count(*) from appointments)::int as appointments',
  )
).rows[0];
console.log(
  `dados: ${counts.clinics} clínicas, ${counts.rooms} salas, ${counts.appointments} agendamentos (${fmt((performance.now() - t0) / 1000)} s)`,
);

// ---------------------------------------------------------------- inputs
const today = zonedDate(new Date(), 'America/Sao_Paulo');
const texts = ['pinheiros', 'savassi', 'botafogo', 'moema', 'sao paulo', 'curitiba', 'recife', 'tijuca'];
const roomUuids = (await pool.query<{ uuid: string }>('select uuid from rooms order by id')).rows.map(
  (r) => r.uuid,
);
const searchInput = (i: number) => ({ value: texts[i % texts.length]!, date: addDays(today, 1 + (i % 14)) });
const availabilityInput = (i: number) => ({
  room: roomUuids[(i * 7919) % roomUuids.length]!,
  date: addDays(today, 1 + (i % 14)),
});

// ---------------------------------------------------------------- capture the server's SQL
type Query = { text: string; values: unknown[] };
let captured: Query[] = [];
const captureDb = drizzle(pool, {
  schema,
  logger: { logQuery: (text, values) => captured.push({ text, values }) },
}) as unknown as Db;
const services: Services = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
  db: captureDb,
  mailer: createOutbox(() => services, createMemoryMailer(), { background: false }),
  storage: createMemoryStorage(),
  payments: createSandboxProvider('bench-webhook-secret-0123', captureDb),
  clock: () => new Date(),
};
const SAMPLE = 200;
async function captureEach(call: (i: number) => Promise<unknown>): Promise<Query[][]> {
  const out: Query[][] = [];
  for (let i = 0; i < SAMPLE; i++) {
    captured = [];
    await call(i);
    out.push(captured);
  }
  return out;
}
const searchSql = await captureEach((i) => searchRooms(services, searchBody.parse(searchInput(i)), 1, 15));
const availabilitySql = await captureEach((i) => {
  const { room, date } = availabilityInput(i);
  return availabilityFor(services, room, [date]);
});

// ---------------------------------------------------------------- load
const load = async (n: number, run: (i: number) => Promise<unknown>) =>
  (await concurrently(n, clients, run)).times;
const direct = (sqls: Query[][]) => async (i: number) => {
  for (const q of sqls[i % sqls.length]!) await pool.query(q.text, q.values as unknown[]);
};
const base = `http://127.0.0.1:${PORT}/api`;
async function call(
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) {
  const res = await httpCall(`${base}${path}`, init);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.body}`);
}
// A browser echoes the XSRF cookie on every POST (DESIGN §4); so does the benchmark.
let xsrf = { cookie: '', token: '' };
const httpSearch = (i: number) =>
  call('/customer/room/genericsearch?page=1', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf.cookie, 'x-xsrf-token': xsrf.token },
    body: JSON.stringify(searchInput(i % SAMPLE)),
  });
const httpAvailability = (i: number) => {
  const { room, date } = availabilityInput(i % SAMPLE);
  return call(`/customer/room/${room}/availability/${date}`);
};

const server = await startServer(
  {
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  },
  { port: PORT },
);
const rows: string[] = [];
try {
  const first = await fetch(`${base}/health`);
  const cookie = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  xsrf = { cookie, token: decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
  for (const [label, http, sqls] of [
    ['busca texto + data', httpSearch, searchSql],
    ['disponibilidade (1 dia)', httpAvailability, availabilitySql],
  ] as const) {
    await load(Math.min(200, requests), http); // warm-up
    await load(Math.min(200, requests), direct(sqls));
    t0 = performance.now();
    const viaServer = await load(requests, http);
    const serverSecs = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const viaSql = await load(requests, direct(sqls));
    const sqlSecs = (performance.now() - t0) / 1000;
    const queries = sqls.reduce((n, q) => n + q.length, 0) / sqls.length;
    const line = (what: string, times: number[], secs: number) =>
      `| ${label} | ${what} | ${fmt(percentile(times, 50))} ms | ${fmt(percentile(times, 95))} ms | ${fmt(requests / secs, 0)}/s |`;
    rows.push(line('servidor (HTTP)', viaServer, serverSecs));
    rows.push(line(`SQL direto (${fmt(queries, 1)} consultas)`, viaSql, sqlSecs));
    rows.push(
      `| ${label} | **razão servidor/SQL** | **${fmt(percentile(viaServer, 50) / percentile(viaSql, 50), 2)}×** | **${fmt(percentile(viaServer, 95) / percentile(viaSql, 95), 2)}×** | |`,
    );
  }
  await stopServer(server.child);
  console.log('\nPainéis do operador, 30 dias, sequenciais:');
  await measureDashboards(pool, (db) => ({ ...services, db }), {
    dateInit: addDays(today, -29),
    dateEnd: today,
  });
} finally {
  if (server.child.exitCode === null) await stopServer(server.child);
  await pool.end();
  await database.close();
}
console.log(`\n${requests} pedidos por medida, ${clients} clientes simultâneos, pool de ${POOL} conexões\n`);
console.log('| chamada | via | p50 | p95 | vazão |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
