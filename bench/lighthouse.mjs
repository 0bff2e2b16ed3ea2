// Lighthouse 12 (mobile settings: the default emulated phone and throttling) on the public pages,
// with Debian's Chromium, against the built server with the demo data. Each page is audited
// `runs` times; the table keeps the median run's scores.
// Usage: npm run build && node bench/lighthouse.mjs [runs] [page ...]
//   (pages default to /rooms and the first room's page; `{room}` stands for that room's uuid)
//   (runs `npx lighthouse@12`; set LIGHTHOUSE to a lighthouse binary to use another copy)
//   CPU_SLOWDOWN=auto calibrates the CPU slowdown to this machine instead of Lighthouse's constant
//   4×: "By default, Lighthouse uses a constant 4x CPU multiplier which moves a typical run in the
//   high-end desktop bracket somewhere into the mid-tier mobile bracket. … On a weaker machine, you
//   can lower it from the default of 4x to something more appropriate" (Lighthouse's
//   docs/throttling.md, "Calibrating the CPU slowdown"); Lighthouse itself warns when the
//   BenchmarkIndex is 1000 or less (core/gather/driver/environment.js,
//   SLOW_CPU_BENCHMARK_INDEX_THRESHOLD). The multiplier comes from the BenchmarkIndex by the
//   piecewise rule of the calculator those docs link to (150 → 1×, 800 → 2×, 1300 → 3×, then +1× per
//   233). CPU_SLOWDOWN=<number> sets it by hand.
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
/** The slowdown that makes this machine a mid-tier phone, from its BenchmarkIndex (see above). */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}

function audit(url, slowdown) {
  const out = path.join(dataDir, 'report.json');
  run(
    [
      ...prefix,
      url,
      '--quiet',
      ...(slowdown ? [`--throttling.cpuSlowdownMultiplier=${slowdown.toFixed(2)}`] : []),
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      // Debian's headless shell, as the journeys (it is headless without the flag).
      '--chrome-flags=--no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell' },
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
    benchmarkIndex: report.environment.benchmarkIndex,
    failing,
  };
}

try {
  const pages = process.argv.length > 3 ? process.argv.slice(3) : ['/rooms', '/rooms/{room}'];
  let slowdown = Number(process.env.CPU_SLOWDOWN) || undefined;
  if (process.env.CPU_SLOWDOWN === 'auto') {
    // Three default runs of the first page; the median BenchmarkIndex sets the slowdown.
    const indexes = Array.from({ length: 3 }, () => audit(`${base}${pages[0].replace('{room}', room)}`))
      .map((r) => r.benchmarkIndex)
      .sort((a, b) => a - b);
    slowdown = calibratedSlowdown(indexes[1]);
    console.log(`BenchmarkIndex desta máquina: ${indexes.join(', ')} (mediana ${indexes[1]})`);
  }
  console.log(
    `Lighthouse ${runs}× por página (mediana pelo desempenho), perfil móvel padrão, CPU ${slowdown ? `${slowdown.toFixed(2)}× (calibrada)` : '4× (padrão)'}`,
  );
  console.log(
    '| página | desempenho | acessibilidade | boas práticas | SEO | LCP | TBT | CLS | BenchmarkIndex |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of pages.map((p) => p.replace('{room}', room))) {
    const results = Array.from({ length: runs }, () => audit(`${base}${page}`, slowdown));
    results.sort((a, b) => a.scores[0] - b.scores[0]);
    const m = results[Math.floor(results.length / 2)];
    console.log(
      `| ${page.replace(room, '{uuid}')} | ${m.scores.join(' | ')} | ${(m.lcp / 1000).toFixed(1)} s | ${m.tbt.toFixed(0)} ms | ${m.cls.toFixed(3)} | ${m.benchmarkIndex} |`,
    );
    if (m.failing.length) console.log(`  auditorias reprovadas: ${m.failing.join(', ')}`);
  }
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
