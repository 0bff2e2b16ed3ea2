/**
 * The database away under load (issue 41, DESIGN §10 "Staying up"): the product (`server/main.ts`,
 * demo data) on a fresh PostgreSQL database reached through a TCP proxy (server/test/tcp-proxy.ts);
 * a steady load of visitors (searches with and without a date, room pages, `/api/health`) at a fixed
 * rate; then, for `--seconds` (8), either the database is stopped (`stop`: the proxy drops every
 * connection and refuses new ones, as a stopped server does) or the app's connections are
 * terminated by the server every 250 ms (`terminate`: `pg_terminate_backend`). Reports the requests
 * that got no HTTP answer, the answers by status, whether the process exited, and how long after
 * the database came back the app served a search and a room page again.
 *
 * Usage: node scripts/with-postgres.mjs npx tsx bench/outage.ts [--scenario stop|terminate]
 *          [--seconds 8] [--rate 100] [--root <checkout>]
 * `--root` runs the server of another checkout (e.g. a `git worktree` of an older commit, with
 * node_modules linked) against the same proxy and load, for a before/after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays } from '../common/time/zone.ts';
import { startTcpProxy } from '../server/test/tcp-proxy.ts';
import { root } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'stop' },
    seconds: { type: 'string', default: '8' },
    rate: { type: 'string', default: '100' },
    root: { type: 'string', default: root },
  },
});
const scenario = args.scenario === 'terminate' ? 'terminate' : 'stop';
const OUTAGE_MS = Number(args.seconds) * 1000;
const RATE = Number(args.rate);
const BEFORE_MS = 4_000;
const AFTER_MS = 10_000;
/** A request still unanswered after this is counted as unanswered (and abandoned). */
const NO_ANSWER_MS = 10_000;
const APP_NAME = 'salas_outage_bench';
const PORT = 3811;
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('Rode via scripts/with-postgres.mjs (TEST_DATABASE_URL).');
const checkout = path.resolve(args.root);

// ---------------------------------------------------------------- a database, a proxy, the server
const name = `salas_outage_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const target = new URL(serverUrl);
target.pathname = `/${name}`;
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const through = new URL(proxy.through(target.toString()));
through.searchParams.set('application_name', APP_NAME);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-outage-'));
let exited: { at: number; code: number | null; signal: string | null } | undefined;
let stderr = '';
const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: checkout,
  env: {
    ...process.env,
    DATABASE_URL: through.toString(),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    DEMO_DATA: 'true',
    DATA_DIR: dataDir,
    MAIL_DIR: path.join(dataDir, 'mail'),
    PAYMENT_WEBHOOK_SECRET: 'outage-webhook-secret-0123456789',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
child.stderr?.on('data', (chunk: Buffer) => {
  stderr += chunk.toString();
});
child.on('exit', (code, signal) => {
  exited = { at: performance.now(), code, signal };
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const XSRF = 'outage-bench-xsrf-0123456789';
type Answer = { status: number; retryAfter?: string; body: string; ms: number } | { error: string };

function call(method: string, p: string, body?: unknown): Promise<Answer> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `http://127.0.0.1:${PORT}${p}`,
      {
        method,
        agent,
        headers: {
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: NO_ANSWER_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - sentAt,
          }),
        );
        res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('sem resposta')));
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Started: the demo seeded, a search answered.
const bootStarted = performance.now();
let roomUuid: string | undefined;
while (!roomUuid) {
  if (exited) throw new Error(`o servidor saiu ao iniciar (${exited.code}): ${stderr.slice(-2000)}`);
  if (performance.now() - bootStarted > 180_000) throw new Error('o servidor não respondeu em 3 min');
  const res = await call('POST', '/api/customer/room/genericsearch', {});
  if ('status' in res && res.status === 200) roomUuid = JSON.parse(res.body).data[0]?.uuid;
  else await sleep(200);
}
const day = addDays(new Date().toISOString().slice(0, 10), 3);

