// The framework's ceiling: a bare Fastify hello-world beside the Salas server on the same machine,
// the same load (32 clients, keep-alive) on the lightest call of each: `/` of the bare server and
// `GET /api/health` of Salas (one `select 1` on the embedded database), then `GET /api/config`
// (no database). The ratio is what the product's plugins, hooks and database cost on top.
// Usage: npm run build && node bench/ceiling.mjs [requests] [clients]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, fmt, percentile, root, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const requests = Number(process.argv[2] ?? 20000);
const clients = Number(process.argv[3] ?? 32);

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
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
);
for (;;) {
  try {
    if ((await fetch('http://127.0.0.1:3911/')).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 50));
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-ceiling-'));
const { child } = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, { port: 3912 });

async function load(url) {
  for (let i = 0; i < 500; i++) await (await fetch(url)).arrayBuffer(); // warm-up
  let next = 0;
  const times = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        await (await fetch(url)).arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, rate: requests / ((performance.now() - start) / 1000) };
}

const rows = [];
for (const [label, url] of [
  ['Fastify puro, `/`', 'http://127.0.0.1:3911/'],
  ['Salas, `GET /api/config` (sem banco)', 'http://127.0.0.1:3912/api/config'],
  ['Salas, `GET /api/health` (`select 1`)', 'http://127.0.0.1:3912/api/health'],
]) {
  const r = await load(url);
  rows.push({ label, p50: percentile(r.times, 50), p95: percentile(r.times, 95), rate: r.rate });
}
console.log(
  `\n${requests} pedidos, ${clients} clientes simultâneos (fetch com keep-alive, no mesmo processo de carga)\n`,
);
console.log('| servidor | p50 | p95 | vazão | razão da vazão |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.label} | ${fmt(r.p50, 2)} ms | ${fmt(r.p95, 2)} ms | ${fmt(r.rate, 0)}/s | ${fmt(rows[0].rate / r.rate, 2)}× |`,
  );
bare.kill('SIGTERM');
await stopServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });
