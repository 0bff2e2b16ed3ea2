// p50/p95 of the two sign-in calls (loginTwoFactor, authenticateToken) under 20 concurrent
// clients, each signing in fresh generated accounts (codes read from the mail folder).
// Usage: npm run build && node bench/signin.mjs [clients] [signInsPerClient]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, fmt, mailedCode, median, percentile, root, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const clients = Number(process.argv[2] ?? 20);
const perClient = Number(process.argv[3] ?? 10);
const total = clients * perClient;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-bench-signin-'));
const mailDir = path.join(dataDir, 'mail');
execFileSync('npx', ['tsx', 'bench/generate-users.ts', dataDir, String(total)], {
  cwd: root,
  stdio: 'inherit',
});

const port = 3511;
const base = `http://127.0.0.1:${port}/api`;
const { child } = await startServer(
  { DATA_DIR: dataDir, MAIL_DIR: mailDir, DEMO_DATA: 'false', TRUST_PROXY: '1' },
  { port },
);
const xsrf = 'bench-xsrf-token-0123456789abcdef';
const headers = (ip) => ({
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${xsrf}`,
  'x-xsrf-token': xsrf,
  // Each simulated client comes from its own address, as real users do.
  'x-forwarded-for': ip,
});

const step1 = [];
const step2 = [];
let failures = 0;
async function client(c) {
  const ip = `10.0.${Math.floor(c / 250)}.${(c % 250) + 1}`;
  for (let i = 0; i < perClient; i++) {
    const email = `bench${c * perClient + i}@salas.test`;
    let t = performance.now();
    const r1 = await fetch(`${base}/loginTwoFactor`, {
      method: 'POST',
      headers: headers(ip),
      body: JSON.stringify({ email, password: 'Bench#Senha2026' }),
    });
    step1.push(performance.now() - t);
    if (!r1.ok) {
      failures++;
      continue;
    }
    const code = await mailedCode(mailDir, email).catch(() => undefined);
    t = performance.now();
    const r2 = await fetch(`${base}/authenticateToken`, {
      method: 'POST',
      headers: headers(ip),
      body: JSON.stringify({ email, login_token: code }),
    });
    step2.push(performance.now() - t);
    if (!r2.ok) failures++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
const seconds = (performance.now() - started) / 1000;
await stopServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `${clients} clientes simultâneos, ${total} logins completos em ${fmt(seconds)} s, falhas: ${failures}`,
);
console.log(`POST /api/loginTwoFactor   p50 ${fmt(median(step1))} ms  p95 ${fmt(percentile(step1, 95))} ms`);
console.log(`POST /api/authenticateToken p50 ${fmt(median(step2))} ms  p95 ${fmt(percentile(step2, 95))} ms`);
