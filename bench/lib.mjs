// Shared helpers of the benchmarks: start the built server, wait for health, measure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function ensureBuilt() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('Rode `npm run build` antes dos benchmarks.');
  }
}

/** Spawns `node dist/server/main.js` and answers { child, readyMs } once /api/health answers. */
export async function startServer(env, { port }) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
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
