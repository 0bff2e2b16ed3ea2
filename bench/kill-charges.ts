/**
 * Orphan charges after N kills (issue 41, DESIGN §10 "Staying up"): the product on a throwaway
 * PostgreSQL (demo data, sandbox payments) takes card bookings from 8 concurrent clients and is
 * killed with SIGKILL at a random moment mid-flight, `rounds` times, started again after each. A
 * kill that lands between the gateway's capture and our write of it leaves an orphan: money the
 * sandbox captured (sandbox_charges) that no payment of ours holds.
 *
 * Counted right after the kills — what the product keeps for ever without the reconciliation job
 * (as before it existed) — and again once the restarted server's own job has run (it looks an
 * unanswered attempt up two minutes after it was asked, every minute; an attempt that never reached
 * the gateway is ended after ten): each orphan then attached and its booking confirmed, or refunded
 * in full. The server runs from source on the project's Node (node_modules/.bin/node, the product's
 * floor), its job intervals untouched: the script only waits. Ends with the ledger check at the
 * moment and 31 minutes on (the check's `now`, as `npm run ledger:check` would run then).
 *
 * Usage: node scripts/with-postgres.mjs npx tsx bench/kill-charges.ts [rounds] [wait-seconds]
 * (30 rounds; waits up to 900 s for the job). BENCH_SERVER_ROOT runs the server of another checkout
 * (an older commit, for the count before the job existed). The exit code is the number of failed
 * checks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, weekdayOf, zonedDate } from '../common/time/zone.ts';
import { openPostgres, queryRows } from '../server/db/client.ts';
import { checkLedger } from '../server/features/lifecycle/ledger.ts';
import { mailedCode, root } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Rode via scripts/with-postgres.mjs (TEST_DATABASE_URL).');
const rounds = Number(process.argv[2] ?? 30);
/** How long the restarted server gets to settle everything (an attempt never sent ends after 10 min). */
const SETTLE_LIMIT_MS = Number(process.argv[3] ?? 900) * 1000;
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
const PORT = 3721;
const base = `http://127.0.0.1:${PORT}/api`;
const xsrf = 'kill-charges-xsrf-0123456789abcdef';
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-kill-mail-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-kill-data-'));
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok   ' : 'FALHA'} ${what}`);
};

function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DEMO_DATA: 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      MAIL_DIR: mailDir,
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'sandbox',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (child.exitCode !== null) {
        reject(new Error(`servidor saiu (${child.exitCode})`));
        return;
      }
      const again = () => {
        setTimeout(poll, 100);
      };
      fetch(`${base}/health`).then((res) => (res.ok ? resolve(child) : again()), again);
    };
    poll();
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

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

const database = await openPostgres(url, 2);
/** Money the sandbox captured by card that no payment of ours holds as captured. */
const orphans = () =>
  queryRows<{ ref: string; cents: number }>(
    database.db,
    sql`select c.ref, c.captured_cents - c.refunded_cents as cents from sandbox_charges c
        where starts_with(c.ref, 'ch_') and c.captured_cents > c.refunded_cents
          and not exists (select 1 from payments p where p.provider = 'sandbox'
                          and p.provider_ref = c.ref and p.paid_at is not null)
        order by c.ref`,
  );
