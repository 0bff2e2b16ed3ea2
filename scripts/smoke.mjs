// The product as a person meets it, on whatever `node` runs this script: the built server starts
// on a fresh embedded database with the demo data, answers its pages and API, signs the demo
// specialist in (both steps, the code read from the mail folder), searches with a date and stops
// cleanly on SIGTERM. Exits 1 on the first thing that does not work.
// Usage: npm run build && node scripts/smoke.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-smoke-'));
const mailDir = path.join(dataDir, 'mail');
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    MAIL_DIR: mailDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const fail = (what) => {
  console.error(`smoke (Node ${process.version}): ${what}`);
  child.kill('SIGKILL');
  process.exit(1);
};
const check = (ok, what) => ok || fail(what);

for (let i = 0; ; i++) {
  if (child.exitCode !== null) fail(`o servidor saiu com código ${child.exitCode}`);
  if (i > 1200) fail('o servidor não ficou pronto em 2 min');
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await new Promise((r) => setTimeout(r, 100));
}

const page = await fetch(`${base}/rooms`);
check(page.ok && (await page.text()).includes('id="root"'), 'GET /rooms não devolveu a página do app');
const xsrf = 'smoke-xsrf-token-0123456789abcdef';
const json = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const post = (url, body, extra = {}) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { ...json, ...extra }, body: JSON.stringify(body) });

const email = 'especialista@salas.test';
const step1 = await post('/api/loginTwoFactor', { email, password: 'Salas@2026' });
check(step1.ok, `primeira etapa do login: ${step1.status}`);
let code;
for (let i = 0; i < 100 && !code; i++) {
  for (const f of fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((n) => n.includes(email)) : []) {
    const raw = fs.readFileSync(path.join(mailDir, f), 'utf8').replace(/=\r?\n/g, '');
    code ??= raw
      .match(/token=3D(\d{6})|token=(\d{6})/)
      ?.slice(1)
      .find(Boolean);
  }
  if (!code) await new Promise((r) => setTimeout(r, 100));
}
check(code, 'o código do login não chegou à pasta de e-mails');
const step2 = await post('/api/authenticateToken', { email, login_token: code });
check(step2.ok, `segunda etapa do login: ${step2.status}`);
const { token } = (await step2.json()).data ?? {};
check(token, 'a segunda etapa não devolveu o token');
const me = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
check(me.ok && (await me.json()).data.email === email, 'GET /api/user não devolveu a especialista');

// The next weekday: the demo's São Paulo clinics close on Sundays, and a search with a date lists
// only rooms open that day.
let day = new Date(Date.now() + 86_400_000);
while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
const search = await post('/api/customer/room/genericsearch', {
  value: 'sao paulo',
  date: day.toISOString().slice(0, 10),
});
const found = search.ok ? await search.json() : undefined;
check(found?.data?.length > 0, `busca com data: ${search.status}`);
const photo = found.data.find((r) => r.photos.length)?.photos[0];
check(photo && (await fetch(`${base}${photo.url}`)).ok, 'a foto de uma sala não foi servida');

const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
child.kill('SIGTERM');
check((await exit) === 0, 'o servidor não encerrou limpo com SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `smoke (Node ${process.version}): partida, páginas, login em duas etapas, busca, fotos e parada — ok`,
);
