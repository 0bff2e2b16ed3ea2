// Requests generated from the OpenAPI document (/api/docs/json), as each role — what Schemathesis
// does, in Node (Schemathesis is a Python tool; neither Debian nor npm ships it here).
//
// Starts the server from the current sources (bundled with esbuild into node_modules/.cache, so
// dist/ is left alone; `--dist` uses dist/server/main.js instead) on a throwaway data folder with
// the demo data, signs in as visitor, especialista, parceiro and operador, reads the document and,
// for every operation × role, sends requests generated from the operation's schemas:
//   - valid ones (each field from its JSON schema: formats, patterns, enums, limits, with values
//     that make sense for its name) and boundary-valid ones (0001-01-01, 9999-12-31, min/max,
//     maxLength);
//   - broken ones: a field with the wrong type, missing, huge (100 000 characters, 5 000 items),
//     with NUL, control characters, lone surrogates, RTL, SQL, HTML; numbers negative, fractional,
//     2^31, 2^53+1, 1e400; impossible and out-of-range dates; the body absent, not an object,
//     malformed, 1 MB + 1, in another media type; path parameters not uuids, traversals, random
//     uuids, invalid percent-encodings, 300 characters; query strings out of range and repeated;
//     no token, a bad token, no XSRF header, hostile cookies, Accept-Encoding, If-None-Match,
//     Range and X-Forwarded-For, a 20 KB header, another HTTP method on the same path;
//   - stateful links: every uuid in a 2xx answer goes to a pool by kind (clinic, room, booking,
//     payment, card, plan, photo...), and later path parameters and body fields of that kind take
//     them (e.g. a room from the search, then its availability, then a booking of a free slot it
//     listed, then the Pix payment, the signed webhook, the cancellation); a room's clinic goes
//     with it; codes and reset links come from the mail folder (never a reset of the accounts the
//     run is signed in with).
// Operations that end a session or an account (logout, change password, delete account) run last
// with second sessions (especialista2, parceiro2 and an extra owner made with ADMIN_EMAIL), and so
// do all DELETEs; the operator never deactivates the accounts the run signs in with.
//
// Checks on every answer: no 5xx (and no dropped connection); every 4xx is JSON with a `message`
// in Portuguese (the `Erro` schema); the status is one the operation documents (a 4xx must be
// one of 400/401/403/404/405/409/413/415/419/422/429/431; 419 is the XSRF refusal the document
// describes, 431 the answer to headers over 16 KB on any route); a 2xx has the documented media type and, when JSON, matches the documented schema
// (ajv and ajv-formats, already in node_modules through fastify). Exits 1 on a server error (5xx
// or no answer; a body over 1 MB the server refuses and closes on is counted apart), 2 when the
// run could not start. A report (falhas.json, operacoes.json, the server's log, the bodies of the
// reproducers) stays in --out, or in a temporary folder when something failed.
//
// Usage: node bench/api-fuzz.mjs [--requests 10000] [--seed 1] [--concurrency 4] [--only REGEX]
//                                [--dist] [--out DIR]
//        node scripts/with-postgres.mjs node bench/api-fuzz.mjs   (PostgreSQL: a new database of
//        the server at TEST_DATABASE_URL or DATABASE_URL, dropped after)
// The generation is a function of the seed and the request's number (dates count from today); with
// --concurrency 1 the whole run repeats exactly on the same day (with more, ids reach the pools in
// the order answers arrive).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { mailedCode, root, stopServer } from './lib.mjs';

