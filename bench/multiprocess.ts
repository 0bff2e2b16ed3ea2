/**
 * Many processes, one database: two server processes on one PostgreSQL take 200 concurrent
 * bookings of overlapping slots (half by card, half by Pix), then 200 more while one process is
 * killed with SIGKILL halfway; the same Pix webhook event is replayed 100 times across both; a
 * wrong password is tried 12 times from one address across both. Every check prints ok/FALHA; the exit code is the
 * number of failures.
 *
 * Usage: npm run build && node scripts/with-postgres.mjs npx tsx bench/multiprocess.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { limitMessages } from '../common/domain/limits.ts';
import { addDays, weekdayOf, zonedDate } from '../common/time/zone.ts';
import { openPostgres, queryRows } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/password.ts';
import { cpfFrom, insertCompleteProfile } from '../server/test/profiles.ts';
import { ensureBuilt, mailedCode, root } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Rode via scripts/with-postgres.mjs (TEST_DATABASE_URL).');
ensureBuilt();
const SECRET = 'multiprocess-webhook-secret-0123456789';
const PASSWORD = 'Bench#Senha2026';
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-mp-mail-'));
const ports = [3611, 3612];
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok   ' : 'FALHA'} ${what}`);
};

function start(port: number, demo: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO_DATA: String(demo),
      MAIL_DIR: mailDir,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'salas-mp-data-')),
      PAYMENT_WEBHOOK_SECRET: SECRET,
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`servidor saiu (${child.exitCode})`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        /* not yet */
      }
      setTimeout(tick, 50);
    };
    // A failure of the poll itself (not a refused connection) ends the wait instead of floating.
    const tick = () => {
      poll().catch(reject);
    };
    tick();
  });
}

