// Lighthouse 12 (mobile settings: the default emulated phone and throttling) on the public pages,
// with Debian's Chromium, against the built server with the demo data. Each page is audited
// `runs` times; the table keeps the median run's scores.
// Usage: npm run build && node bench/lighthouse.mjs [runs] [page ...]
//   (pages default to /rooms and the first room's page; `{room}` stands for that room's uuid)
//   (runs `npx lighthouse@12`; set LIGHTHOUSE to a lighthouse binary to use another copy)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const runs = Number(process.argv[2] ?? 3);
const port = 3812;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-lighthouse-'));
const { child } = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' }, { port });
const xsrf = { cookie: 'XSRF-TOKEN=lighthouse', 'x-xsrf-token': 'lighthouse' };
const search = await fetch(`${base}/api/customer/room/genericsearch`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...xsrf },
  body: '{}',
});
const room = (await search.json()).data[0].uuid;

const [command, prefix] = process.env.LIGHTHOUSE
  ? [process.env.LIGHTHOUSE, []]
  : ['npx', ['--yes', 'lighthouse@12']];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse now and then fails to connect to the browser it launched: up to 3 tries. */
function run(args, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync(command, args, options);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
function audit(url) {
  const out = path.join(dataDir, 'report.json');
  run(
    [
      ...prefix,
      url,
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      stdio: 'ignore',
    },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const score = (c) => Math.round(report.categories[c].score * 100);
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    scores: categories.map(score),
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    failing,
  };
}

console.log(`Lighthouse ${runs}× por página (mediana pelo desempenho), perfil móvel padrão`);
console.log('| página | desempenho | acessibilidade | boas práticas | SEO | LCP | TBT | CLS |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  const pages = process.argv.length > 3 ? process.argv.slice(3) : ['/rooms', '/rooms/{room}'];
  for (const page of pages.map((p) => p.replace('{room}', room))) {
    const results = Array.from({ length: runs }, () => audit(`${base}${page}`));
    results.sort((a, b) => a.scores[0] - b.scores[0]);
    const m = results[Math.floor(results.length / 2)];
    console.log(
      `| ${page.replace(room, '{uuid}')} | ${m.scores.join(' | ')} | ${(m.lcp / 1000).toFixed(1)} s | ${m.tbt.toFixed(0)} ms | ${m.cls.toFixed(3)} |`,
    );
    if (m.failing.length) console.log(`  auditorias reprovadas: ${m.failing.join(', ')}`);
  }
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
