// Time from `node dist/server/main.js` to a healthy /api/health on an existing embedded data dir,
// and the idle server's memory (RSS). Usage: npm run build && node bench/startup.mjs [runs]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, fmt, median, rssMb, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const runs = Number(process.argv[2] ?? 7);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-bench-start-'));
const env = { DATA_DIR: dataDir, MAIL_DIR: path.join(dataDir, 'mail'), DEMO_DATA: 'true' };
const port = 3510;

// First start: migrations and demo data (not measured as "existing data dir").
const first = await startServer(env, { port });
await stopServer(first.child);
console.log(`primeira partida (migra + demo): ${fmt(first.readyMs, 0)} ms`);

const ready = [];
const rss = [];
for (let i = 0; i < runs; i++) {
  const { child, readyMs } = await startServer(env, { port });
  ready.push(readyMs);
  await new Promise((r) => setTimeout(r, 3000)); // idle
  rss.push(rssMb(child.pid));
  await stopServer(child);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `partidas com a pasta de dados existente (${runs}): ${ready.map((v) => fmt(v, 0)).join(', ')} ms`,
);
console.log(`mediana até pronto: ${fmt(median(ready), 0)} ms (meta ≤ 3000 ms)`);
console.log(`RSS ocioso: mediana ${fmt(median(rss))} MB, máx ${fmt(Math.max(...rss))} MB (meta ≤ 200 MB)`);