// ---------------------------------------------------------------- the load
const kinds = [
  { what: 'busca', method: 'POST', path: '/api/customer/room/genericsearch', body: { value: 'sala' } },
  { what: 'busca com data', method: 'POST', path: '/api/customer/room/genericsearch', body: { date: day } },
  { what: 'página da sala', method: 'GET', path: `/api/rooms/${roomUuid}` },
  { what: 'health', method: 'GET', path: '/api/health' },
];
type Phase = 'antes' | 'fora' | 'depois';
const records: { phase: Phase; what: string; answer: Answer }[] = [];
let phase: Phase = 'antes';
const inFlight: Promise<void>[] = [];
const started = performance.now();
const total = BEFORE_MS + OUTAGE_MS + AFTER_MS;
let sent = 0;
const loadDone = (async () => {
  // Open loop at a fixed rate: a request leaves every 1000/RATE ms whatever the answers do.
  while (performance.now() - started < total) {
    const due = started + (sent * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const kind = kinds[sent % kinds.length]!;
    const at = phase;
    sent += 1;
    inFlight.push(
      call(kind.method, kind.path, kind.body).then((answer) => {
        records.push({ phase: at, what: kind.what, answer });
      }),
    );
  }
  await Promise.all(inFlight);
})();

await sleep(BEFORE_MS);
phase = 'fora';
const cutAt = performance.now();
if (scenario === 'stop') {
  await proxy.refuse();
  await sleep(OUTAGE_MS);
  await proxy.restore();
} else {
  const killer = new pg.Client({ connectionString: target.toString() });
  await killer.connect();
  while (performance.now() - cutAt < OUTAGE_MS) {
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
      [APP_NAME, name],
    );
    await sleep(250);
  }
  await killer.end();
}
const backAt = performance.now();
phase = 'depois';

// How long until a search and a room page answer 200 again (probes beside the load).
let servingAgainMs: number | undefined;
while (performance.now() - backAt < AFTER_MS && !exited) {
  const [search, page] = await Promise.all([
    call('POST', '/api/customer/room/genericsearch', { value: 'sala' }),
    call('GET', `/api/rooms/${roomUuid}`),
  ]);
  if ('status' in search && search.status === 200 && 'status' in page && page.status === 200) {
    servingAgainMs = performance.now() - backAt;
    break;
  }
  await sleep(100);
}
await loadDone;

// ---------------------------------------------------------------- report
const count = (phaseOf: Phase | 'todas', test: (a: Answer) => boolean) =>
  records.filter((r) => (phaseOf === 'todas' || r.phase === phaseOf) && test(r.answer)).length;
const unanswered = (a: Answer) => 'error' in a;
const status = (n: number) => (a: Answer) => 'status' in a && a.status === n;
const fiveHundreds = (a: Answer) => 'status' in a && a.status >= 500 && a.status !== 503;
const ok = (a: Answer) => 'status' in a && a.status < 300;
const with503Right = records.filter(
  (r) =>
    'status' in r.answer &&
    r.answer.status === 503 &&
    r.answer.retryAfter &&
    r.answer.body.includes('indisponível'),
).length;
const errorKinds = new Map<string, number>();
for (const r of records)
  if ('error' in r.answer) errorKinds.set(r.answer.error, (errorKinds.get(r.answer.error) ?? 0) + 1);

console.log(
  `\n## ${scenario === 'stop' ? 'Banco parado' : 'Conexões encerradas (pg_terminate_backend)'} por ${OUTAGE_MS / 1000} s`,
);
console.log(
  `código: ${checkout}; ${RATE} pedidos/s; ${records.length} pedidos (${BEFORE_MS / 1000} s antes, ${OUTAGE_MS / 1000} s fora, ${AFTER_MS / 1000} s depois)\n`,
);
const medianMs = (p: Phase | 'todas') => {
  const times = records
    .filter((r) => (p === 'todas' || r.phase === p) && ok(r.answer))
    .map((r) => (r.answer as { ms: number }).ms)
    .sort((a, b) => a - b);
  return times.length ? `${Math.round(times[Math.floor(times.length / 2)]!)} ms` : '—';
};
console.log('| fase | pedidos | 2xx | 503 | outros 5xx | sem resposta | mediana 2xx |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const p of ['antes', 'fora', 'depois', 'todas'] as const)
  console.log(
    `| ${p} | ${count(p, () => true)} | ${count(p, ok)} | ${count(p, status(503))} | ${count(p, fiveHundreds)} | ${count(p, unanswered)} | ${medianMs(p)} |`,
  );
console.log(`\n503 com Retry-After e mensagem em português: ${with503Right}`);
console.log(`sem resposta por erro: ${JSON.stringify(Object.fromEntries(errorKinds))}`);
console.log(
  `processo: ${exited ? `SAIU ${((exited.at - cutAt) / 1000).toFixed(1)} s depois do corte (código ${exited.code}, sinal ${exited.signal})` : 'no ar até o fim'}`,
);
console.log(
  `voltou a servir (busca e página da sala 200): ${servingAgainMs === undefined ? 'não voltou' : `${Math.round(servingAgainMs)} ms depois de o banco voltar`}`,
);
if (exited) {
  const reason = stderr
    .split('\n')
    .find((l) => /Error|error/.test(l))
    ?.slice(0, 200);
  console.log(`motivo (stderr): ${reason ?? '(nada)'}`);
}

// ---------------------------------------------------------------- clean up
if (!exited) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
agent.destroy();
await proxy.close();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
