/**
 * The plan of one text + date search on the scale generator's data, with where its time goes:
 * EXPLAIN (ANALYZE, BUFFERS) of each statement the service sends.
 *
 * Usage: node scripts/with-postgres.mjs npx tsx bench/explain-search.ts [clinics] [text]
 * With TEST_DATABASE_URL pointing at a database that already holds the generated rooms, the data
 * is reused (comparing plans while changing a query does not regenerate a million appointments).
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
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import { searchRooms } from '../server/features/search/search.service.ts';
import type { Services } from '../server/services.ts';
import { benchSize, generateSupply } from './generate-supply.ts';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
const clinics = Number(process.argv[2] ?? 2000);
const text = process.argv[3] ?? 'sao paulo';
const database = await openPostgres(url, 4);
await database.migrate();
const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
const held = await pool.query<{ n: number }>('select count(*)::int as n from rooms');
if (held.rows[0]?.n === 0) await generateSupply(database.db, benchSize(clinics));
await pool.query('analyze');
const captured: { text: string; values: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (q, values) => captured.push({ text: q, values }) },
}) as unknown as Db;
const services: Services = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/salas-bench' }),
  db,
  mailer: createOutbox(() => services, createMemoryMailer(), { background: false }),
  storage: createMemoryStorage(),
  payments: createSandboxProvider('bench-webhook-secret-0123', db),
  clock: () => new Date(),
};
const date = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 3);
for (let i = 0; i < 3; i++) await searchRooms(services, searchBody.parse({ value: text, date }), 1, 15);
captured.length = 0;
await searchRooms(services, searchBody.parse({ value: text, date }), 1, 15);
for (const q of captured) {
  const plan = await pool.query(`explain (analyze, buffers, costs off) ${q.text}`, q.values as unknown[]);
  console.log(`\n${q.text.slice(0, 160).replace(/\s+/g, ' ')}…`);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
}
await pool.end();
await database.close();