/** Attempts asked of the gateway whose answer was never written. */
const unanswered = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from payments where charge_started_at is not null and provider_ref is null`,
      )
    )[0]!.n,
  );

let server = await start();
process.on('exit', () => server.kill('SIGKILL'));
const email = 'especialista@salas.test';
const step1 = await call('POST', '/loginTwoFactor', { email, password: 'Salas@2026' });
if (step1.status !== 200) throw new Error(`login: ${step1.status} ${JSON.stringify(step1.json)}`);
const token = (
  await call('POST', '/authenticateToken', { email, login_token: await mailedCode(mailDir, email) })
).json.data.token as string;
const me = (await call('GET', '/user', undefined, token)).json.data;
const card = (await call('GET', `/customer/card/${me.uuid}`, undefined, token)).json.data[0].uuid as string;
const rooms = (await call('POST', '/customer/room/genericsearch?per_page=50', {})).json.data.map(
  (r: { uuid: string }) => r.uuid,
) as string[];
console.log(`${rooms.length} salas; ${rounds} quedas com SIGKILL no meio das reservas por cartão`);

const answers = new Map<string, number>();
const seen = new Map<string, number>();
const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
let day = addDays(zonedDate(new Date(), 'America/Sao_Paulo'), 10);
for (let round = 1; round <= rounds; round++) {
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  const slots = rooms.flatMap((room) =>
    ['09', '10', '11', '13', '14', '15', '16', '17'].map((h) => ({ room, at: `${day}T${h}:00:00-03:00` })),
  );
  let next = 0;
  let killed = false;
  // A random moment once the clients are busy: 0.3 to 1.5 s into the round.
  const killer = setTimeout(
    () => {
      killed = true;
      server.kill('SIGKILL');
    },
    300 + Math.random() * 1200,
  );
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < slots.length && !killed) {
        const s = slots[next++]!;
        try {
          const res = await call(
            'POST',
            '/customer/appointment/bulk',
            { room_uuid: s.room, date_times: [s.at], payment_method: 'card', card_uuid: card },
            token,
          );
          count(String(res.status));
        } catch {
          count('sem resposta');
        }
      }
    }),
  );
  clearTimeout(killer);
  if (!killed) server.kill('SIGKILL');
  await exited(server);
  server = await start();
  day = addDays(day, 1);
  for (const o of await orphans()) seen.set(o.ref, Number(o.cents));
  console.log(`queda ${round}: ${seen.size} cobrança(s) órfã(s) vista(s) até agora`);
}

// Every orphan the kills made (the job of a restarted server may have settled some already).
for (const o of await orphans()) seen.set(o.ref, Number(o.cents));
const before = [...seen].map(([ref, cents]) => ({ ref, cents }));
const unansweredBefore = await unanswered();
console.log(
  `\nrespostas: ${JSON.stringify(Object.fromEntries([...answers].sort()))}` +
    `\n${rounds} quedas: ${before.length} cobrança(s) capturada(s) que nenhum pagamento registrava` +
    ` (${before.reduce((t, o) => t + Number(o.cents), 0)} centavos); ${unansweredBefore} tentativa(s) sem resposta registrada`,
);

// The restarted server's job settles them: poll until nothing is left (or the limit).
const waitStarted = Date.now();
let orphansGoneAfterMs: number | null = before.length === 0 ? 0 : null;
for (;;) {
  await new Promise((r) => setTimeout(r, 10_000));
  const left = await orphans();
  const open = await unanswered();
  if (orphansGoneAfterMs === null && left.length === 0) orphansGoneAfterMs = Date.now() - waitStarted;
  console.log(
    `  ${Math.round((Date.now() - waitStarted) / 1000)} s: ${left.length} órfã(s), ${open} tentativa(s) sem resposta`,
  );
  if ((left.length === 0 && open === 0) || Date.now() - waitStarted > SETTLE_LIMIT_MS) break;
}
const after = await orphans();
const unansweredAfter = await unanswered();
const fates = before.length
  ? await queryRows<{ payment: string | null; booking: string | null; n: number }>(
      database.db,
      sql`select p.status as payment, b.status as booking, count(*)::int as n
          from sandbox_charges c
          left join payments p on p.provider = 'sandbox' and p.provider_ref = c.ref
          left join bookings b on b.id = p.booking_id
          where c.ref in (${sql.join(
            before.map((o) => sql`${o.ref}`),
            sql`, `,
          )})
          group by 1, 2 order by 1, 2`,
    )
  : [];
console.log(
  `depois do trabalho: ${after.length} órfã(s), ${unansweredAfter} tentativa(s) sem resposta; ` +
    `destino das ${before.length}: ${JSON.stringify(fates)}` +
    (orphansGoneAfterMs === null ? '' : `; órfãs zeradas em ${Math.round(orphansGoneAfterMs / 1000)} s`),
);
check(after.length === 0, `nenhuma cobrança capturada sem pagamento depois do trabalho (${after.length})`);
check(unansweredAfter === 0, `nenhuma tentativa sem resposta registrada (${unansweredAfter})`);
check(
  fates.every((f) => (f.payment === 'paid' && f.booking === 'confirmed') || f.payment === 'refunded'),
  'cada órfã confirmou a sua reserva ou foi devolvida por inteiro',
);
const now = await checkLedger(database.db, { now: new Date() });
const later = await checkLedger(database.db, { now: new Date(Date.now() + 31 * 60_000) });
check(now.length === 0, `ledger:check agora: ${now.length} violação(ões)`);
check(
  later.length === 0,
  `ledger:check 31 minutos depois: ${later.length} violação(ões)${later.length ? ` ${JSON.stringify(later.slice(0, 3))}` : ''}`,
);

server.kill('SIGTERM');
await exited(server);
await database.close();
fs.rmSync(mailDir, { recursive: true, force: true });
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(failures === 0 ? '\ntudo certo' : `\n${failures} falha(s)`);
process.exit(failures);
