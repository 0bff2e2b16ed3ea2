import { chromium } from 'playwright';
const base = process.argv[2];
const res = await fetch(`${base}/api/customer/room/genericsearch`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' }, body: '{}' });
const room = (await res.json()).data[0].uuid;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text().slice(0, 6000).replace(/\n/g, ' ⏎ ')); });
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${base}${process.argv[3].replace('{room}', room)}`, { waitUntil: 'networkidle' });
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const total = new Map();
const dt = profile.timeDeltas;
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
for (let i = 0; i < profile.samples.length; i++) {
  const t = (dt[i + 1] ?? 0) / 1000;
  let n = byId.get(profile.samples[i]);
  const k = key(n);
  self.set(k, (self.get(k) ?? 0) + t);
  const seen = new Set();
  while (n) { const kk = key(n); if (!seen.has(kk)) { total.set(kk, (total.get(kk) ?? 0) + t); seen.add(kk); } n = byId.get(parent.get(n.id)); }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join('\n');
console.log('--- self'); console.log(top(self, 25));
console.log('--- total'); console.log(top(total, 45));
// Under the synchronous render: which frames (besides React's own) take the time.
const under = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const t = (dt[i + 1] ?? 0) / 1000;
  let n = byId.get(profile.samples[i]);
  const stack = [];
  while (n) { stack.push(n); n = byId.get(parent.get(n.id)); }
  if (!stack.some((f) => f.callFrame.functionName === process.argv[4])) continue;
  const seen = new Set();
  for (const f of stack) {
    const k = key(f);
    if (/index-/.test(k) && !/^[A-Z]/.test(k)) continue;
    if (!seen.has(k)) { under.set(k, (under.get(k) ?? 0) + t); seen.add(k); }
  }
}
console.log('--- under', process.argv[4]); console.log(top(under, 400));
