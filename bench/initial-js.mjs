// The JavaScript a first visit needs, per public page (issue 32): to read it — the page opened with
// JavaScript switched off must show its heading and content (then 0 KB), otherwise every script —
// to pick hours on a room page — with JavaScript switched off a tap on a day and on a free hour must
// show the total (then 0 KB), otherwise every script — and to run it whole: the scripts Chromium
// fetches while loading, until the network is idle, summed gzipped (level 9, as served).
// Usage: npm run build && node bench/initial-js.mjs [page ...]   (`{room}`: the first room's uuid;
// BENCH_SERVER=<other build>/dist/server/main.js measures another build beside this one)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureBuilt, root, startServer, stopServer } from './lib.mjs';

ensureBuilt();
// The built app the server serves (BENCH_SERVER: another build's server, beside its own web folder).
const webDir = process.env.BENCH_SERVER
  ? path.resolve(path.dirname(process.env.BENCH_SERVER), '..', 'web')
  : path.join(root, 'dist/web');
const port = 3811;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-js-'));
const { child } = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' }, { port });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox'],
});
const base = `http://127.0.0.1:${port}`;
const room = (
  await (
    await fetch(`${base}/api/customer/room/genericsearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
      body: '{}',
    })
  ).json()
).data[0].uuid;

/** With scripts off, a tap on a day with free hours and on its first free hour shows the total. */
async function picksWithoutScripts(tab) {
  try {
    const card = () => tab.locator('.salas-booking-card');
    await card()
      .getByRole('link', { name: /, com horários livres$/ })
      .first()
      .click({ timeout: 2000 });
    await card()
      .getByRole('checkbox', { name: /livre$/ })
      .first()
      .click({ timeout: 2000 });
    return (
      (await card()
        .getByText(/^Total: R\$/)
        .count()) > 0
    );
  } catch {
    return false;
  }
}

try {
  console.log(
    '| página | lida sem JS | JS para ler (gzip) | horários sem JS | JS para escolher horários | scripts | JS da página inteira (gzip) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const pages =
    process.argv.length > 2 ? process.argv.slice(2) : ['/rooms', '/rooms/{room}', '/salas/sao-paulo'];
  for (const page of pages.map((p) => p.replace('{room}', room))) {
    // Read without JavaScript: the heading and the page's own words are in the HTML.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const plain = await still.newPage();
    const answer = await plain.goto(`${base}${page}`);
    const h1 = await plain
      .locator('h1')
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => null);
    const words = (await plain.locator('body').innerText()).length;
    const readable = answer?.status() === 200 && Boolean(h1) && words > 200;
    const picks = page.startsWith('/rooms/') ? await picksWithoutScripts(plain) : null;
    await still.close();
    const context = await browser.newContext();
    const tab = await context.newPage();
    const scripts = new Set();
    tab.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
    let gzip = 0;
    for (const s of scripts) {
      const g = zlib.gzipSync(fs.readFileSync(path.join(webDir, s)), { level: 9 }).length;
      gzip += g;
      if (process.env.DETAIL) console.log(s, (g / 1024).toFixed(1));
    }
    const kb = (gzip / 1024).toFixed(0);
    const toPick = picks === null ? '—' : `${picks ? 0 : kb} KB`;
    console.log(
      `| ${page.replace(room, '{uuid}')} | ${readable ? 'sim' : 'não'} | ${readable ? 0 : kb} KB | ${picks === null ? '—' : picks ? 'sim' : 'não'} | ${toPick} | ${scripts.size} | ${kb} KB |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(child);
}
fs.rmSync(dataDir, { recursive: true, force: true });
