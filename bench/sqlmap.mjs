// sqlmap (Debian's package) against the search, sign-in and listing calls of the built server with
// the demo data: every parameter of each call (JSON fields, query string, path), level 3 / risk 2,
// all techniques, PostgreSQL payloads. Each call is one sqlmap run; the table says what it found.
// Usage: apt-get install sqlmap && npm run build && node bench/sqlmap.mjs
//
// Sign-in is throttled per account (10 in 15 min) and per address (50): sqlmap's `xforwardedfor`
// tamper gives every request its own address (the server trusts the proxy header here), and each
// sign-in run starts from an address no one used; the 429s that remain are counted in the table.
// Wrong credentials answer 401, which sqlmap would take for "needs authentication": it is told
// to read those answers like any other.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, mailedCode, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const port = 3814;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-sqlmap-'));
const mailDir = path.join(dataDir, 'mail');
const { child } = await startServer(
  { DATA_DIR: dataDir, MAIL_DIR: mailDir, DEMO_DATA: 'true', TRUST_PROXY: '1' },
  { port },
);

const xsrf = 'sqlmap-xsrf-token-0123456789abcdef';
const json = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
async function post(url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  return res.json();
}
/** A session of a demo account (the password is the demo's; the code comes from the mail folder). */
async function signIn(email) {
  await post('/api/loginTwoFactor', { email, password: 'Salas@2026' });
  const answer = await post('/api/authenticateToken', {
    email,
    login_token: await mailedCode(mailDir, email),
  });
  return answer.data.token;
}
const admin = await signIn('admin@salas.test');
const partner = await signIn('parceiro@salas.test');
const room = (await post('/api/customer/room/genericsearch', {})).data[0].uuid;
const clinic = (await (await fetch(`${base}/api/rooms/${room}`)).json()).data.clinic.uuid;
const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const targets = [
  {
    name: 'busca (POST genericsearch: texto, data, filtro, ordem, página)',
    url: `${base}/api/customer/room/genericsearch?page=1&per_page=15`,
    data: { value: 'pinheiros', date: day, attributeToFilter: 'all', attributeSortBy: 'name' },
  },
  { name: 'página da sala (GET /api/rooms/{id})', url: `${base}/api/rooms/${room}*` },
  {
    name: 'disponibilidade (GET …/availability/{data})',
    url: `${base}/api/customer/room/${room}/availability/${day}*`,
  },
  {
    name: 'login, e-mail (POST loginTwoFactor)',
    url: `${base}/api/loginTwoFactor`,
    data: { email: 'sqlmap-email@salas.test', password: 'Salas@2026' },
    extra: ['-p', 'email', '--tamper=xforwardedfor', '--ignore-code=401,429'],
  },
  {
    name: 'login, senha (POST loginTwoFactor)',
    url: `${base}/api/loginTwoFactor`,
    data: { email: 'especialista@salas.test', password: 'Salas@2026' },
    extra: ['-p', 'password', '--tamper=xforwardedfor', '--ignore-code=401,429'],
  },
  {
    name: 'código (POST authenticateToken)',
    url: `${base}/api/authenticateToken`,
    data: { email: 'especialista2@salas.test', login_token: '123456' },
    extra: ['--tamper=xforwardedfor', '--ignore-code=401,429'],
  },
  {
    name: 'especialistas ordenados (GET fusion/customer/sorted)',
    url: `${base}/api/fusion/customer/sorted?sort=name&order=asc&page=1&per_page=15`,
    token: admin,
  },
  {
    name: 'busca de especialistas (POST fusion/customer/search)',
    url: `${base}/api/fusion/customer/search`,
    data: { attribute: 'name', value: 'ana' },
    token: admin,
  },
  {
    name: 'parceiros (GET fusion/users/partner)',
    url: `${base}/api/fusion/users/partner?page=1&per_page=15`,
    token: admin,
  },
  {
    name: 'salas do operador (GET fusion/rooms)',
    url: `${base}/api/fusion/rooms?search=sala&page=1&per_page=15`,
    token: admin,
  },
  {
    name: 'agendamentos do operador (POST fusion/appointments)',
    url: `${base}/api/fusion/appointments`,
    data: { dateInit: monthAgo, dateEnd: day, status: 'confirmed' },
    token: admin,
  },
  {
    name: 'agenda do parceiro (GET partner/appointments/{início}/{fim}/{clínica})',
    url: `${base}/api/partner/appointments/${monthAgo}*/${day}*/${clinic}*`,
    token: partner,
  },
];

console.log('| chamada | pedidos | 429 | resultado |');
console.log('| --- | --- | --- | --- |');
let found = 0;
let kept = 0;
try {
  for (const target of targets) {
    const out = path.join(dataDir, 'sqlmap');
    const traffic = path.join(dataDir, 'traffic.txt');
    const headers = [
      `X-XSRF-TOKEN: ${xsrf}`,
      ...(target.token ? [`Authorization: Bearer ${target.token}`] : []),
    ];
    const args = [
      '-u',
      target.url,
      ...(target.data ? ['--data', JSON.stringify(target.data), '--method', 'POST'] : []),
      '--headers',
      headers.join('\n'),
      '--cookie',
      `XSRF-TOKEN=${xsrf}`,
      '--batch',
      '--flush-session',
      '--level=3',
      '--risk=2',
      '--dbms=PostgreSQL',
      '--technique=BEUSTQ',
      '--threads=4',
      '--skip=user-agent,referer,host',
      '--disable-coloring',
      `--output-dir=${out}`,
      '-v',
      '1',
      '-t',
      traffic,
      ...(target.extra ?? []),
    ];
    let log = '';
    try {
      log = execFileSync('sqlmap', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      log = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    }
    const injectable = /identified the following injection point/.test(log);
    const none = /do not appear to be injectable|not injectable/.test(log);
    const sent = fs.existsSync(traffic) ? fs.readFileSync(traffic, 'utf8') : '';
    const requests = sent.match(/HTTP request \[#\d+\]/g)?.length ?? 0;
    const throttled = sent.match(/HTTP response \[#\d+\] \(429/g)?.length ?? 0;
    fs.rmSync(traffic, { force: true });
    if (injectable) found++;
    const verdict = injectable ? '**INJETÁVEL**' : none ? 'nada injetável' : 'inconclusivo (ver log)';
    console.log(`| ${target.name} | ${requests} | ${throttled} | ${verdict} |`);
    if (!none) {
      kept++;
      fs.writeFileSync(path.join(dataDir, `${targets.indexOf(target)}.log`), log);
    }
    fs.rmSync(out, { recursive: true, force: true });
  }
} finally {
  await stopServer(child);
  if (kept === 0) fs.rmSync(dataDir, { recursive: true, force: true });
}
if (kept > 0) {
  console.error(`${found} injetável(is), ${kept - found} inconclusiva(s): logs em ${dataDir}`);
  process.exitCode = 1;
}