const xsrf = 'mp-xsrf-token-0123456789abcdef';
async function call(
  port: number,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
  ip = '10.9.0.1',
) {
  const res = await fetch(`http://127.0.0.1:${port}/api${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field by the script
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
}

// ---------------------------------------------------------------- setup
const a = await start(ports[0]!, true); // migrates and seeds the demo
const b = await start(ports[1]!, false);
const database = await openPostgres(url, 4);
const hash = await hashPassword(PASSWORD);
const people = Array.from({ length: 20 }, (_, i) => `mp${i}@salas.test`);
const inserted = await database.db
  .insert(users)
  .values(
    people.map((email, i) => ({
      name: `Especialista ${i}`,
      email,
      passwordHash: hash,
      role: 'customer' as const,
      emailVerifiedAt: new Date(),
    })),
  )
  .returning({ id: users.id });
// They may book (DESIGN §8): a verified e-mail and the completeData fields.
for (const [i, u] of inserted.entries()) await insertCompleteProfile(database.db, u.id, cpfFrom(i));
const tokens: string[] = [];
for (const [i, email] of people.entries()) {
  const port = ports[i % 2]!;
  const ip = `10.8.0.${i + 1}`;
  await call(port, 'POST', '/loginTwoFactor', { email, password: PASSWORD }, undefined, ip);
  const res = await call(
    port,
    'POST',
    '/authenticateToken',
    { email, login_token: await mailedCode(mailDir, email) },
    undefined,
    ip,
  );
  tokens.push(res.json.data.token);
}
const cards: string[] = [];
for (const [i, token] of tokens.entries()) {
  const me = (await call(ports[0]!, 'GET', '/user', undefined, token)).json.data;
  const card = await call(
    ports[1]!,
    'POST',
    `/customer/${me.uuid}/card`,
    {
      number: '4242424242424242',
      holder_name: `Especialista ${i}`,
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    },
    token,
  );
  cards.push(card.json.data.uuid);
}
const rooms = (
  await queryRows<{ uuid: string }>(database.db, sql`select uuid from rooms where active order by id limit 3`)
).map((r) => r.uuid);
let day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 5);
while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
console.log(`2 processos, ${people.length} especialistas, ${rooms.length} salas, dia ${day}`);

type Outcome = { status: number; booking?: string; slots: string[]; room: string; message?: string };
async function storm(hours: string[], count: number, killAt?: number): Promise<Outcome[]> {
  let answered = 0;
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const room = rooms[i % rooms.length]!;
      const k = 1 + (i % 3);
      const slots = Array.from(
        { length: k },
        (_, j) => `${day}T${hours[(i * 7 + j) % hours.length]}:00:00-03:00`,
      );
      const unique = [...new Set(slots)];
      const port = ports[i % 2]!;
      const pix = i % 2 === 0;
      try {
        const res = await call(
          port,
          'POST',
          '/customer/appointment/bulk',
          {
            room_uuid: room,
            date_times: unique,
            payment_method: pix ? 'pix' : 'card',
            ...(pix ? {} : { card_uuid: cards[i % cards.length] }),
          },
          tokens[i % tokens.length],
        );
        outcomes.push({
          status: res.status,
          booking: res.json.data?.uuid,
          slots: unique,
          room,
          message: res.json.message,
        });
        // Killed in the middle: once `killAt` answers have come back, with the rest in flight.
        if (killAt !== undefined && ++answered === killAt) b.kill('SIGKILL');
      } catch {
        outcomes.push({ status: 0, slots: unique, room }); // the killed process: no answer
      }
    }),
  );
  return outcomes;
}

async function verify(label: string, outcomes: Outcome[]) {
  const doubles = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from (select room_id, starts_at from appointments
        where status in ('pending_payment', 'confirmed', 'completed', 'no_show')
        group by 1, 2 having count(*) > 1) d`,
  );
  check(Number(doubles[0]!.n) === 0, `${label}: nenhum horário reservado duas vezes`);
  const ok = outcomes.filter((o) => o.status === 201);
  const found = await queryRows<{ uuid: string; n: number; payments: number }>(
    database.db,
    sql`select b.uuid, (select count(*) from appointments a where a.booking_id = b.id)::int as n,
               (select count(*) from payments p where p.booking_id = b.id)::int as payments
        from bookings b where b.uuid = any(${`{${ok.map((o) => o.booking).join(',')}}`}::uuid[])`,
  );
  const byUuid = new Map(found.map((f) => [f.uuid, f]));
  check(
    ok.every((o) => byUuid.get(o.booking!)?.n === o.slots.length),
    `${label}: as ${ok.length} respostas 201 são reservas reais, com todos os horários`,
  );
  check(
    found.every((f) => Number(f.payments) === 1),
    `${label}: cada reserva tem exatamente um pagamento`,
  );
  const orphans = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from bookings b where not exists (select 1 from payments p where p.booking_id = b.id)`,
  );
  check(Number(orphans[0]!.n) === 0, `${label}: nenhuma reserva sem pagamento (nada pela metade)`);
  // A person with 3 unpaid Pix bookings open is refused more (422, DESIGN §8): a rule, not a race —
  // after a SIGKILL, bookings the dead process committed without answering still count.
  const limit = (o: Outcome) =>
    o.status === 422 && [limitMessages.openPix, limitMessages.heldHours].includes(o.message as never);
  const other = outcomes.filter((o) => o.status !== 201 && o.status !== 409 && o.status !== 0 && !limit(o));
  if (outcomes.some(limit))
    console.log(`      ${outcomes.filter(limit).length} recusas 422 pelo limite de Pix em aberto por pessoa`);
  check(
    other.length === 0,
    `${label}: toda recusa é 409 (${[...new Set(other.map((o) => `${o.status} ${o.message}`))].join('; ') || 'nenhuma outra'})`,
  );
  console.log(
    `      ${ok.length} reservas, ${outcomes.filter((o) => o.status === 409).length} recusas 409, ${outcomes.filter((o) => o.status === 0).length} sem resposta`,
  );
}

// ---------------------------------------------------------------- 200 bookings through both
await verify('dois processos', await storm(['08', '09', '10', '11', '12'], 200));

// ---------------------------------------------------------------- 200 more, one process killed halfway
await verify('SIGKILL no meio', await storm(['14', '15', '16', '17', '18'], 200, 60));
check(b.exitCode !== null || b.signalCode === 'SIGKILL', 'o processo B foi morto com SIGKILL');

// Holds expire: pretend the 15 minutes passed, the surviving process's job frees them.
await database.db.execute(
  sql`update bookings set hold_expires_at = now() - interval '1 minute' where status = 'pending_payment'`,
);
const held = await queryRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from bookings where status = 'pending_payment'`,
);
let left = Number(held[0]!.n);
for (let i = 0; i < 80 && left > 0; i++) {
  await new Promise((r) => setTimeout(r, 500));
  left = Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from bookings where status = 'pending_payment'`,
      )
    )[0]!.n,
  );
}
check(left === 0, `as ${held[0]!.n} reservas Pix vencidas expiraram pelo processo que ficou`);

// ---------------------------------------------------------------- webhook replayed 100 times
const b2 = await start(ports[1]!, false);
const pix = await call(
  ports[0]!,
  'POST',
  '/customer/appointment/bulk',
  { room_uuid: rooms[0], date_times: [`${day}T19:00:00-03:00`], payment_method: 'pix' },
  tokens[0],
);
const event = JSON.stringify({
  id: 'evt_mp_1',
  type: 'payment.paid',
  data: { payment_uuid: pix.json.data.payment.uuid },
});
const signature = () => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${event}`).digest('hex')}`;
};
const replies = await Promise.all(
  Array.from({ length: 100 }, (_, i) =>
    fetch(`http://127.0.0.1:${ports[i % 2]}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signature() },
      body: event,
    }).then((r) => r.status),
  ),
);
check(
  replies.every((s) => s < 300),
  `o webhook repetido 100 vezes nos dois processos respondeu 2xx`,
);
const applied = await queryRows<{ n: number; status: string }>(
  database.db,
  sql`select (select count(*) from payment_events where event_id = 'evt_mp_1')::int as n,
             (select status from bookings where uuid = ${pix.json.data.uuid}) as status`,
);
check(
  Number(applied[0]!.n) === 1 && applied[0]!.status === 'confirmed',
  'aplicado uma vez: reserva confirmada, um evento gravado',
);
const confirmations = fs
  .readdirSync(mailDir)
  .filter((f) => f.includes(people[0]!) && f.includes('reserva-confirmada'))
  .filter((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').includes('19:00'));
check(confirmations.length === 1, `um único e-mail de confirmação do Pix pago (${confirmations.length})`);

// ---------------------------------------------------------------- throttling across processes
const statuses: number[] = [];
for (let i = 0; i < 12; i++)
  statuses.push(
    (
      await call(
        ports[i % 2]!,
        'POST',
        '/loginTwoFactor',
        { email: 'ninguem-mp@salas.test', password: 'errada' },
        undefined,
        '10.7.0.1',
      )
    ).status,
  );
check(
  statuses.slice(0, 10).every((s) => s === 401 || s === 422) && statuses.slice(10).every((s) => s === 429),
  `o limite de 10 erros por (conta, endereço) vale somando os dois processos (${statuses.join(' ')})`,
);

a.kill('SIGTERM');
b2.kill('SIGTERM');
await database.close();
console.log(failures === 0 ? '\ntudo certo' : `\n${failures} falha(s)`);
process.exit(failures);