// The product needs Node 22.12+; `npm install` puts one in node_modules (package `node`).
if (Number(process.versions.node.split('.')[0]) < 22) {
  const local = path.join(root, 'node_modules/.bin/node');
  if (!fs.existsSync(local)) throw new Error('O Salas precisa do Node 22.12 ou mais novo.');
  const r = spawnSync(local, [import.meta.filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// Options
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const budget = Number(opt('requests', 10000));
const seed = Number(opt('seed', 1));
const concurrency = Number(opt('concurrency', 4));
const only = opt('only') ? new RegExp(opt('only')) : undefined;
const useDist = argv.includes('--dist');
const pgServerUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const port = 3960 + (process.pid % 30);
const base = `http://127.0.0.1:${port}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-api-fuzz-'));
const outDir = opt('out', path.join(work, 'relatorio'));
fs.mkdirSync(outDir, { recursive: true });
const dataDir = path.join(work, 'data');
const mailDir = path.join(dataDir, 'mail');
const serverLog = path.join(outDir, 'server.log');
const WEBHOOK_SECRET = 'api-fuzz-webhook-secret-0123456789';
const XSRF = 'api-fuzz-xsrf-0123456789abcdef';
const PASSWORD = 'Salas@2026';
const OWNER2 = { email: 'fuzz-owner@salas.test', password: 'Fz!owner-2026-salas-cadeira' };

// ---------------------------------------------------------------------------------------------
// Seeded randomness
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash32 = (...parts) => crypto.createHash('sha256').update(parts.join(':')).digest().readUInt32LE(0);
const rngFor = (n) => {
  const r = mulberry32(hash32(seed, n));
  r.int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  r.pick = (list) => list[Math.floor(r() * list.length)];
  r.chance = (p) => r() < p;
  r.hex = (n) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
  r.uuid = () => `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-${'89ab'[r.int(0, 3)]}${r.hex(3)}-${r.hex(12)}`;
  return r;
};

// ---------------------------------------------------------------------------------------------
// The server
async function bundleServer() {
  if (useDist) {
    const main = path.join(root, 'dist/server/main.js');
    if (!fs.existsSync(main)) throw new Error('Rode `npm run build` antes de usar --dist.');
    return main;
  }
  // Inside the project (node_modules/.cache) so the server finds package.json, dist/web and the
  // migrations the way it does from dist/server.
  const outdir = path.join(root, 'node_modules/.cache/salas-api-fuzz', String(process.pid), 'server');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'error',
  });
  return path.join(outdir, 'main.js');
}

async function startServer(main, env) {
  const log = fs.openSync(serverLog, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', log, log],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`o servidor saiu com código ${child.exitCode} (veja ${serverLog})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > 300_000) {
      child.kill('SIGKILL');
      throw new Error('o servidor não respondeu em 5 min');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

let pgDatabase;
async function pgAdmin(statement) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/**
 * One request. Answers { status, headers, body (decoded), ms } or { status: 0, error }. A request
 * that failed on a kept-alive connection the server had just closed (after a 431, say) is sent
 * once more on a new connection: only a failure there counts as "no answer".
 */
async function send(request) {
  const first = await sendOnce(request, agent);
  if (first.status === 0 && first.reused && !first.big) return sendOnce(request, false);
  return first;
}
function sendOnce({ method, url, headers, body }, via) {
  return new Promise((resolve) => {
    const started = performance.now();
    // An explicit length: without it Node sends a GET's or a DELETE's body unframed.
    const framed =
      body === undefined ? { ...headers } : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // A body over the limit goes after `100 Continue`: the server may answer 413 and close first.
    const big = body !== undefined && body.length > 512 * 1024;
    if (big) framed.expect = '100-continue';
    const req = http.request(
      `${base}${url}`,
      { method, headers: framed, agent: big ? false : via, timeout: 120_000 },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          try {
            if (encoding === 'gzip') raw = zlib.gunzipSync(raw);
            else if (encoding === 'br') raw = zlib.brotliDecompressSync(raw);
            else if (encoding === 'deflate') raw = zlib.inflateSync(raw);
          } catch (error) {
            return resolve({
              status: res.statusCode,
              headers: res.headers,
              body: raw,
              badEncoding: String(error),
            });
          }
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: raw,
            ms: performance.now() - started,
          });
        });
        res.on('error', (error) =>
          resolve({ status: 0, error: String(error), headers: {}, body: Buffer.alloc(0) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout de 120 s')));
    req.on('error', (error) =>
      resolve({
        status: 0,
        error: String(error),
        big,
        reused: req.reusedSocket,
        headers: {},
        body: Buffer.alloc(0),
      }),
    );
    if (big) req.on('continue', () => req.end(body));
    else req.end(body);
  });
}

const jsonHeaders = {
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
};
async function postJson(url, body, token) {
  const res = await send({
    method: 'POST',
    url,
    headers: { ...jsonHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: safeJson(res.body) };
}
function safeJson(buffer) {
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}

async function signIn(email, password = PASSWORD) {
  const r1 = await postJson('/api/loginTwoFactor', { email, password });
  if (r1.status !== 200) throw new Error(`loginTwoFactor ${email}: ${r1.status} ${JSON.stringify(r1.json)}`);
  const r2 = await postJson('/api/authenticateToken', {
    email,
    login_token: await mailedCode(mailDir, email),
  });
  if (r2.status !== 200) throw new Error(`authenticateToken ${email}: ${r2.status}`);
  return {
    email,
    token: r2.json.data.token,
    uuid: r2.json.data.user.uuid,
    role_name: r2.json.data.user.role_name,
  };
}

// ---------------------------------------------------------------------------------------------
// Pools of ids seen in answers (the stateful links)
const pools = new Map(); // kind -> [{ value, role }]
const poolSeen = new Set();
const slots = new Map(); // room uuid -> [date_time]
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const roomClinic = new Map(); // room uuid -> its clinic's uuid
const appointmentTime = new Map(); // appointment uuid -> its date_time
const AREA = { customer: '/api/customer/', partner: '/api/partner/', operator: '/api/fusion/' };
/** `own`: seen in the role's own part of the API (its clinics, its bookings), not in public lists. */
function remember(kind, value, role, own = false) {
  if (!kind || typeof value !== 'string') return;
  const key = `${kind}:${value}:${role}:${own}`;
  if (poolSeen.has(key)) return;
  poolSeen.add(key);
  if (!pools.has(kind)) pools.set(kind, []);
  const list = pools.get(kind);
  if (list.filter((x) => x.role === role).length < 300) list.push({ value, role, own });
}
const KEY_KINDS = {
  clinic: 'clinic',
  clinics: 'clinic',
  coworking: 'clinic',
  coworkings: 'clinic',
  room: 'room',
  rooms: 'room',
  facility: 'facility',
  facilities: 'facility',
  photo: 'photo',
  photos: 'photo',
  appointment: 'appointment',
  appointments: 'appointment',
  payment: 'payment',
  user: 'user',
  users: 'user',
  partner: 'partner',
  customer: 'user',
  plan: 'plan',
  card: 'card',
  cards: 'card',
  address: 'address',
  contact: 'contact',
  contacts: 'contact',
  council: 'council',
  series: 'series',
  booking: 'booking',
  refunds: 'refund',
  blocks: 'block',
};
/** What the uuids in `data` of an operation's answer are. */
function answerKind(op) {
  const p = op.path;
  const rules = [
    [/availability/, null],
    [/health-advice/, 'council'],
    [/facilit/, 'facility'],
    [/\/plan/, 'plan'],
    [/mail-outbox/, 'mail'],
    [/blocked|bulkblocking/, 'block'],
    [/waitlist/, 'waitlist'],
    [/series/, 'series'],
    [/card/, 'card'],
    [/payment\//, 'payment'],
    [/appointment\/bulk/, 'booking'],
    [/appointment|future-appointments/, 'appointment'],
    [/photo/, 'photo'],
    [/contact/, 'contact'],
    [/address/, 'address'],
    [/booking-rules|opening-hour|operatinghour|dashboard|ical|bank-account|pix-key|\/data$/, null],
    [/\/room|rooms|genericsearch/, 'room'],
    [/coworking/, 'clinic'],
    [/user|customer|allusers|register/, 'user'],
  ];
  for (const [re, kind] of rules) if (re.test(p)) return kind;
  return null;
}
function harvest(op, role, value, key, ctx) {
  if (Array.isArray(value)) {
    for (const v of value) harvest(op, role, v, key, ctx);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const own = role !== 'visitor' && op.path.startsWith(AREA[role]) && !op.path.includes('genericsearch');
  if (typeof value.uuid === 'string' && UUID_RE.test(value.uuid)) {
    const kind = key === 'data' || key === undefined ? answerKind(op) : (KEY_KINDS[key] ?? null);
    remember(kind, value.uuid, role, own);
    if (value.role_name === 'partner') remember('partner', value.uuid, role, own);
    if (kind === 'user' || value.role_name) remember('user', value.uuid, role, own);
    if (typeof value.email === 'string') remember('email', value.email, role);
    if (kind === 'room') {
      const clinic = value.clinic?.uuid ?? value.clinic_uuid ?? ctx.clinic;
      if (typeof clinic === 'string') roomClinic.set(value.uuid, clinic);
    }
    if (kind === 'clinic' && Array.isArray(value.rooms))
      for (const room of value.rooms) if (room?.uuid) roomClinic.set(room.uuid, value.uuid);
    if (kind === 'appointment' && typeof value.date_time === 'string')
      appointmentTime.set(value.uuid, value.date_time);
  }
  if (typeof value.date_time === 'string' && value.available === true && ctx.room) {
    if (!slots.has(ctx.room)) slots.set(ctx.room, []);
    const list = slots.get(ctx.room);
    if (list.length < 200 && !list.includes(value.date_time)) list.push(value.date_time);
  }
  if (typeof value.url === 'string') {
    const m = value.url.match(/\/api\/calendar\/([^/?#]+)/);
    if (m) remember('ical', m[1], role);
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.endsWith('_uuid') && typeof v === 'string' && UUID_RE.test(v))
      remember(k.slice(0, -5), v, role, own);
    if (v && typeof v === 'object') harvest(op, role, v, k === 'data' ? 'data' : k, ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// Values
const today = new Date();
const isoDate = (offsetDays) =>
  new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const onTheHour = (offsetDays, hour) => `${isoDate(offsetDays)}T${String(hour).padStart(2, '0')}:00:00-03:00`;
const NAMES = [
  'Ana Souza',
  'João da Silva',
  'Maria Conceição',
  'Luíza Ramos',
  'Pedro Álvares',
  'Clínica Bem-Estar',
];
const WORDS = [
  'sala',
  'pinheiros',
  'são paulo',
  'centro',
  'savassi',
  'psicologia',
  'consultório',
  'copacabana',
];
const DEMO_EMAILS = [
  'especialista@salas.test',
  'especialista2@salas.test',
  'parceiro@salas.test',
  'parceiro2@salas.test',
  'admin@salas.test',
];
function cpf(r) {
  const d = Array.from({ length: 9 }, () => r.int(0, 9));
  for (const n of [9, 10]) {
    const sum = d.reduce((s, x, i) => s + x * (n + 1 - i), 0);
    const v = (sum * 10) % 11;
    d.push(v === 10 ? 0 : v);
  }
  return d.join('');
}
function cnpj(r) {
  const d = [...Array.from({ length: 8 }, () => r.int(0, 9)), 0, 0, 0, 1];
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((s, w, i) => s + w * d[i], 0);
    const v = sum % 11;
    d.push(v < 2 ? 0 : 11 - v);
  }
  return d.join('');
}

/** A string that matches a (simple) regular expression: classes, groups, alternation, quantifiers. */
function sampleRegex(pattern, r) {
  let i = 0;
  const src = pattern;
  const DIGITS = '0123456789';
  const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
  function parseAlt() {
    const alts = [[]];
    while (i < src.length && src[i] !== ')') {
      if (src[i] === '|') {
        i++;
        alts.push([]);
        continue;
      }
      alts[alts.length - 1].push(parseQuantified());
    }
    return { alts };
  }
  function parseAtom() {
    const c = src[i++];
    if (c === '^' || c === '$') return { chars: [''] };
    if (c === '(') {
      if (src[i] === '?') i += 2; // (?:
      const g = parseAlt();
      i++; // )
      return { group: g };
    }
    if (c === '[') {
      const set = [];
      while (src[i] !== ']') {
        let ch = src[i++];
        if (ch === '\\') {
          const e = src[i++];
          if (e === 'd') {
            set.push(...DIGITS);
            continue;
          }
          if (e === 'w') {
            set.push(...WORD);
            continue;
          }
          ch = e;
        }
        if (src[i] === '-' && src[i + 1] !== ']') {
          i++;
          let end = src[i++];
          if (end === '\\') end = src[i++];
          for (let k = ch.charCodeAt(0); k <= end.charCodeAt(0); k++) set.push(String.fromCharCode(k));
        } else set.push(ch);
      }
      i++;
      return { chars: set };
    }
    if (c === '\\') {
      const e = src[i++];
      if (e === 'd') return { chars: [...DIGITS] };
      if (e === 'w') return { chars: [...WORD] };
      if (e === 's') return { chars: [' '] };
      return { chars: [e] };
    }
    if (c === '.') return { chars: [...WORD] };
    return { chars: [c] };
  }
  function parseQuantified() {
    const atom = parseAtom();
    let min = 1;
    let max = 1;
    const q = src[i];
    if (q === '?') [min, max, i] = [0, 1, i + 1];
    else if (q === '*') [min, max, i] = [0, 3, i + 1];
    else if (q === '+') [min, max, i] = [1, 4, i + 1];
    else if (q === '{') {
      const end = src.indexOf('}', i);
      const [a, b] = src.slice(i + 1, end).split(',');
      min = Number(a);
      max = b === undefined ? min : b === '' ? min + 3 : Number(b);
      i = end + 1;
    }
    return { atom, min, max };
  }
  function gen(node) {
    if (node.alts) return r.pick(node.alts).map(gen).join('');
    const n = r.int(node.min, node.max);
    let out = '';
    for (let k = 0; k < n; k++) out += node.atom.group ? gen(node.atom.group) : r.pick(node.atom.chars);
    return out;
  }
  const tree = parseAlt();
  return gen(tree);
}

/** The kind of id a path parameter names. */
function paramKind(op, name) {
  const p = op.path;
  if (name === 'partner') return 'partner';
  if (name === 'clinic') return 'clinic';
  if (name === 'room' || name === 'roomId') return 'room';
  if (name === 'facilityId') return 'facility';
  if (name === 'cardId') return 'card';
  if (name === 'file') return 'ical';
  if (name === 'email') return 'email';
  if (name === 'id' && p === '/api/partner/appointment/{id}/room/{roomId}') return 'clinic';
  if (
    name === 'id' &&
    (p === '/api/fusion/appointment/{id}' || p === '/api/fusion/partner/{id}/future-appointments')
  )
    return 'user';
  if (name === 'id' && p === '/api/photos/{type}/{id}') return 'photo-owner';
  const segments = p.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  const table = {
    photo: 'photo',
    rooms: 'room',
    room: 'room',
    roomsbycoworking: 'clinic',
    operatinghour: 'room',
    deleteblockedschedule: 'block',
    card: 'self',
    customer: 'self',
    appointment: 'appointment',
    user: 'user',
    partner: 'user',
    basicdata: 'user',
    facility: 'facility',
    plan: 'plan',
    'mail-outbox': 'mail',
    payment: 'payment',
    address: 'address',
    contact: 'contact',
    series: 'series',
    waitlist: 'waitlist',
  };
  return table[before] ?? null;
}
const FIELD_KINDS = {
  room_uuid: 'room',
  clinic_uuid: 'clinic',
  user_uuid: 'user',
  plan_uuid: 'plan',
  card_uuid: 'card',
  council_uuid: 'council',
  payment_uuid: 'payment',
  partner: 'partner',
  clinic: 'clinic',
  room: 'room',
};

/** A secret (`re`'s first group) from the newest mails to `email` in the mail folder. */
function mailedSecret(email, re) {
  if (typeof email !== 'string' || !fs.existsSync(mailDir)) return undefined;
  const files = fs
    .readdirSync(mailDir)
    .filter((n) => n.includes(email))
    .sort()
    .reverse()
    .slice(0, 6);
  for (const f of files) {
    const raw = fs
      .readFileSync(path.join(mailDir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    const m = raw.match(re);
    if (m) return m[1];
  }
  return undefined;
}
const PROTECTED_EMAILS = new Set([...DEMO_EMAILS, OWNER2.email]);
/** The addresses that got mail so far (file names carry them), newest first. */
function mailedEmails() {
  if (!fs.existsSync(mailDir)) return [];
  const names = fs.readdirSync(mailDir).sort().reverse().slice(0, 200);
  return [...new Set(names.map((n) => n.match(/([A-Za-z0-9._]+@salas\.test)/)?.[1]).filter(Boolean))];
}

/** Generation context of one request. */
class Ctx {
  constructor(r, role, session, sessions) {
    this.r = r;
    this.role = role;
    this.session = session;
    this.sessions = sessions;
    this.room = undefined;
    this.sources = {};
  }
  /** An id of `kind`: mostly one this role saw, sometimes another role's, sometimes random. */
  id(kind, label) {
    const r = this.r;
    let value;
    if (kind === 'photo-owner')
      kind = this.photoType === 'room' ? 'room' : this.photoType === 'clinic' ? 'clinic' : 'self';
    if (kind === 'self' || (kind === 'partner' && this.role === 'partner' && r.chance(0.85))) {
      if (this.session?.uuid && r.chance(0.85)) {
        this.sources[label] = 'self';
        return this.session.uuid;
      }
      return this.id(kind === 'self' ? 'user' : 'partner', label);
    }
    const list = pools.get(kind) ?? [];
    if (kind === 'email') {
      if (list.length && r.chance(0.5)) return r.pick(list).value;
      return r.chance(0.5) ? r.pick(DEMO_EMAILS) : `fuzz${r.int(1, 99999)}@salas.test`;
    }
    if (list.length && !r.chance(0.08)) {
      const own = list.filter((x) => x.role === this.role && x.own);
      const mine = list.filter((x) => x.role === this.role);
      value = (
        own.length && r.chance(0.7) ? r.pick(own) : mine.length && r.chance(0.7) ? r.pick(mine) : r.pick(list)
      ).value;
      this.sources[label] = kind;
    } else {
      value = r.uuid();
      this.sources[label] = `${kind ?? 'uuid'} aleatório`;
    }
    return value;
  }
}

/** A value for `schema`, named `name`; `boundary` prefers the schema's extremes. */
function generate(schema, name, ctx, boundary) {
  const r = ctx.r;
  if (!schema) return null;
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf).filter(
      (s) => !(s.enum && s.enum.length === 1 && s.enum[0] === ''),
    );
    return generate(r.pick(options.length ? options : (schema.anyOf ?? schema.oneOf)), name, ctx, boundary);
  }
  if (schema.enum) {
    const v = r.pick(schema.enum);
    if (name === 'type' && ['room', 'clinic', 'profile'].includes(v)) ctx.photoType = v;
    return v;
  }
  if (schema.nullable && r.chance(0.05)) return null;
  const type = schema.type;
  if (type === 'object') {
    const out = {};
    const required = new Set(schema.required ?? []);
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (!required.has(key) && !r.chance(boundary ? 0.9 : 0.6)) continue;
      out[key] = generate(sub, key, ctx, boundary);
      if (key === 'room_uuid' && typeof out[key] === 'string') ctx.room = out[key];
    }
    return fixObject(out, ctx);
  }
  if (type === 'array') {
    const min = schema.minItems ?? 0;
    const max = Math.min(schema.maxItems ?? 4, boundary && r.chance(0.3) ? (schema.maxItems ?? 50) : 4);
    if (name === 'date_times') {
      const free = ctx.room ? slots.get(ctx.room) : undefined;
      const n = r.int(Math.max(1, min), Math.min(3, max));
      if (free?.length) return Array.from(new Set(Array.from({ length: n }, () => r.pick(free))));
      return Array.from({ length: n }, (_, k) => onTheHour(r.int(1, 30), 8 + k));
    }
    const n = r.int(min, Math.max(min, max));
    if (name === 'hours') {
      const days = [...new Set(Array.from({ length: n }, () => r.int(0, 6)))];
      return days.map((weekday) => ({
        weekday,
        opens_at: r.pick(['07:00', '08:00', '00:00']),
        closes_at: r.pick(['18:00', '22:00', '23:59']),
      }));
    }
    return Array.from({ length: n }, () =>
      generate(schema.items, name === 'room_uuid' ? 'room_uuid' : `${name}[]`, ctx, boundary),
    );
  }
  if (type === 'integer' || type === 'number') return number(schema, name, ctx, boundary);
  if (type === 'boolean') return r.chance(0.5);
  if (type === 'string' || type === undefined) return string(schema, name, ctx, boundary);
  return null;
}

function number(schema, name, ctx, boundary) {
  const r = ctx.r;
  const min = Math.max(schema.minimum ?? -1e6, -1e6);
  const max = Math.min(schema.maximum ?? 1e6, 1e6);
  if (boundary) return r.pick([schema.minimum ?? 0, schema.maximum ?? 0, min, max].filter(Number.isFinite));
  const byName = {
    weekday: () => r.int(0, 6),
    exp_month: () => r.int(1, 12),
    exp_year: () => r.int(2027, 2035),
    minutes: () => r.pick([60, 60, 120, 30]),
    weeks: () => r.int(1, 8),
    slot_minutes: () => r.pick([30, 60]),
    min_booking_minutes: () => r.pick([30, 60, 120]),
    buffer_minutes: () => r.pick([0, 10, 15]),
    max_days_ahead: () => r.pick([30, 90, 365]),
    min_notice_minutes: () => r.pick([0, 60, 1440]),
    commission_percent: () => r.pick([10, 12.5, 15, 20]),
    monthly_fee_cents: () => r.pick([0, 9900, 19900]),
    installments: () => r.int(1, 3),
    price_per_minute: () => r.pick([1.5, 2, 0.75, 1.2345]),
    setStatus: () => r.int(0, 1),
    fixed: () => r.int(0, 1),
  }[name];
  let v = byName ? byName() : r.int(Math.ceil(min), Math.floor(Math.min(max, min + 1000)));
  if (schema.type === 'number' && !byName && r.chance(0.3)) v += 0.5;
  return Math.min(Math.max(v, schema.minimum ?? v), schema.maximum ?? v);
}

function string(schema, name, ctx, boundary) {
  const r = ctx.r;
  const format = schema.format;
  const kind = FIELD_KINDS[name] ?? FIELD_KINDS[name.replace(/\[\]$/, '')];
  if (format === 'uuid' || kind) {
    if (name === 'uuid' && ctx.photoType) return ctx.id('photo-owner', 'body.uuid');
    if (kind || format === 'uuid') return ctx.id(kind ?? null, `body.${name}`);
  }
  if (format === 'date') {
    if (boundary) return r.pick(['0001-01-01', '9999-12-31', '2028-02-29', '1970-01-01', isoDate(0)]);
    if (name === 'birth_date') return `19${r.int(60, 99)}-0${r.int(1, 9)}-1${r.int(0, 9)}`;
    if (name === 'dateEnd') return isoDate(r.int(1, 60));
    if (name === 'dateInit') return isoDate(r.int(-60, 0));
    return isoDate(r.int(-5, 40));
  }
  if (format === 'date-time') {
    if (boundary)
      return r.pick([
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:00:00-03:00',
        '2028-02-29T10:00:00+14:00',
        '1970-01-01T00:00:00Z',
      ]);
    if (name === 'ends_at') return onTheHour(r.int(3, 40), r.int(14, 20));
    if (name === 'starts_at') return onTheHour(r.int(1, 3), r.int(7, 13));
    if (name === 'date_time' && ctx.room && slots.get(ctx.room)?.length) return r.pick(slots.get(ctx.room));
    if (name === 'date_time' && appointmentTime.has(ctx.appointment) && r.chance(0.8))
      return appointmentTime.get(ctx.appointment);
    return onTheHour(r.int(1, 30), r.int(7, 20));
  }
  const max = schema.maxLength ?? 200;
  if (boundary && !schema.pattern && r.chance(0.5)) return 'á'.repeat(Math.max(schema.minLength ?? 0, max));
  const byName = {
    email: () => {
      const mailed = /authenticateToken|verify-email|reset-password|resend/.test(ctx.opPath)
        ? mailedEmails()
        : [];
      if (mailed.length && r.chance(0.7)) {
        ctx.email = r.pick(mailed);
        return ctx.email;
      }
      const known = pools.get('email') ?? [];
      ctx.email =
        known.length && r.chance(0.4)
          ? r.pick(known).value
          : r.chance(0.3)
            ? r.pick(DEMO_EMAILS)
            : `fuzz${r.int(1, 99999)}@salas.test`;
      return ctx.email;
    },
    contact_email: () => `contato${r.int(1, 999)}@clinica.com.br`,
    password: () =>
      ctx.opPath === '/api/user/delete' && r.chance(0.6)
        ? (ctx.session?.password ?? PASSWORD)
        : PROTECTED_EMAILS.has(ctx.email) && ctx.opPath === '/api/loginTwoFactor' && r.chance(0.6)
          ? ctx.email === OWNER2.email
            ? OWNER2.password
            : PASSWORD
          : ctx.password,
    password_confirmation: () => ctx.password,
    current_password: () => (r.chance(0.6) ? (ctx.session?.password ?? PASSWORD) : 'senha-errada-123'),
    name: () => r.pick(NAMES),
    holder_name: () => 'ANA SOUZA',
    legal_name: () => 'Clínica Bem-Estar Ltda',
    cpf: () => cpf(r),
    holder_document: () => cpf(r),
    document: () => (ctx.documentType === 'cnpj' ? cnpj(r) : cpf(r)),
    phone: () => `119${r.int(10000000, 99999999)}`,
    area_code: () => r.pick(['11', '21', '31']),
    country_code: () => '55',
    number: () =>
      ctx.cardBody
        ? r.pick(['4242424242424242', '4000000000000002', '5555555555554444'])
        : ctx.opPath.includes('contact')
          ? `9${r.int(10000000, 99999999)}`
          : String(r.int(1, 2000)),
    zip_code: () => r.pick(['01310-100', '30130010', '20040-002']),
    street: () => 'Avenida Paulista',
    neighborhood: () => 'Bela Vista',
    city: () => 'São Paulo',
    complement: () => 'sala 12',
    profession: () => 'Psicóloga',
    bank_code: () => r.pick(['001', '237', '341', '260']),
    agency: () => String(r.int(1000, 9999)),
    account: () => String(r.int(10000, 999999)),
    key: () => `chave${r.int(1, 999)}@salas.test`,
    timezone: () => r.pick(['America/Sao_Paulo', 'America/Manaus', 'America/Noronha', 'Europe/Lisbon']),
    price_per_minute: () => r.pick(['1.5000', '0.75', '2', '3.1234']),
    value: () => r.pick(WORDS),
    description: () => 'Sala ampla, iluminada, com divã e ar-condicionado.',
    reason: () => 'manutenção',
    // Stateful links through the mail folder: the code or link the server mailed to that address.
    login_token: () =>
      (r.chance(0.8) && mailedSecret(ctx.email, /token=(\d{6})/)) ||
      String(r.int(0, 999999)).padStart(6, '0'),
    code: () =>
      (r.chance(0.8) && mailedSecret(ctx.email, /^\s*(\d{6})\s*$/m)) ||
      String(r.int(0, 999999)).padStart(6, '0'),
    // Never a real reset link of an account the run is signed in with (a reset revokes its sessions).
    token: () =>
      (!PROTECTED_EMAILS.has(ctx.email) &&
        r.chance(0.8) &&
        mailedSecret(ctx.email, /password-reset\?token=([A-Za-z0-9_-]+)/)) ||
      r.hex(64),
    card_token: () => `tok_${r.hex(24)}`,
    payment_method_id: () => 'visa',
    from: () => r.pick(['08:00', '09:00', '14:00']),
    to: () => r.pick(['12:00', '18:00', '24:00']),
  }[name];
  if (byName) {
    const v = byName();
    if (typeof v === 'string' && (!schema.pattern || new RegExp(schema.pattern).test(v))) return v;
  }
  if (schema.pattern) return sampleRegex(schema.pattern, r);
  const len = r.int(schema.minLength ?? 1, Math.max(schema.minLength ?? 1, Math.min(max, 24)));
  return Array.from({ length: len }, () =>
    r.pick([...'abcdefghijklmnopqrstuvwxyzçãé ', ...'0123456789']),
  ).join('');
}

/** Fields that only make sense together: confirmation equal to password, a period in order. */
function fixObject(o, ctx) {
  const r = ctx.r;
  if ('password_confirmation' in o && 'password' in o && r.chance(0.9)) o.password_confirmation = o.password;
  if (
    typeof o.dateInit === 'string' &&
    typeof o.dateEnd === 'string' &&
    o.dateInit > o.dateEnd &&
    r.chance(0.9)
  )
    [o.dateInit, o.dateEnd] = [o.dateEnd, o.dateInit];
  if (o.document_type === 'cnpj' && typeof o.document === 'string') o.document = cnpj(r);
  if (o.key_type && typeof o.key === 'string') {
    o.key =
      { cpf: cpf(r), cnpj: cnpj(r), email: 'pix@clinica.com.br', phone: '+5511987654321', random: r.uuid() }[
        o.key_type
      ] ?? o.key;
  }
  if (o.payment_method === 'card' && 'card_token' in o && 'card_uuid' in o && r.chance(0.8))
    delete o.card_token;
  if ('number' in o && 'cvv' in o)
    o.number = r.pick(['4242424242424242', '4000000000000002', '5555555555554444']);
  if (o.setStatus === 0 && o.user_uuid && ctx.protectedUsers.has(o.user_uuid)) o.setStatus = 1;
  return o;
}

// ---------------------------------------------------------------------------------------------
// Breaking things
const NASTY = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  '__RAW__9007199254740993',
  '__RAW__1e400',
  '__RAW__-1e400',
  `__RAW__1${'0'.repeat(400)}`,
  '',
  ' ',
  '\t\n\r',
  'x'.repeat(100_000),
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u001f\u007f\u0085',
  '\ud800',
  '\udfff\ud800',
  'ação 🚀 \u202e\u200b مرحبا \uFEFF',
  'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘',
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j probe, on purpose
  '${jndi:ldap://x}',
  '%00',
  '../../../../etc/passwd',
  '0001-01-01',
  '0000-02-29',
  '9999-12-31',
  '2026-02-30',
  '-0001-01-01',
  '+275760-09-13',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-12:00',
  '9999-12-31T23:00:00+14:00',
  '2026-06-01T10:30:00-03:00',
  '2026-13-01T00:00:00Z',
  '9999-99-99T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__UUID__',
  'not-a-uuid',
  [],
  Array.from({ length: 5_000 }, () => 'x'),
  Array.from({ length: 1_000 }, (_, i) => i),
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  JSON.parse(`${'['.repeat(20)}{}${']'.repeat(20)}`),
];
const NASTY_PARAMS = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  'null',
  'undefined',
  '%00',
  'a%00b',
  "'%20OR%201=1",
  'a'.repeat(300),
  '-1',
  '0',
  '99999999999999999999',
  '%F0%9F%9A%80',
  '%E2%80%AE',
  '%ED%A0%80',
  '%FF',
  '%E0%A4%A',
  '%C0%AF',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__UUID__',
  '0001-01-01',
  '0000-02-29',
  '9999-12-31',
  '2026-02-30',
  'todas',
];
const NASTY_QUERY = [
  '0',
  '-1',
  '1.5',
  '1e20',
  '99999999999999999999',
  'abc',
  '',
  '%00',
  'a'.repeat(5000),
  '101',
  '100001',
  'true',
];

function nastyValue(r) {
  const v = r.pick(NASTY);
  if (v === '__UUID__') return r.uuid();
  return v;
}
/** Paths to every leaf (and inner object) of a JSON value. */
function leafPaths(value, prefix = [], out = []) {
  if (value && typeof value === 'object') {
    if (prefix.length) out.push(prefix);
    for (const [k, v] of Object.entries(value))
      leafPaths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  } else if (prefix.length) out.push(prefix);
  return out;
}
function setAt(obj, pathParts, value) {
  let o = obj;
  for (const k of pathParts.slice(0, -1)) o = o[k];
  if (value === undefined) {
    if (Array.isArray(o)) o.splice(pathParts.at(-1), 1);
    else delete o[pathParts.at(-1)];
  } else o[pathParts.at(-1)] = value;
}
function wrongType(v, r) {
  if (typeof v === 'string') return r.pick([42, -1, true, null, [v], { v }]);
  if (typeof v === 'number') return r.pick([String(v), 'abc', true, null, [v]]);
  if (typeof v === 'boolean') return r.pick(['true', 1, 'sim', null]);
  if (Array.isArray(v)) return r.pick([v[0] ?? 'x', 'a,b', {}, null]);
  if (v && typeof v === 'object') return r.pick([[], 'objeto', 1, null]);
  return r.pick(['x', 1, {}]);
}

// ---------------------------------------------------------------------------------------------
// One request, generated
let tinyJpeg;
function multipartBody(parts, r) {
  const boundary = `----salasfuzz${r.hex(16)}`;
  const chunks = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function fillPath(op, ctx, mutateParam) {
  let url = op.path;
  const values = {};
  const params = op.params.filter((x) => x.in === 'path');
  params.sort((a, b) => (b.schema?.enum ? 1 : 0) - (a.schema?.enum ? 1 : 0));
  for (const p of params) {
    let v;
    if (mutateParam === p.name) v = ctx.r.pick(NASTY_PARAMS);
    if (v === '__UUID__') v = ctx.r.uuid();
    if (v === undefined) {
      const kind = paramKind(op, p.name);
      if (p.schema?.format === 'date' || (p.schema?.anyOf === undefined && /date/i.test(p.name))) {
        v =
          p.name === 'dateEnd'
            ? isoDate(ctx.r.int(1, 40))
            : p.name === 'dateInit'
              ? isoDate(ctx.r.int(-40, 0))
              : isoDate(ctx.r.int(0, 21));
      } else if (kind) v = ctx.id(kind, `{${p.name}}`);
      else v = generate(p.schema, p.name, ctx, false);
      if (p.name === 'type') ctx.photoType = v;
      if (kind === 'room') ctx.room = v;
      if (kind === 'clinic') ctx.clinic = v;
      if (kind === 'appointment') ctx.appointment = v;
      values[p.name] = { kind, v };
      v = encodeURIComponent(String(v));
    }
    url = url.replace(`{${p.name}}`, v);
  }
  // A path naming a clinic and a room takes the room's own clinic (most of the time).
  const clinicParam = Object.keys(values).find((k) => values[k].kind === 'clinic');
  const roomParam = Object.keys(values).find((k) => values[k].kind === 'room');
  if (clinicParam && roomParam && roomClinic.has(values[roomParam].v) && ctx.r.chance(0.85)) {
    const clinic = roomClinic.get(values[roomParam].v);
    url = url.replace(encodeURIComponent(String(values[clinicParam].v)), clinic);
    ctx.clinic = clinic;
    ctx.sources[`{${clinicParam}}`] = 'clinic da sala';
  }
  return url;
}

function buildRequest(job) {
  const { op, role, session, n } = job;
  const r = rngFor(n);
  const ctx = new Ctx(r, role, session, sessions);
  ctx.protectedUsers = protectedUsers;
  ctx.opPath = op.path;
  ctx.password = r.chance(0.3) ? PASSWORD : `Fz-${r.hex(6)}!Cadeira-azul-${r.int(10, 99)}`;
  const roll = r();
  const mode = roll < 0.45 ? 'valid' : roll < 0.55 ? 'boundary' : 'mutation';
  const boundary = mode === 'boundary';
  const mutations = [];
  const headers = {};
  if (session?.token) headers.authorization = `Bearer ${session.token}`;
  if (op.method !== 'GET') {
    headers.cookie = `XSRF-TOKEN=${XSRF}`;
    headers['x-xsrf-token'] = XSRF;
  }
  headers['x-forwarded-for'] = `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;

  // What to break (mutation mode): one target, chosen among what this operation has.
  const pathParams = op.params.filter((x) => x.in === 'path');
  const queryParams = op.params.filter((x) => x.in === 'query');
  const targets = ['header'];
  if (op.jsonSchema || op.multipartSchema || op.path === '/api/payments/webhook')
    targets.push('body', 'body', 'body', 'body', 'raw');
  if (pathParams.length) targets.push('path', 'path');
  if (queryParams.length) targets.push('query', 'query');
  if (op.method === 'GET' && !op.jsonSchema) targets.push('raw');
  const target = mode === 'mutation' ? r.pick(targets) : null;

  const mutateParam = target === 'path' ? r.pick(pathParams).name : undefined;
  if (mutateParam) mutations.push(`parâmetro {${mutateParam}} quebrado`);
  let url = fillPath(op, ctx, mutateParam);

  // Query string
  const query = new URLSearchParams();
  for (const q of queryParams) {
    if (!q.required && !r.chance(boundary ? 0.9 : 0.6)) continue;
    let v;
    if (q.schema?.format === 'date')
      v = q.name === 'dateEnd' ? isoDate(r.int(1, 60)) : isoDate(r.int(-60, 0));
    else if (FIELD_KINDS[q.name]) v = ctx.id(FIELD_KINDS[q.name], `?${q.name}`);
    else v = generate(q.schema, q.name, ctx, boundary);
    query.append(q.name, String(v));
  }
  if (target === 'query') {
    const q = r.pick(queryParams);
    const how = r.int(0, 3);
    if (how === 0) {
      query.set(q.name, r.pick(NASTY_QUERY));
      mutations.push(`?${q.name} fora do esquema`);
    } else if (how === 1) {
      query.append(q.name, query.get(q.name) ?? '1');
      query.append(q.name, '2');
      mutations.push(`?${q.name} repetido`);
    } else if (how === 2 && q.required) {
      query.delete(q.name);
      mutations.push(`?${q.name} obrigatório ausente`);
    } else {
      query.set(
        q.name,
        String(nastyValue(r))
          .replace(/^__RAW__/, '')
          .slice(0, 2000),
      );
      mutations.push(`?${q.name} hostil`);
    }
  }
  const qs = query.toString();
  if (qs) url += `?${qs}`;

  // Body
  let body;
  if (op.path === '/api/payments/webhook') {
    const payment = ctx.id('payment', 'body.data.payment_uuid');
    let event = {
      id: `evt_${r.hex(12)}`,
      type: r.pick(['payment.paid', 'payment.paid', 'payment.failed', 'payment.refunded']),
      data: { payment_uuid: payment },
    };
    if (target === 'body') {
      const leaves = leafPaths(event);
      const at = r.pick(leaves);
      setAt(event, at, r.chance(0.3) ? undefined : nastyValue(r));
      mutations.push(`campo ${at.join('.')} hostil`);
    }
    let text = JSON.stringify(event);
    if (target === 'raw') {
      text = r.pick(['', '{', 'null', '[]', text.slice(0, -3)]);
      mutations.push('corpo quebrado');
    }
    const t = Math.floor(Date.now() / 1000) - (target === 'header' && r.chance(0.5) ? 3600 : 0);
    let sig = crypto.createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${text}`).digest('hex');
    if (target === 'header') {
      sig = r.pick(['', sig.slice(0, 10), 'x'.repeat(64), sig]);
      mutations.push('assinatura inválida ou velha');
    }
    headers['content-type'] = 'application/json';
    headers['x-webhook-signature'] = `t=${t},v1=${sig}`;
    body = text;
    event = undefined;
  } else if (op.multipartSchema) {
    const schema = op.multipartSchema;
    const typeValue = r.pick(['room', 'clinic', 'profile']);
    ctx.photoType = op.path.includes('{type}') ? ctx.photoType : typeValue;
    const parts = [];
    if (!op.path.includes('{type}')) {
      parts.push({ name: 'type', value: typeValue });
      parts.push({ name: 'uuid', value: ctx.id('photo-owner', 'uuid') });
    }
    const fileField = schema.properties.photos ? 'photos' : 'photo';
    const files = fileField === 'photos' ? r.int(1, 2) : 1;
    for (let k = 0; k < files; k++)
      parts.push({ name: fileField, filename: `foto${k}.jpg`, contentType: 'image/jpeg', data: tinyJpeg });
    if (target === 'body' || target === 'raw') {
      const how = r.int(0, 6);
      const file = parts.find((p) => p.filename);
      if (how === 0) {
        file.data = Buffer.from('#!/bin/sh\necho não sou uma foto\n');
        mutations.push('arquivo que não é imagem');
      } else if (how === 1) {
        file.data = tinyJpeg.subarray(0, 200);
        mutations.push('JPEG truncado');
      } else if (how === 2) {
        file.data = Buffer.alloc(0);
        mutations.push('arquivo vazio');
      } else if (how === 3) {
        parts.splice(parts.indexOf(file), 1);
        mutations.push('sem arquivo');
      } else if (how === 4) {
        for (let k = 0; k < 11; k++) parts.push({ ...file, filename: `x${k}.jpg` });
        mutations.push('11 arquivos');
      } else if (how === 5 && parts[0]?.name === 'type') {
        parts[0].value = String(nastyValue(r)).slice(0, 5000);
        parts[1].value = r.pick(['x', r.uuid(), '', '\u0000']);
        mutations.push('campos type/uuid hostis');
      } else {
        file.filename = r.pick(['../../etc/passwd', 'a\u0000.jpg', 'x'.repeat(1000), '']);
        mutations.push('nome de arquivo hostil');
      }
    }
    const mp = multipartBody(parts, r);
    headers['content-type'] = mp.contentType;
    body = mp.body;
  } else if (op.jsonSchema) {
    ctx.cardBody = op.path.endsWith('/card');
    let value = generate(op.jsonSchema, 'body', ctx, boundary);
    let raw;
    if (target === 'body' && value && typeof value === 'object') {
      const leaves = leafPaths(value);
      const how = r.int(0, 5);
      const required = op.jsonSchema.required ?? [];
      if (how === 0 && required.length) {
        const k = r.pick(required);
        delete value[k];
        mutations.push(`campo obrigatório ${k} ausente`);
      } else if (how === 1 && leaves.length) {
        const at = r.pick(leaves);
        let cur = value;
        for (const k of at) cur = cur[k];
        setAt(value, at, wrongType(cur, r));
        mutations.push(`campo ${at.join('.')} com tipo errado`);
      } else if (how === 2) {
        value[r.pick(['__proto__x', 'role_name', 'uuid', 'extra', 'constructor'])] = nastyValue(r);
        mutations.push('campo a mais');
      } else if (leaves.length) {
        const at = r.pick(leaves);
        setAt(value, at, nastyValue(r));
        mutations.push(`campo ${at.join('.')} hostil`);
      }
    }
    if (target === 'raw') {
      const how = r.int(0, 8);
      raw = [
        () => '',
        () => 'null',
        () => '[]',
        () => '"texto"',
        () => '42',
        () => JSON.stringify(value).slice(0, -1),
        () => `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        () => JSON.stringify({ ...value, pad: 'x'.repeat(1024 * 1024) }),
        () => `${JSON.stringify(value)}\u0000`,
      ][how]();
      mutations.push(
        [
          'corpo vazio',
          'corpo null',
          'corpo lista',
          'corpo texto',
          'corpo número',
          'JSON truncado',
          'JSON aninhado 5000 níveis',
          'corpo de 1 MB',
          'NUL após o JSON',
        ][how],
      );
      value = undefined;
    }
    headers['content-type'] = 'application/json';
    if (target === 'header' && r.chance(0.4)) {
      headers['content-type'] = r.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=latin1',
      ]);
      mutations.push(`content-type ${headers['content-type']}`);
    }
    body = raw ?? JSON.stringify(value);
    body = body.replace(/"__RAW__([^"]+)"/g, '$1');
  } else if (target === 'raw' && op.method === 'GET') {
    // A body on a GET, or a POST without a schema with a JSON body.
    headers['content-type'] = 'application/json';
    body = '{"x":1}';
    mutations.push('corpo num GET');
  }
  let method = op.method;
  if (target === 'header' && mutations.length === 0) {
    const how = r.int(0, 11);
    if (how === 0 && headers.authorization) {
      headers.authorization = r.pick([
        `Bearer ${r.hex(64)}`,
        'Bearer',
        'Bearer ',
        'Basic YTpi',
        `Bearer ${session.token}%00`,
        `Bearer ${'x'.repeat(4000)}`,
        `Bearer ${session.token}, Bearer ${r.hex(64)}`,
        'Bearer \u00ff\u00fe',
      ]);
      mutations.push('token inválido');
    } else if (how === 1 && op.method !== 'GET') {
      delete headers['x-xsrf-token'];
      mutations.push('sem X-XSRF-TOKEN');
    } else if (how === 2) {
      headers.accept = r.pick(['application/xml', 'text/html', '*/*', 'application/json;q=0']);
      mutations.push(`accept ${headers.accept}`);
    } else if (how === 3) {
      headers.cookie = r.pick([
        'XSRF-TOKEN=%E0%A4%A',
        `XSRF-TOKEN=${XSRF}; XSRF-TOKEN=outro`,
        'XSRF-TOKEN',
        '=;=;=',
        `XSRF-TOKEN="${'x'.repeat(3000)}"`,
      ]);
      mutations.push(`cookie hostil`);
    } else if (how === 4) {
      headers['accept-encoding'] = r.pick([
        'br;q=abc',
        'gzip;q=2, br;q=-1',
        'zstd, *;q=0',
        'identity;q=0',
        'x'.repeat(2000),
      ]);
      mutations.push(`accept-encoding ${headers['accept-encoding'].slice(0, 30)}`);
    } else if (how === 5) {
      headers[r.pick(['if-none-match', 'if-modified-since'])] = r.pick([
        '"',
        '*',
        'W/"x"',
        '9999-99-99',
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'x'.repeat(5000),
      ]);
      mutations.push('cabeçalho condicional hostil');
    } else if (how === 6) {
      headers.range = r.pick(['bytes=999999999-', 'bytes=0-0,5-1', 'bytes=-0', 'lines=1-2']);
      mutations.push(`range ${headers.range}`);
    } else if (how === 7) {
      method = r.pick(['PATCH', 'OPTIONS', op.method === 'GET' ? 'DELETE' : 'GET']);
      mutations.push(`método ${method}`);
    } else if (how === 8) {
      url += `${url.includes('?') ? '&' : '?'}${r.pick(['page[]=1', '__proto__[x]=1', 'page=%ZZ', 'a=%00&a=%E0%A4%A', 'per_page=1&per_page=2&per_page=3', `x=${'y'.repeat(6000)}`])}`;
      mutations.push('query string hostil');
    } else if (how === 9) {
      headers['x-forwarded-for'] = r.pick([
        'garbage',
        '999.1.1.1',
        '::ffff:1.2.3.4',
        '1.2.3.4, , ,',
        'x'.repeat(500),
        '',
      ]);
      mutations.push(`x-forwarded-for hostil (TRUST_PROXY=1 e nenhum proxy à frente)`);
    } else if (how === 10) {
      headers['x-fuzz-big'] = 'x'.repeat(20_000);
      mutations.push('cabeçalho de 20 KB');
    } else {
      headers['accept-language'] = 'en-US';
      mutations.push('accept-language en-US');
    }
  }
  if (body !== undefined && typeof body === 'string') body = Buffer.from(body, 'utf8');
  return {
    method,
    url,
    headers,
    body,
    mode,
    mutations,
    sources: ctx.sources,
    room: ctx.room,
    clinic: ctx.clinic,
  };
}

// ---------------------------------------------------------------------------------------------
// Checks
const GENERIC_4XX = new Set([400, 401, 403, 404, 405, 409, 413, 415, 419, 422, 429, 431]);
const ENGLISH =
  /\b(the|must|should|not found|invalid|request|required|error|body|property|unexpected|expected|cannot|failed|unsupported|too large|unauthorized|forbidden|internal|route|params|querystring|exceeded|exceeding|maximum|allowed|header|client|length|is not|valid|component)\b|FST_/i;
/** A Portuguese sentence has an accent or one of its little words. */
const PORTUGUESE =
  /[ãõçáéíóúâêôà]|\b(não|de|da|do|das|dos|para|um|uma|sua|seu|você|este|esta|em|no|na|ou|já|mais|o|a|e|os|as|ao|aos|informe|erro|existente|escolha|confirme|senha|nome|demais|longo|curto|texto|campo|valor|data)\b/i;
let ajv;
const validators = new Map();
function validatorFor(key, schema, components) {
  if (!validators.has(key)) {
    try {
      validators.set(key, ajv.compile({ ...schema, components }));
    } catch (error) {
      validators.set(key, { compileError: String(error) });
    }
  }
  return validators.get(key);
}
const mediaType = (h) =>
  String(h ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

function check(op, req, res, doc) {
  const problems = [];
  if (res.status === 0 && res.big)
    return [{ kind: 'corpo acima do limite: conexão fechada sem resposta', detail: res.error }];
  if (res.status === 0) return [{ kind: 'sem resposta', detail: res.error }];
  if (res.status >= 500) {
    const json = safeJson(res.body);
    return [
      {
        kind: '5xx',
        detail: json?.message ?? res.body.toString('utf8').slice(0, 200),
        requestId: json?.request_id,
      },
    ];
  }
  if (res.badEncoding)
    problems.push({
      kind: 'corpo comprimido ilegível',
      detail: `${res.headers['content-encoding']}: ${res.badEncoding}`,
    });
  const refused = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((p) => p.trim().split(/\s*;\s*q=/))
    .filter(([, q]) => q !== undefined && Number(q) <= 0)
    .map(([name]) => name);
  if (res.headers['content-encoding'] && refused.includes(res.headers['content-encoding']))
    problems.push({
      kind: 'codificação recusada pelo cliente',
      detail: `${req.headers['accept-encoding']} → ${res.headers['content-encoding']}`,
    });
  const documented = req.method === op.method ? Object.keys(op.responses) : ['4XX'];
  const conditional = req.headers['if-none-match'] || req.headers['if-modified-since'];
  if (res.status === 304 && conditional) return [];
  if (req.method !== op.method && res.status < 400) return [];
  const exact = documented.includes(String(res.status));
  const wildcard = documented.includes(`${String(res.status)[0]}XX`);
  if (!exact && !(wildcard && res.status >= 400 && GENERIC_4XX.has(res.status)))
    problems.push({ kind: 'status não documentado', detail: `documentados: ${documented.join(', ')}` });
  if (res.status >= 400) {
    const json = safeJson(res.body);
    if (mediaType(res.headers['content-type']) !== 'application/json' || !json)
      problems.push({
        kind: '4xx sem JSON',
        detail: `${res.headers['content-type']}: ${res.body.toString('utf8').slice(0, 120)}`,
      });
    else {
      const v = validatorFor('Erro', doc.components.schemas.Erro, doc.components);
      if (typeof json.message !== 'string' || !json.message.trim())
        problems.push({ kind: '4xx sem message', detail: JSON.stringify(json).slice(0, 200) });
      else if (ENGLISH.test(json.message) || !PORTUGUESE.test(json.message))
        problems.push({ kind: '4xx com message fora do português', detail: json.message.slice(0, 200) });
      else if (typeof v === 'function' && !v(json))
        problems.push({ kind: '4xx fora do esquema Erro', detail: ajv.errorsText(v.errors) });
    }
  } else if (res.status >= 200 && res.status < 300 && exact) {
    const content = op.responses[String(res.status)]?.content;
    if (content && res.status !== 204) {
      const type = mediaType(res.headers['content-type']);
      if (!content[type])
        problems.push({
          kind: '2xx com content-type não documentado',
          detail: `${type} (documentado: ${Object.keys(content).join(', ')})`,
        });
      else if (type === 'application/json') {
        const json = safeJson(res.body);
        const v = validatorFor(`${op.key} ${res.status}`, content[type].schema, doc.components);
        if (!v.compileError) schemaChecked++;
        if (v.compileError)
          problems.push({ kind: 'esquema de resposta não compila', detail: v.compileError });
        else if (!v(json)) {
          const e = v.errors?.[0];
          let actual = json;
          for (const k of (e?.instancePath ?? '').split('/').filter(Boolean)) actual = actual?.[k];
          problems.push({
            kind: '2xx fora do esquema documentado',
            detail: `${e?.instancePath || '/'} ${e?.message} ${JSON.stringify(e?.params)}; valor: ${JSON.stringify(actual)?.slice(0, 160)}`,
          });
        }
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Reproducers
let curlCount = 0;
function curlFor(req, job) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  const lines = [`curl -sS -i -X ${req.method} ${q(`http://localhost:3000${req.url}`)}`];
  for (const [k, v] of Object.entries(req.headers)) {
    if (k === 'x-forwarded-for') continue;
    if (k === 'authorization' && job.session && v === `Bearer ${job.session.token}`) {
      lines.push(`-H "authorization: Bearer $TOKEN"`);
      continue;
    }
    const run = String(v).match(/^(.)\1{299,}$/);
    if (run) lines.push(`-H "${k}: $(head -c ${v.length} /dev/zero | tr '\\0' '${run[1]}')"`);
    else lines.push(`-H ${q(`${k}: ${v}`)}`);
  }
  if (req.body !== undefined) {
    const text = req.body.toString('utf8');
    const control = [...text].some(
      (c) => c.codePointAt(0) < 0x20 || (c.codePointAt(0) >= 0x7f && c.codePointAt(0) <= 0x9f),
    );
    const printable = !control && Buffer.from(text, 'utf8').equals(req.body);
    if (req.body.length <= 1500 && printable) lines.push(`--data-binary ${q(text)}`);
    else {
      const file = path.join(outDir, `corpo-${++curlCount}.bin`);
      fs.writeFileSync(file, req.body);
      lines.push(`--data-binary @${file}`);
    }
  }
  const who = job.session
    ? `# TOKEN: sessão de ${job.session.email} (POST /api/loginTwoFactor + /api/authenticateToken)\n`
    : '';
  return `${who}${lines.join(' \\\n  ')}`;
}

// ---------------------------------------------------------------------------------------------
// The run
console.log(`api-fuzz: semente ${seed}, ${budget} pedidos, ${concurrency} em paralelo, saída em ${outDir}`);
const main = await bundleServer();
const env = {
  DATA_DIR: dataDir,
  MAIL_DIR: mailDir,
  DEMO_DATA: 'true',
  TRUST_PROXY: '1',
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ADMIN_EMAIL: OWNER2.email,
  ADMIN_PASSWORD: OWNER2.password,
  NODE_ENV: 'development',
};
let dbLabel = 'banco embutido (PGlite)';
if (pgServerUrl) {
  pgDatabase = `salas_api_fuzz_${process.pid}`;
  await pgAdmin(`create database ${pgDatabase}`);
  const target = new URL(pgServerUrl);
  target.pathname = `/${pgDatabase}`;
  env.DATABASE_URL = target.toString();
  dbLabel = 'PostgreSQL';
} else delete process.env.DATABASE_URL;
let child;
let exitCode = 0;
const sessions = {};
const protectedUsers = new Set();
const stats = {
  byOp: {},
  byRole: {},
  byStatus: {},
  byClass: {},
  opsSent: new Set(),
  ops2xx: new Set(),
  byMode: {},
  total: 0,
  ms: 0,
};
const failures = new Map();
let schemaViolations = 0;
let schemaChecked = 0;
let serverErrors = 0;
try {
  const startedAt = performance.now();
  child = await startServer(main, env);
  console.log(`servidor pronto em ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${dbLabel})`);
  const { default: sharp } = await import('sharp');
  tinyJpeg = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const { default: Ajv } = await import('ajv');
  const { default: addFormats } = await import('ajv-formats');
  ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);

  sessions.customer = await signIn('especialista@salas.test');
  sessions.partner = await signIn('parceiro@salas.test');
  sessions.operator = await signIn('admin@salas.test');
  // Second sessions, for what ends a session or an account.
  const spare = {
    customer: await signIn('especialista2@salas.test'),
    partner: await signIn('parceiro2@salas.test'),
    operator: await signIn(OWNER2.email, OWNER2.password),
  };
  spare.customer.password = PASSWORD;
  spare.partner.password = PASSWORD;
  spare.operator.password = OWNER2.password;
  for (const s of [...Object.values(sessions), ...Object.values(spare)]) {
    protectedUsers.add(s.uuid);
    remember('user', s.uuid, null);
    if (s.role_name === 'partner') remember('partner', s.uuid, null);
  }

  const docRes = await send({ method: 'GET', url: '/api/docs/json', headers: {} });
  const doc = JSON.parse(docRes.body.toString('utf8'));
  fs.writeFileSync(path.join(outDir, 'openapi.json'), docRes.body);
  const ops = [];
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [m, o] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const key = `${method} ${p}`;
      if (only && !only.test(key) && !only.test(o.operationId ?? '')) continue;
      ops.push({
        key,
        method,
        path: p,
        operationId: o.operationId,
        params: o.parameters ?? [],
        jsonSchema: o.requestBody?.content?.['application/json']?.schema,
        multipartSchema: o.requestBody?.content?.['multipart/form-data']?.schema,
        responses: o.responses ?? {},
      });
    }
  const ENDING = new Set(['GET /api/logout', 'POST /api/user/delete', 'POST /api/user/password']);
  const roles = ['visitor', 'customer', 'partner', 'operator'];
  const order = (op) => (op.params.some((p) => p.in === 'path') ? 2 : 0) + (op.method === 'GET' ? 0 : 1);
  const mkPairs = (list, phase) =>
    roles
      .flatMap((role) =>
        list.map((op) => ({
          role,
          op,
          phase,
          session: role === 'visitor' ? undefined : ENDING.has(op.key) ? spare[role] : sessions[role],
          sent: 0,
          answered: 0,
          refusals: 0,
        })),
      )
      .sort(
        (a, b) =>
          order(a.op) - order(b.op) || hash32(seed, a.role, a.op.key) - hash32(seed, b.role, b.op.key),
      );
  // Phases: everything else, then the DELETEs, then (second sessions) a password change, an
  // account deletion and, last, logout.
  const phases = [
    mkPairs(
      ops.filter((o) => o.method !== 'DELETE' && !ENDING.has(o.key)),
      1,
    ),
    mkPairs(
      ops.filter((o) => o.method === 'DELETE' && !ENDING.has(o.key)),
      2,
    ),
    mkPairs(
      ops.filter((o) => o.key === 'POST /api/user/password'),
      3,
    ),
    mkPairs(
      ops.filter((o) => o.key === 'POST /api/user/delete'),
      4,
    ),
    mkPairs(
      ops.filter((o) => o.key === 'GET /api/logout'),
      5,
    ),
  ];
  const budgets = phases.map((pairs, i) =>
    i === 0 || !pairs.length ? 0 : Math.max(pairs.length * 5, Math.round(budget * (i === 1 ? 0.08 : 0.01))),
  );
  budgets[0] = Math.max(0, budget - budgets.reduce((a, b) => a + b, 0));
  const REFUSED_CAP = 6;

  let n = 0;
  async function runPhase(pairs, phaseBudget) {
    let cursor = 0;
    let issued = 0;
    const next = () => {
      if (issued >= phaseBudget) return null;
      for (let tries = 0; tries < pairs.length; tries++) {
        const pair = pairs[cursor++ % pairs.length];
        const refused = pair.answered >= REFUSED_CAP && pair.refusals === pair.answered;
        if (refused && pair.sent >= REFUSED_CAP) continue;
        pair.sent++;
        issued++;
        return { ...pair, pair, n: n++ };
      }
      return null;
    };
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let job = next(); job; job = next()) await runJob(job, doc);
      }),
    );
  }

  async function runJob(job, doc) {
    const req = buildRequest(job);
    const res = await send(req);
    stats.total++;
    stats.ms += res.ms ?? 0;
    const cls = res.status ? `${String(res.status)[0]}xx` : res.big ? 'fechada' : 'sem resposta';
    stats.byRole[job.role] ??= {
      total: 0,
      '2xx': 0,
      '3xx': 0,
      '4xx': 0,
      '5xx': 0,
      'sem resposta': 0,
      fechada: 0,
      ops: new Set(),
      ops2xx: new Set(),
    };
    const roleStats = stats.byRole[job.role];
    roleStats.total++;
    roleStats[cls] = (roleStats[cls] ?? 0) + 1;
    roleStats.ops.add(job.op.key);
    stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
    stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
    stats.byMode[req.mode] ??= { total: 0, '2xx': 0, '4xx': 0, '5xx': 0 };
    const modeStats = stats.byMode[req.mode];
    modeStats.total++;
    modeStats[cls] = (modeStats[cls] ?? 0) + 1;
    stats.opsSent.add(job.op.key);
    job.pair.answered++;
    if (res.status === 401 || res.status === 403) job.pair.refusals++;
    if (res.status >= 200 && res.status < 300) {
      if (job.op.key === 'POST /api/user/password' && job.session)
        job.session.password = safeJson(req.body)?.password ?? job.session.password;
      stats.ops2xx.add(job.op.key);
      roleStats.ops2xx.add(job.op.key);
      const json =
        mediaType(res.headers['content-type']) === 'application/json' ? safeJson(res.body) : undefined;
      if (json) harvest(job.op, job.role, json.data ?? json, 'data', { room: req.room, clinic: req.clinic });
    }
    stats.byOp[job.op.key] ??= { statuses: {}, messages: {} };
    const opStats = stats.byOp[job.op.key];
    opStats.statuses[res.status] = (opStats.statuses[res.status] ?? 0) + 1;
    if (res.status >= 400 && req.mode !== 'mutation') {
      const message = safeJson(res.body)?.message;
      const slot = `${job.role} ${res.status}`;
      opStats.messages[slot] ??= [];
      const list = opStats.messages[slot];
      if (message && list.length < 3 && !list.includes(message)) list.push(message);
    }
    const problems = check(job.op, req, res, doc);
    for (const p of problems) {
      if (p.kind === '5xx' || p.kind === 'sem resposta') serverErrors++;
      if (p.kind.startsWith('2xx')) schemaViolations++;
      const opLabel =
        req.method === job.op.method
          ? job.op.key
          : `${req.method} ${job.op.path} (método trocado; a operação é ${job.op.method})`;
      const key = `${opLabel} → ${res.status || '—'} · ${p.kind}`;
      if (!failures.has(key)) {
        failures.set(key, {
          op: opLabel,
          status: res.status,
          kind: p.kind,
          count: 0,
          roles: new Set(),
          detail: p.detail,
          requestId: p.requestId,
          n: job.n,
          mode: req.mode,
          mutations: req.mutations,
          sources: req.sources,
          curl: curlFor(req, job),
          response: res.body.toString('utf8').slice(0, 400),
        });
      }
      const f = failures.get(key);
      f.count++;
      f.roles.add(job.role);
    }
    if (stats.total % 1000 === 0)
      console.log(
        `  ${stats.total} pedidos, ${serverErrors} erros do servidor, ${failures.size} tipos de falha`,
      );
  }

  const t0 = performance.now();
  for (const [i, pairs] of phases.entries()) await runPhase(pairs, budgets[i]);
  const secs = (performance.now() - t0) / 1000;
  if (child.exitCode !== null) {
    serverErrors++;
    failures.set('servidor caiu', {
      op: '—',
      status: 0,
      kind: 'servidor caiu',
      count: 1,
      roles: new Set(),
      detail: `código ${child.exitCode}`,
      n: '—',
      mode: 'valid',
      curl: '',
      sources: {},
      mutations: [],
    });
  }

  // Server-side stacks of the 5xx answers (pino JSON lines carry reqId).
  const logLines = fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8').split('\n') : [];
  for (const f of failures.values()) {
    if (!f.requestId) continue;
    const line = logLines.find((l) => l.includes(`"reqId":"${f.requestId}"`) && l.includes('"err"'));
    const entry = line ? safeJson(Buffer.from(line)) : undefined;
    if (entry?.err) {
      const frames = String(entry.err.stack ?? '')
        .split('\n')
        .filter((s) => s.includes('/server/') || s.includes('/common/'))
        .slice(0, 4)
        .map((s) => s.trim());
      f.serverError = `${entry.err.type ?? ''}: ${entry.err.message ?? ''}`.slice(0, 400);
      f.cause = entry.err.cause ? JSON.stringify(entry.err.cause).slice(0, 300) : undefined;
      f.frames = frames;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Summary
  const fmtN = (x) => x.toLocaleString('pt-BR');
  console.log(`\n## Resultado (${dbLabel}, semente ${seed})\n`);
  console.log(
    `${fmtN(stats.total)} pedidos em ${secs.toFixed(0)} s (${(stats.total / secs).toFixed(0)}/s), ${ops.length} operações do OpenAPI, ${stats.opsSent.size} exercitadas, ${stats.ops2xx.size} com ao menos um 2xx; ids colhidos: ${[...pools.entries()].map(([k, v]) => `${k} ${v.length}`).join(', ')}\n`,
  );
  console.log('| papel | pedidos | 2xx | 3xx | 4xx | 5xx ou sem resposta | operações com 2xx |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const roleLabel = {
    visitor: 'visitante',
    customer: 'especialista',
    partner: 'parceiro',
    operator: 'operador',
  };
  for (const role of roles) {
    const s = stats.byRole[role];
    if (!s) continue;
    console.log(
      `| ${roleLabel[role]} | ${fmtN(s.total)} | ${fmtN(s['2xx'])} | ${fmtN(s['3xx'])} | ${fmtN(s['4xx'])} | ${fmtN(s['5xx'] + s['sem resposta'])} | ${s.ops2xx.size} |`,
    );
  }
  console.log('\n| tipo de pedido | pedidos | 2xx | 4xx | 5xx |');
  console.log('| --- | --- | --- | --- | --- |');
  const modeLabel = {
    valid: 'válido pelo esquema',
    boundary: 'válido nos extremos',
    mutation: 'quebrado (mutação)',
  };
  for (const [mode, s] of Object.entries(stats.byMode))
    console.log(
      `| ${modeLabel[mode]} | ${fmtN(s.total)} | ${fmtN(s['2xx'] ?? 0)} | ${fmtN(s['4xx'] ?? 0)} | ${fmtN(s['5xx'] ?? 0)} |`,
    );
  const never = ops.filter((o) => !stats.ops2xx.has(o.key)).map((o) => o.key);
  console.log(`\noperações sem nenhum 2xx (${never.length}): ${never.join(', ') || '—'}`);
  console.log(
    `\nstatus: ${Object.entries(stats.byStatus)
      .sort()
      .map(([k, v]) => `${k || 'sem resposta'}: ${v}`)
      .join(', ')}`,
  );
  const byKind = {};
  for (const f of failures.values()) byKind[f.kind] = (byKind[f.kind] ?? 0) + f.count;
  console.log(
    `\nerros do servidor (5xx ou sem resposta): ${serverErrors}; 2xx JSON conferidas contra o esquema documentado: ${schemaChecked}, fora do esquema: ${schemaViolations}`,
  );
  console.log(
    `falhas por tipo: ${
      Object.keys(byKind).length
        ? Object.entries(byKind)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
        : 'nenhuma'
    }`,
  );
  fs.writeFileSync(path.join(outDir, 'operacoes.json'), JSON.stringify(stats.byOp, null, 2));
  if (failures.size) {
    console.log('\n## Falhas (operação → status · verificação)\n');
    const sorted = [...failures.values()].sort(
      (a, b) => (a.kind === '5xx' ? -1 : 0) - (b.kind === '5xx' ? -1 : 0) || b.count - a.count,
    );
    // One table line per status × check, then at most three examples of each (the rest by name).
    const groups = new Map();
    for (const f of sorted) {
      const g = `${f.status || '—'} · ${f.kind}`;
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(f);
    }
    console.log('| status · verificação | operações | pedidos |');
    console.log('| --- | --- | --- |');
    for (const [g, list] of groups)
      console.log(`| ${g} | ${list.length} | ${list.reduce((a, f) => a + f.count, 0)} |`);
    console.log('');
    const shown = [];
    for (const [g, list] of groups) {
      shown.push(...list.slice(0, 3));
      if (list.length > 3)
        console.log(
          `(${g}: também ${list
            .slice(3)
            .map((f) => f.op)
            .join('; ')})\n`,
        );
    }
    for (const f of shown) {
      console.log(
        `### ${f.op} → ${f.status || '—'} · ${f.kind} (${f.count}×, ${[...f.roles].map((r) => roleLabel[r]).join(', ')})`,
      );
      console.log(`- ${f.detail ?? ''}`);
      if (f.serverError)
        console.log(`- no servidor: ${f.serverError}${f.cause ? ` (causa: ${f.cause})` : ''}`);
      if (f.frames?.length) console.log(`- ${f.frames.join('\n  ')}`);
      console.log(
        `- pedido nº ${f.n} (${modeLabel[f.mode]}${f.mutations.length ? `: ${f.mutations.join(', ')}` : ''}); ids: ${JSON.stringify(f.sources)}`,
      );
      console.log('```sh');
      console.log(f.curl);
      console.log('```');
    }
    fs.writeFileSync(
      path.join(outDir, 'falhas.json'),
      JSON.stringify(
        [...failures.values()].map((f) => ({ ...f, roles: [...f.roles] })),
        null,
        2,
      ),
    );
    console.log(`\nRelatório completo: ${path.join(outDir, 'falhas.json')}; log do servidor: ${serverLog}`);
  }
  if (serverErrors > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  if (child) await stopServer(child);
  if (pgDatabase) await pgAdmin(`drop database if exists ${pgDatabase} with (force)`).catch(() => {});
  if (!useDist) {
    fs.rmSync(path.dirname(path.dirname(main)), { recursive: true, force: true });
    try {
      fs.rmdirSync(path.dirname(path.dirname(path.dirname(main)))); // only when no other run uses it
    } catch {
      /* another run's bundle is there */
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The temporary folder keeps the report only when it holds it and something failed.
  if (opt('out') || (exitCode === 0 && failures.size === 0))
    fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
