// Shared helpers of the benchmarks: start the built server, wait for health, measure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function ensureBuilt() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('Rode `npm run build` antes dos benchmarks.');
  }
}

/**
 * Spawns `node dist/server/main.js` and answers { child, readyMs } once /api/health answers. With
 * BENCH_CPU_PROF=<folder> the server writes a V8 CPU profile there when it stops (read it with
 * `node bench/profile-top.mjs <file>`).
 */
export async function startServer(env, { port }) {
  const started = performance.now();
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, process.env.BENCH_SERVER ?? 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, readyMs: performance.now() - started };
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Resident set size of a process in MB (Linux). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const median = (values) => percentile(values, 50);
export const fmt = (n, digits = 1) => n.toFixed(digits);

/** The sign-in code last mailed to `email` in `mailDir` (quoted-printable decoded); waits up to 5 s. */
export async function mailedCode(mailDir, email) {
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
    for (const f of files
      .filter((n) => n.includes(email))
      .sort()
      .reverse()) {
      const raw = fs
        .readFileSync(path.join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      const m = raw.match(/token=(\d{6})/);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sem código para ${email}`);
}

/**
 * Runs `run(0..n-1)` from `clients` concurrent loops; answers each call's duration (ms) and the
 * whole run's seconds.
 */
export async function concurrently(n, clients, run) {
  let next = 0;
  const times = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        const start = performance.now();
        await run(i);
        times.push(performance.now() - start);
      }
    }),
  );
  return { times, secs: (performance.now() - started) / 1000 };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One HTTP call on a keep-alive connection with node:http — a much lighter client than fetch,
 * which on a 2-core machine took CPU from the server it measured. Answers { status, body }.
 */
export function httpCall(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: keepAlive }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
