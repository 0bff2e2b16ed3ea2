// The framework's ceiling: a bare Fastify hello-world beside the Salas server, the same load from
// autocannon (its own process, 32 keep-alive connections) on the lightest calls: `/` of the bare
// server, then Salas' `GET /api/config` (no database), `GET /api/health` (`select 1`) and two
// authenticated reads — `GET /api/user` and a customer's cards — with a bearer token, on the
// embedded database and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL.
// Usage: npm run build && node scripts/with-postgres.mjs node bench/ceiling.mjs [seconds] [connections]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, fmt, mailedCode, root, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-ceiling-'));

/** Runs autocannon in its own process (output to a file: nothing shares the bench's pipes). */
function autocannon(url, headers, duration) {
  const out = path.join(work, `ac-${Date.now()}.json`);
  const args = [path.join(root, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(connections)];
  args.push('-d', String(duration));
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const fd = fs.openSync(out, 'w');
    const child = spawn(process.execPath, args, { stdio: ['ignore', fd, 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 30) * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fs.closeSync(fd);
      if (code !== 0) return reject(new Error(`autocannon saiu com ${code}`));
      resolve(JSON.parse(fs.readFileSync(out, 'utf8')));
    });
  });
}

async function measure(label, url, headers = {}) {
  await autocannon(url, headers, 2); // warm-up: JIT, pools, caches
  const r = await autocannon(url, headers, seconds);
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${label}: ${bad} respostas ruins de ${r.requests.total}`);
  return { label, rate: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Signs `email` in through the two sign-in calls; answers the bearer token and the user's uuid. */
async function signIn(base, mailDir, email) {
  const xsrf = 'bench-xsrf-token-0123456789abcdef';
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const post = (p, body) => fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const r1 = await post('/loginTwoFactor', { email, password: 'Salas@2026' });
  if (!r1.ok) throw new Error(`loginTwoFactor ${r1.status}`);
  const code = await mailedCode(mailDir, email);
  const r2 = await post('/authenticateToken', { email, login_token: code });
  if (!r2.ok) throw new Error(`authenticateToken ${r2.status}`);
  const token = (await r2.json()).data.token;
  const user = await (await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, uuid: user.data.uuid };
}

const bare = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify({ logger: false });
     app.get('/', async () => ({ status: 'ok' }));
     await app.listen({ port: 3911, host: '127.0.0.1' });`,
  ],
  { cwd: root, stdio: 'ignore' },
);
for (;;) {
  try {
    if ((await fetch('http://127.0.0.1:3911/')).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 50));
}

const rows = [await measure('Fastify puro, `/`', 'http://127.0.0.1:3911/')];
bare.kill('SIGTERM');

const databases = [['banco embutido', {}]];
if (pgUrl) databases.push(['PostgreSQL', { DATABASE_URL: pgUrl }]);
let port = 3912;
for (const [dbLabel, dbEnv] of databases) {
  const dataDir = path.join(work, `data-${port}`);
  const mailDir = path.join(dataDir, 'mail');
  const env = { DATA_DIR: dataDir, MAIL_DIR: mailDir, DEMO_DATA: 'true', ...dbEnv };
  const { child } = await startServer(env, { port });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    const { token, uuid } = await signIn(base, mailDir, 'especialista@salas.test');
    const auth = { authorization: `Bearer ${token}` };
    if (dbLabel === 'banco embutido')
      rows.push(await measure('Salas, `GET /api/config` (sem banco)', `${base}/config`));
    rows.push(await measure(`Salas ${dbLabel}, \`GET /api/health\``, `${base}/health`));
    rows.push(await measure(`Salas ${dbLabel}, \`GET /api/user\` (token)`, `${base}/user`, auth));
    rows.push(
      await measure(
        `Salas ${dbLabel}, \`GET /api/customer/card/{uuid}\` (token)`,
        `${base}/customer/card/${uuid}`,
        auth,
      ),
    );
  } finally {
    await stopServer(child);
  }
  port++;
}
fs.rmSync(work, { recursive: true, force: true });

console.log(
  `\nautocannon, ${connections} conexões keep-alive, ${seconds} s por linha (após 2 s de aquecimento)\n`,
);
console.log('| servidor | p50 | p99 | vazão | % do Fastify puro |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.label} | ${fmt(r.p50, 0)} ms | ${fmt(r.p99, 0)} ms | ${fmt(r.rate, 0)}/s | ${fmt((100 * r.rate) / rows[0].rate, 0)} % |`,
  );
