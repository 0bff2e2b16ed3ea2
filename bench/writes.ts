/**
 * The two hot writes, booking (card) and sign-in (both steps), through the built server under
 * concurrent clients, beside the very same SQL run directly on PostgreSQL.
 *
 * The SQL of each call is captured by running the service once per input on a connection that
 * records every statement with its answer (bookings: the token lookup, the checks, the
 * transaction, the confirmation's reads). The rows are then removed and the statements replayed,
 * one transaction per call as the server runs it, on a pool of the server's size with the same
 * number of clients. Ids the database handed out in the capture (RETURNING) are mapped to the ones
 * it hands out in the replay. The ratio server/SQL is what is not the database: HTTP, validation,
 * JSON, the slot check in memory, the payment call, the mail — and for sign-in the argon2id check
 * of the password, measured alone beside it.
 *
 * Usage (a throwaway PostgreSQL is started and removed):
 *   npm run build && node scripts/with-postgres.mjs npx tsx bench/writes.ts [clinics] [clients]
 * Defaults: 200 clinics × 5 rooms with 100 appointments each (100 000), 200 calls per measure, 32 clients.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { bookingBody } from '../common/contracts/booking.ts';
import { addDays, toZonedIso, zonedDate } from '../common/time/zone.ts';
import { createMemoryMailer } from '../server/adapters/mail.ts';
import { createSandboxProvider } from '../server/adapters/payments.ts';
import { createMemoryStorage } from '../server/adapters/storage.ts';
import { loadConfig } from '../server/config.ts';
import { type Db, openPostgres } from '../server/db/client.ts';
import * as schema from '../server/db/schema.ts';
import { finishLogin, startLogin } from '../server/features/auth/auth.service.ts';
import { findLiveToken } from '../server/features/auth/token.repository.ts';
import { createBooking } from '../server/features/bookings/booking.service.ts';
import { createOutbox } from '../server/features/mail/outbox.service.ts';
import { sha256 } from '../server/lib/crypto.ts';
import { hashPassword, verifyPassword } from '../server/lib/password.ts';
import type { Services } from '../server/services.ts';
import { cpfFrom, insertCompleteProfile } from '../server/test/profiles.ts';
import { benchSize, generateSupply } from './generate-supply.ts';
import {
  concurrently,
  ensureBuilt,
  fmt,
  httpCall,
  mailedCode,
  percentile,
  startServer,
  stopServer,
} from './lib.mjs';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
const clinics = Number(process.argv[2] ?? 200);
const clients = Number(process.argv[3] ?? 32);
const CALLS = 200;
const POOL = 10; // the server's pool size (server/db/client.ts)
const PORT = 3951;
const PASSWORD = 'Bench#Senha2026';
ensureBuilt();

// ---------------------------------------------------------------- data
const database = await openPostgres(url, POOL);
await database.migrate();
await generateSupply(database.db, benchSize(clinics));
const pool = new pg.Pool({ connectionString: url, max: POOL });
const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;

// Specialists, each with a session and a saved card (the sandbox accepts tokens that say "ok").
const hash = await hashPassword(PASSWORD);
const people = Array.from({ length: CALLS }, (_, i) => `escrita${i}@bench.test`);
await pool.query(
  `insert into users (name, email, password_hash, role, email_verified_at)
   select 'Especialista ' || g, 'escrita' || g || '@bench.test', $1, 'customer', now() from generate_series(0, $2 - 1) g`,
  [hash, CALLS],
);
const customers = (
  await pool.query<{ id: number; email: string }>(
    `select id, email from users where email like 'escrita%@bench.test' order by id`,
  )
).rows;
const tokens = customers.map((c) => `bench-token-${c.id}-0123456789abcdef`);
for (const [i, c] of customers.entries()) {
  // They may book (DESIGN §8): a verified e-mail and the completeData fields.
  await insertCompleteProfile(database.db, c.id, cpfFrom(i));
  await pool.query('insert into auth_tokens (user_id, token_hash) values ($1, $2)', [
    c.id,
    sha256(tokens[i]!),
  ]);
  await pool.query(
    `insert into cards (user_id, provider_token, brand, last4, exp_month, exp_year, holder_name)
     values ($1, $2, 'visa', '4242', 12, 2031, 'Especialista Bench')`,
    [c.id, `tok_sandbox_ok_bench${c.id}`],
  );
}
const cardOf = new Map(
  (await pool.query<{ user_id: number; uuid: string }>('select user_id, uuid from cards')).rows.map((r) => [
    r.user_id,
    r.uuid,
  ]),
);
await pool.query('analyze');

// One free hour per call: distinct rooms, a weekday two months ahead (past every generated
// appointment and block), 10:00 in the clinic's zone.
const rooms = (await pool.query<{ uuid: string }>('select uuid from rooms order by id limit $1', [CALLS * 2]))
  .rows;
let day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 62);
while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1);
const startIso = toZonedIso(new Date(`${day}T13:00:00Z`), 'America/Sao_Paulo');
const bookingInput = (i: number, offset = 0) => ({
  customer: customers[i % customers.length]!,
  token: tokens[i % customers.length]!,
  body: {
    room_uuid: rooms[i + offset]!.uuid,
    date_times: [startIso],
    payment_method: 'card' as const,
    card_uuid: cardOf.get(customers[i % customers.length]!.id)!,
  },
});

// ---------------------------------------------------------------- capture with answers
type Statement = { text: string; values: unknown[]; ids: unknown[] };
let recording: Statement[] | null = null;
const capturePool = new pg.Pool({ connectionString: url, max: 1 });
capturePool.on('connect', (client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded query(), wrapped to record
  (client as any).query = (config: any, values?: any, callback?: any) => {
    // The pool calls query(text, values, callback); drizzle's transactions call query(config).
    const cb = [values, callback].find((a) => typeof a === 'function');
    const params = typeof values === 'function' ? undefined : values;
    const run = query(config, params).then((res) => {
      const idAt = res.fields?.findIndex((f) => f.name === 'id') ?? -1;
      recording?.push({
        text: typeof config === 'string' ? config : config.text,
        values: params ?? (typeof config === 'string' ? undefined : config.values) ?? [],
        ids: idAt < 0 ? [] : res.rows.map((r) => (Array.isArray(r) ? r[idAt] : r.id)),
      });
      return res;
    });
    if (!cb) return run;
    run.then(
      (res) => cb(null, res),
      (err) => cb(err),
    );
    return undefined;
  };
});
const captureDb = drizzle(capturePool, { schema }) as unknown as Db;
const services: Services = {
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'salas-writes-')) }),
  db: captureDb,
  mailer: createOutbox(() => services, createMemoryMailer(), { background: false }),
  storage: createMemoryStorage(),
  payments: createSandboxProvider('bench-webhook-secret-0123', captureDb),
  clock: () => new Date(),
};
async function capture(call: () => Promise<unknown>): Promise<Statement[]> {
  recording = [];
  await call();
  const out = recording;
  recording = null;
  return out;
}

// Ids the capture hands out are mapped to the replay's by value: every sequence jumps to its own
// range first, so no other value of a statement (a price, a person's id) can be taken for one.
await pool.query(
  `select setval(oid, 1000000000 + 10000000 * n)
     from (select oid, row_number() over (order by oid) as n from pg_class where relkind = 'S') s`,
);
const marks = async () =>
  one<{ booking: number; token: number }>(
    'select (select coalesce(max(id), 0) from bookings) as booking, (select coalesce(max(id), 0) from auth_tokens) as token',
  );
const mark = await marks();
const removeWrites = async () => {
  await pool.query('delete from bookings where id > $1', [mark.booking]);
  await pool.query('delete from auth_tokens where id > $1', [mark.token]);
};

const bookingSql: Statement[][] = [];
for (let i = 0; i < CALLS; i++) {
  const { token, body } = bookingInput(i);
  bookingSql.push(
    await capture(async () => {
      const found = await findLiveToken(services.db, sha256(token));
      await createBooking(services, found!.user, bookingBody.parse(body));
    }),
  );
}
const signInSql: Statement[][] = [];
for (const [i, email] of people.entries()) {
  const req = { ip: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`, userAgent: 'bench' };
  signInSql.push(
    await capture(async () => {
      await startLogin(services, { email, password: PASSWORD }, req);
      // The code mail is an outbox row (read outside the capture: not part of the call's SQL).
      const mail = await one<{ text: string }>(
        "select payload->>'text' as text from mail_outbox where recipient = $1 order by id desc limit 1",
        [email],
      );
      const code = mail.text.match(/token=(\d{6})/)?.[1];
      await finishLogin(services, { email, login_token: code! }, req);
    }),
  );
}
await removeWrites();

// ---------------------------------------------------------------- replay
/** One call's statements on one connection, ids from RETURNING mapped from the capture's. */
async function replay(statements: Statement[]) {
  const client = await pool.connect();
  const ids = new Map<string, unknown>();
  try {
    for (const st of statements) {
      const values = st.values.map((v) => (ids.has(String(v)) ? ids.get(String(v)) : v));
      const res = await client.query({ text: st.text, values, rowMode: 'array' });
      const idAt = res.fields.findIndex((f) => f.name === 'id');
      if (idAt >= 0) for (const [k, old] of st.ids.entries()) ids.set(String(old), res.rows[k]?.[idAt]);
    }
  } finally {
    client.release();
  }
}

