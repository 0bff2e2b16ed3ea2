/**
 * Crash safety of the embedded database: a server on a fresh data folder (demo data) takes a
 * stream of bookings by card from 8 concurrent clients; it is killed with SIGKILL mid-stream and
 * started again on the same folder. Every booking that was answered 201 must be there with all
 * its hours and its payment, and nothing may be half-written. Repeated `rounds` times.
 *
 * Usage: npm run build && npx tsx bench/crash.ts [rounds]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, weekdayOf, zonedDate } from '../common/time/zone.ts';
import { openPglite, queryRows } from '../server/db/client.ts';
import { ensureBuilt, mailedCode, root } from './lib.mjs';

ensureBuilt();
const rounds = Number(process.argv[2] ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-crash-'));
const mailDir = path.join(dataDir, 'mail');
const PORT = 3711;
const base = `http://127.0.0.1:${PORT}/api`;
const xsrf = 'crash-xsrf-token-0123456789abcdef';
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok   ' : 'FALHA'} ${what}`);
};

function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`servidor saiu (${child.exitCode})`));
      try {
        if ((await fetch(`${base}/health`)).ok) return resolve(child);
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

async function call(method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field by the script
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
}

const code = (email: string) => mailedCode(mailDir, email);

/** Resolves once the process is gone (at once when it already is). */
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

let server = await start();
// A failure of the script must not leave a server behind on the port.
process.on('exit', () => server.kill('SIGKILL'));
const email = 'especialista@salas.test';
const step1 = await call('POST', '/loginTwoFactor', { email, password: 'Salas@2026' });
if (step1.status !== 200) throw new Error(`login: ${step1.status} ${JSON.stringify(step1.json)}`);
const token = (await call('POST', '/authenticateToken', { email, login_token: await code(email) })).json.data
  .token as string;
const me = (await call('GET', '/user', undefined, token)).json.data;
const card = (await call('GET', `/customer/card/${me.uuid}`, undefined, token)).json.data[0].uuid as string;
const rooms = (await call('POST', '/customer/room/genericsearch?per_page=50', {})).json.data.map(
  (r: { uuid: string }) => r.uuid,
) as string[];

const answered: { uuid: string; hours: number }[] = [];
let day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 20);
for (let round = 1; round <= rounds; round++) {
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  const slots = rooms.flatMap((room) =>
    ['09', '10', '11', '13', '14', '15', '16', '17'].map((h) => ({ room, at: `${day}T${h}:00:00-03:00` })),
  );
  let next = 0;
  let killed = false;
  const killAfter = 15 + round * 7;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < slots.length && !killed) {
        const s = slots[next++]!;
        try {
          const res = await call(
            'POST',
            '/customer/appointment/bulk',
            {
              room_uuid: s.room,
              date_times: [s.at],
              payment_method: 'card',
              card_uuid: card,
            },
            token,
          );
          if (res.status === 201) answered.push({ uuid: res.json.data.uuid, hours: 1 });
          else if (res.status !== 409)
            console.log(`resposta inesperada ${res.status}: ${JSON.stringify(res.json).slice(0, 200)}`);
          if (answered.length >= killAfter * round && !killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        } catch {
          /* the killed server: no answer */
        }
      }
    }),
  );
  if (!killed) server.kill('SIGKILL');
  await exited(server);
  server = await start(); // same folder: the lock of the dead process is taken over
  day = addDays(day, 1);
  console.log(`rodada ${round}: ${answered.length} reservas respondidas 201 até agora; reiniciado`);
}
server.kill('SIGTERM');
await exited(server);

const database = await openPglite(path.join(dataDir, 'db'));
const found = await queryRows<{ uuid: string; n: number; payments: number; status: string }>(
  database.db,
  sql`select b.uuid, b.status, (select count(*) from appointments a where a.booking_id = b.id)::int as n,
             (select count(*) from payments p where p.booking_id = b.id and p.status = 'paid')::int as payments
      from bookings b`,
);
const byUuid = new Map(found.map((f) => [f.uuid, f]));
const lost = answered.filter((a) => byUuid.get(a.uuid)?.n !== a.hours || byUuid.get(a.uuid)?.payments !== 1);
check(
  lost.length === 0,
  `todas as ${answered.length} reservas respondidas 201 estão lá, com horário e pagamento (${lost.length} perdidas)`,
);
const half = await queryRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from bookings b
      where not exists (select 1 from payments p where p.booking_id = b.id)
         or not exists (select 1 from appointments a where a.booking_id = b.id)`,
);
check(Number(half[0]!.n) === 0, 'nenhuma reserva pela metade (sem pagamento ou sem horários)');
const doubles = await queryRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from (select room_id, starts_at from appointments
      where status in ('pending_payment', 'confirmed', 'completed', 'no_show') group by 1, 2 having count(*) > 1) d`,
);
check(Number(doubles[0]!.n) === 0, 'nenhum horário reservado duas vezes');
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(failures === 0 ? '\ntudo certo' : `\n${failures} falha(s)`);
process.exit(failures);