const load = (n: number, run: (i: number) => Promise<unknown>) => concurrently(n, clients, run);

// ---------------------------------------------------------------- server
const base = `http://127.0.0.1:${PORT}/api`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-writes-server-'));
const mailDir = path.join(dataDir, 'mail');
const server = await startServer(
  {
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    TRUST_PROXY: '1',
    MAIL_DIR: mailDir,
    DATA_DIR: dataDir,
    PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  },
  { port: PORT },
);
const xsrf = 'bench-xsrf-token-0123456789abcdef';
async function post(route: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await httpCall(`${base}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${route}: ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}
const httpBooking = (offset: number) => async (i: number) => {
  const { token, body } = bookingInput(i, offset);
  await post('/customer/appointment/bulk', body, { authorization: `Bearer ${token}` });
};
const ipOf = (i: number) => `10.10.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const signInTimes = { first: [] as number[], second: [] as number[] };
const httpSignIn = async (i: number) => {
  const email = people[i]!;
  let t = performance.now();
  await post('/loginTwoFactor', { email, password: PASSWORD }, { 'x-forwarded-for': ipOf(i) });
  signInTimes.first.push(performance.now() - t);
  const code = await mailedCode(mailDir, email);
  t = performance.now();
  await post('/authenticateToken', { email, login_token: code }, { 'x-forwarded-for': ipOf(i) });
  signInTimes.second.push(performance.now() - t);
};

const rows: string[] = [];
const line = (label: string, via: string, r: { times: number[]; secs: number }) =>
  `| ${label} | ${via} | ${fmt(percentile(r.times, 50))} ms | ${fmt(percentile(r.times, 95))} ms | ${fmt(r.times.length / r.secs, 0)}/s |`;
const ratio = (label: string, a: number[], b: number[]) =>
  `| ${label} | **razão servidor/SQL** | **${fmt(percentile(a, 50) / percentile(b, 50), 2)}×** | **${fmt(percentile(a, 95) / percentile(b, 95), 2)}×** | |`;
try {
  // Booking: warm both paths on other rooms, then measure the same 200 hours each way.
  await load(50, httpBooking(CALLS));
  await removeWrites();
  const sqlBooking = await load(CALLS, (i) => replay(bookingSql[i]!));
  await removeWrites();
  const serverBooking = await load(CALLS, httpBooking(0));
  const booked = await one<{ n: number }>('select count(*)::int as n from bookings where id > $1', [
    mark.booking,
  ]);
  if (booked.n !== CALLS) throw new Error(`esperava ${CALLS} reservas, há ${booked.n}`);
  await removeWrites();
  const queries = (sqls: Statement[][]) => fmt(sqls.reduce((n, q) => n + q.length, 0) / sqls.length, 1);
  rows.push(line('reserva (cartão, 1 hora)', 'servidor (HTTP)', serverBooking));
  rows.push(line('reserva (cartão, 1 hora)', `SQL direto (${queries(bookingSql)} comandos)`, sqlBooking));
  rows.push(ratio('reserva (cartão, 1 hora)', serverBooking.times, sqlBooking.times));

  // Sign-in: both steps each way; then the password check alone, as many at once.
  const sqlSignIn = await load(CALLS, (i) => replay(signInSql[i]!));
  await removeWrites();
  // The replay wrote the capture's code mails to the outbox: the server would deliver them beside
  // its own, and an old code could be read for a new sign-in.
  await pool.query("delete from mail_outbox where payload->>'text' like '%token=%'");
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(mailDir, { recursive: true, force: true });
  const serverSignIn = await load(CALLS, httpSignIn);
  const argon = await load(CALLS, async () => {
    await verifyPassword(hash, PASSWORD);
  });
  const both = signInTimes.first.map((t, i) => t + (signInTimes.second[i] ?? 0));
  rows.push(line('login (as duas etapas)', 'servidor (HTTP)', { times: both, secs: serverSignIn.secs }));
  rows.push(line('login (as duas etapas)', `SQL direto (${queries(signInSql)} comandos)`, sqlSignIn));
  rows.push(ratio('login (as duas etapas)', both, sqlSignIn.times));
  rows.push(line('login (as duas etapas)', 'só a verificação argon2id da senha', argon));
  rows.push(
    line('login: 1ª etapa (e-mail e senha)', 'servidor (HTTP)', {
      times: signInTimes.first,
      secs: serverSignIn.secs,
    }),
  );
  rows.push(
    line('login: 2ª etapa (código)', 'servidor (HTTP)', {
      times: signInTimes.second,
      secs: serverSignIn.secs,
    }),
  );
} finally {
  await stopServer(server.child);
  await capturePool.end();
  await pool.end();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${CALLS} chamadas por medida, ${clients} clientes simultâneos, pool de ${POOL} conexões\n`);
console.log('| chamada | via | p50 | p95 | vazão |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
