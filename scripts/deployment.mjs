// A deployment of two machines' worth, on loopback ports (docs/operations.md, production chapter;
// figures in docs/reliability.md): nginx from Debian in front of two server processes
// (dist/server/main.js, NODE_ENV=production) that share one PostgreSQL and one S3-compatible bucket
// (s3rver), used the way people use it, through nginx:
// - sign-in whose two steps land on different instances; the per-address limit counts the real
//   client behind nginx (the test connects from 127.0.0.2 and 127.0.0.3) and ignores a forged
//   X-Forwarded-For;
// - a photo uploaded through one instance and served by both;
// - Pix bookings paid by the provider's webhook, each call on another instance;
// - the hold-expiry and mail jobs, running on both, act once (one expiry, one .eml per mail);
// - card bookings from 8 clients at once while one instance is killed (SIGKILL): nginx keeps
//   serving from the other, and every booking a client saw confirmed is confirmed in the database;
//   the ledger check finds nothing wrong.
// Usage: npm run build && node scripts/with-postgres.mjs node scripts/deployment.mjs
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { aptInstall } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Defina TEST_DATABASE_URL (ou rode via scripts/with-postgres.mjs).');
if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Rode npm run build antes.');

const nginxBin = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginxBin()) aptInstall(['nginx-light'], 'O teste de implantação precisa do nginx (pacote nginx-light).');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-deploy-'));
fs.chmodSync(work, 0o777); // nginx's workers (nobody) write their buffers here
const mailDir = path.join(work, 'mail');
const children = [];
const started = performance.now();
const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
/** A command of the project (with the instances' environment), its exit status and output. */
const run = (file, args) =>
  new Promise((resolve) => {
    const child = spawn(file, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
const tally = (values) => {
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FALHOU'} ${what}`);
  return ok;
};

// One fresh database, one bucket.
const dbName = `salas_deploy_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
const s3dir = path.join(work, 's3');
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3dir,
  configureBuckets: [{ name: 'salas-fotos', configs: [] }],
});
const { port: s3Port } = await s3.run();

const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
const publicUrl = `http://127.0.0.1:${portProxy}`;
const webhookSecret = 'deploy-webhook-secret-0123456789';
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  DEMO_DATA: 'true',
  MAIL_DIR: mailDir,
  PUBLIC_URL: publicUrl,
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: webhookSecret,
  TOKEN_ENCRYPTION_KEY: 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  TRUST_PROXY: '127.0.0.1',
  S3_BUCKET: 'salas-fotos',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  LOG_LEVEL: 'warn',
  NODE_NO_WARNINGS: '1',
};

async function startInstance(port) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`a instância ${port} saiu com código ${child.exitCode}`);
    if (i > 1200) throw new Error(`a instância ${port} não ficou pronta em 2 min`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await sleep(100);
  }
}

// The first instance migrates and writes the demo data; the second finds them.
await startInstance(portA);
const instanceB = await startInstance(portB);

const nginxDir = path.join(work, 'nginx');
fs.mkdirSync(nginxDir, { mode: 0o777 });
const conf = path.join(nginxDir, 'nginx.conf');
fs.writeFileSync(
  conf,
  fs
    .readFileSync(path.join(root, 'scripts/deploy/nginx-test.conf'), 'utf8')
    .replaceAll('{{dir}}', nginxDir)
    .replaceAll('{{a}}', String(portA))
    .replaceAll('{{b}}', String(portB))
    .replaceAll('{{port}}', String(portProxy)),
);
const nginx = spawn(nginxBin(), ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
children.push(nginx);
for (let i = 0; ; i++) {
  if (nginx.exitCode !== null) throw new Error(`o nginx saiu com código ${nginx.exitCode}`);
  const up = await fetch(`${publicUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 100) throw new Error('o nginx não respondeu');
  await sleep(100);
}

/** One HTTP call through nginx (or straight to an instance), from a chosen local address. */
const xsrf = 'deploy-xsrf-token-0123456789abcdef';
function call(method, url, { body, token, headers = {}, from = '127.0.0.1', port = portProxy } = {}) {
  const raw = Buffer.isBuffer(body)
    ? body
    : body === undefined
      ? undefined
      : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress: from,
        agent: false,
        headers: {
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(raw && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(buf.toString());
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, headers: res.headers, buf, json });
        });
      },
    );
    req.on('error', (err) => resolve({ status: 0, error: err }));
    if (raw) req.write(raw);
    req.end();
  });
}

/**
 * Which instance answered each request, from nginx's access log (its `$upstream_addr`). nginx
 * writes a line once the answer is out, so give it a moment to land.
 */
const accessLog = async () => {
  await sleep(300);
  return readLog();
};
const readLog = () =>
  fs
    .readFileSync(path.join(nginxDir, 'access.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [addr, method, url, status, upstream] = line.split(' ');
      return { addr, method, url, status: Number(status), upstream };
    });
const upstreamsOf = async (filter) =>
  new Set((await accessLog()).filter(filter).map((l) => l.upstream.split(':').pop()));

async function mailedCode(email, after) {
  for (let i = 0; i < 400; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((n) => n.includes(email)) : [];
    for (const f of files.sort().reverse()) {
      const full = path.join(mailDir, f);
      if (fs.statSync(full).mtimeMs < after) continue;
      const raw = fs
        .readFileSync(full, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const m = raw.match(/token=(\d{6})/);
      if (m) return m[1];
    }
    await sleep(50);
  }
  throw new Error(`o código de ${email} não chegou`);
}

async function signIn(email) {
  const t = Date.now() - 1000;
  const step1 = await call('POST', '/api/loginTwoFactor', { body: { email, password: 'Salas@2026' } });
  if (step1.status !== 200) throw new Error(`login de ${email}: ${step1.status} ${step1.buf}`);
  const code = await mailedCode(email, t);
  const step2 = await call('POST', '/api/authenticateToken', { body: { email, login_token: code } });
  if (step2.status !== 200) throw new Error(`código de ${email}: ${step2.status} ${step2.buf}`);
  return { token: step2.json.data.token, user: step2.json.data.user };
}

try {
  // 1. Sign-in: the code mailed by one instance is accepted by the other.
  const specialist = await signIn('especialista@salas.test');
  const signInHits = await upstreamsOf((l) => /loginTwoFactor|authenticateToken/.test(l.url));
  check(
    signInHits.size === 2,
    `login em duas etapas servido pelas duas instâncias (${[...signInHits].join(', ')})`,
  );
  const me = await call('GET', '/api/user', { token: specialist.token });
  const me2 = await call('GET', '/api/user', { token: specialist.token });
  check(me.status === 200 && me2.status === 200, 'a sessão vale nas duas instâncias');

  // 2. A photo uploaded through nginx is in the bucket and served by both instances.
  const partner = await signIn('parceiro@salas.test');
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0b7a75' } })
    .jpeg()
    .toBuffer();
  const boundary = `----salas${Date.now()}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nprofile\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="uuid"\r\n\r\n${partner.user.uuid}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="perfil.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await call('POST', '/api/photo', {
    body: form,
    token: partner.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  check(upload.status === 201, `foto enviada pelo nginx (${upload.status})`);
  const photoUrl = upload.json?.data?.[0]?.url;
  const viaA = await call('GET', photoUrl, { port: portA });
  const viaB = await call('GET', photoUrl, { port: portB });
  const viaProxy = await call('GET', photoUrl);
  check(
    viaA.status === 200 && viaB.status === 200 && viaA.buf.equals(viaB.buf) && viaA.buf.equals(viaProxy.buf),
    'a mesma foto servida pela instância A, pela B e pelo nginx',
  );
  const cached = await call('GET', photoUrl, { headers: { 'if-none-match': viaProxy.headers.etag } });
  check(
    cached.status === 304 && viaProxy.headers['cache-control'] === 'public, max-age=31536000, immutable',
    'a foto pelo nginx com os cabeçalhos de cache e 304 para o ETag',
  );
  const objects = fs
    .readdirSync(s3dir, { recursive: true })
    .filter((f) => String(f).endsWith('.webp._S3rver_object'));
  check(objects.length >= 2, `os tamanhos da foto estão no bucket (${objects.length} objetos)`);
  // The backup command carries the bucket's photos beside the database copy.
  const dump = path.join(work, 'salas.dump');
  // Not spawnSync: the S3 server lives in this process and must keep answering.
  const backup = await run(process.execPath, ['dist/server/ops/backup.js', 'backup', dump]);
  const copied = fs.existsSync(`${dump}.fotos`)
    ? fs.readdirSync(`${dump}.fotos`, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length
    : 0;
  check(
    backup.status === 0 && fs.statSync(dump).size > 0 && copied === objects.length,
    `npm run backup: o banco e as ${copied} fotos do bucket (${backup.stderr.trim() || 'ok'})`,
  );

  // Free hours three weeks ahead, for the bookings below.
  const search = await call('POST', '/api/customer/room/genericsearch?perPage=50', { body: {} });
  const rooms = search.json.data.map((r) => r.uuid);
  const days = Array.from({ length: 10 }, (_, i) =>
    new Date(Date.now() + (21 + i) * 86_400_000).toISOString().slice(0, 10),
  );
  const free = [];
  for (const room of rooms) {
    const a = await call('POST', `/api/customer/room/${room}/availability`, { body: { dateBulk: days } });
    for (const d of a.json.data)
      for (const s of d.slots) if (s.available) free.push({ room, at: s.date_time });
  }
  check(free.length >= 200, `horários livres para as reservas (${free.length})`);

  // 3. Pix bookings paid by the provider's webhook, one call after the other on each instance.
  const pix = [];
  for (const slot of free.splice(0, 2)) {
    const res = await call('POST', '/api/customer/appointment/bulk', {
      token: specialist.token,
      body: { room_uuid: slot.room, date_times: [slot.at], payment_method: 'pix' },
    });
    if (!check(res.status === 201, `reserva Pix criada (${res.status})`)) console.log(String(res.buf));
    pix.push(res.json.data);
  }
  const hooksBefore = (await accessLog()).length;
  for (const b of pix) {
    const raw = JSON.stringify({
      id: `evt_deploy_${b.uuid}`,
      type: 'payment.paid',
      data: { payment_uuid: b.payment.uuid },
    });
    const ts = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', webhookSecret).update(`${ts}.${raw}`).digest('hex');
    const hook = await call('POST', '/api/payments/webhook', {
      body: Buffer.from(raw),
      headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${ts},v1=${v1}`, cookie: '' },
    });
    check(hook.status === 200 || hook.status === 204, `webhook Pix aceito (${hook.status})`);
  }
  const hookHits = new Set((await accessLog()).slice(hooksBefore).map((l) => l.upstream.split(':').pop()));
  check(hookHits.size === 2, `os dois webhooks, um em cada instância (${[...hookHits].join(', ')})`);
  const paid = await db.query('select status from bookings where uuid = any($1)', [pix.map((b) => b.uuid)]);
  check(
    paid.rows.length === 2 && paid.rows.every((r) => r.status === 'confirmed'),
    'as reservas Pix ficaram confirmadas',
  );

  // 4. The hold job runs on both instances and expires a lapsed hold once.
  const lapsed = free.shift();
  const held = await call('POST', '/api/customer/appointment/bulk', {
    token: specialist.token,
    body: { room_uuid: lapsed.room, date_times: [lapsed.at], payment_method: 'pix' },
  });
  check(held.status === 201, 'reserva Pix deixada sem pagar');
  await db.query(`update bookings set hold_expires_at = now() - interval '1 minute' where uuid = $1`, [
    held.json.data.uuid,
  ]);
  let expired;
  for (let i = 0; i < 80 && expired !== 'expired'; i++) {
    await sleep(500);
    expired = (await db.query('select status from bookings where uuid = $1', [held.json.data.uuid])).rows[0]
      .status;
  }
  check(expired === 'expired', 'o job de expiração (nas duas instâncias) expirou a reserva');
  const after = await db.query(
    `select p.status, (select count(*)::int from refunds r where r.payment_id = p.id) as refunds
       from payments p join bookings b on b.id = p.booking_id where b.uuid = $1`,
    [held.json.data.uuid],
  );
  check(
    after.rows[0]?.status === 'expired' && after.rows[0]?.refunds === 0,
    'o pagamento da reserva expirada também expirou, sem reembolso',
  );

  // 5. The per-address sign-in limit behind nginx: the real client, not a forged header.
  const target = 'parceiro2@salas.test';
  const forged = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const attempts = [];
  for (let i = 0; i < 11; i++) {
    const res = await call('POST', '/api/loginTwoFactor', {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': forged() },
      body: { email: target, password: 'senha-errada-123' },
    });
    attempts.push(res.status);
  }
  check(
    attempts.slice(0, 10).every((s) => s !== 429) && attempts[10] === 429,
    `de 127.0.0.2 com X-Forwarded-For forjado a cada vez: 10 erros e então 429 (${attempts.join(' ')})`,
  );
  const other = await call('POST', '/api/loginTwoFactor', {
    from: '127.0.0.3',
    body: { email: target, password: 'Salas@2026' },
  });
  check(other.status === 200, `o mesmo e-mail de outro endereço (127.0.0.3) ainda entra (${other.status})`);

  // 6. Card bookings from 8 clients at once; instance B is killed a third of the way in.
  const cardRes = await call('POST', `/api/customer/${specialist.user.uuid}/card`, {
    token: specialist.token,
    body: {
      number: '4242424242424242',
      holder_name: 'Especialista Teste',
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    },
  });
  check(cardRes.status === 201, `cartão salvo (${cardRes.status})`);
  const card = cardRes.json.data.uuid;
  const slots = free.splice(0, 180);
  const loadStart = (await db.query('select now() as t')).rows[0].t;
  const outcomes = [];
  let killedAt;
  let next = 0;
  const client = async () => {
    while (next < slots.length) {
      const i = next++;
      if (i === 60 && !killedAt) {
        killedAt = i;
        instanceB.kill('SIGKILL');
      }
      const slot = slots[i];
      const res = await call('POST', '/api/customer/appointment/bulk', {
        token: specialist.token,
        body: { room_uuid: slot.room, date_times: [slot.at], payment_method: 'card', card_uuid: card },
      });
      outcomes.push({ i, status: res.status, uuid: res.json?.data?.uuid, booking: res.json?.data?.status });
    }
  };
  await Promise.all(Array.from({ length: 8 }, client));
  const confirmed = outcomes.filter((o) => o.status === 201 && o.booking === 'confirmed');
  const afterKill = outcomes.filter((o) => o.i > (killedAt ?? 0) + 8);
  const inDb = await db.query(`select uuid::text, status from bookings where uuid = any($1::uuid[])`, [
    confirmed.map((o) => o.uuid),
  ]);
  const lost = confirmed.filter((o) => !inDb.rows.some((r) => r.uuid === o.uuid && r.status === 'confirmed'));
  const statusCount = tally(outcomes.map((o) => o.status));
  check(lost.length === 0, `${confirmed.length} reservas confirmadas aos clientes, nenhuma perdida no banco`);
  check(
    afterKill.length > 0 && afterKill.every((o) => o.status === 201),
    `depois da queda, o nginx serviu tudo pela instância A (${afterKill.length} reservas, todas 201)`,
  );
  const allConfirmed = await db.query(
    `select count(*)::int as n from bookings b join payments p on p.booking_id = b.id
      where p.method = 'card' and b.status = 'confirmed' and b.created_at >= $1`,
    [loadStart],
  );
  const unanswered = outcomes.filter((o) => o.status !== 201).length;
  check(
    allConfirmed.rows[0].n >= confirmed.length && allConfirmed.rows[0].n <= confirmed.length + unanswered,
    'no banco, só as reservas confirmadas aos clientes e, no máximo, as que ficaram sem resposta na queda',
  );
  console.log(
    `     respostas das ${outcomes.length} reservas: ${JSON.stringify(statusCount)}; confirmadas no banco: ` +
      `${allConfirmed.rows[0].n}` +
      (allConfirmed.rows[0].n > confirmed.length
        ? ` (${allConfirmed.rows[0].n - confirmed.length} gravada(s) antes da queda perdeu(ram) só a resposta: ` +
          'aparece(m) em "Meus agendamentos" e no e-mail de confirmação)'
        : ''),
  );
  const doubles = await db.query(
    `select count(*)::int as n from (select room_id, starts_at from appointments
      where status in ('pending_payment','confirmed','completed','no_show') group by 1, 2 having count(*) > 1) d`,
  );
  check(doubles.rows[0].n === 0, 'nenhum horário reservado duas vezes');

  // Mails: each sent once, by whichever instance claimed it. A mail instance B handed to the mail
  // server just before it was killed is sent again when its lease ends, under the same Message-ID
  // and into the same .eml file: one file per outbox row, never two.
  await sleep(6000);
  // The Message-ID each row keeps (DESIGN §10) is the one its file carries.
  const sentIds = (await db.query(`select message_id from mail_outbox where status = 'sent'`)).rows.map(
    (r) => r.message_id,
  );
  const emls = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  const messageIds = emls.map(
    (f) => fs.readFileSync(path.join(mailDir, f), 'utf8').match(/^Message-ID: (<[^>\s]+>)/im)?.[1],
  );
  const fileIds = new Set(messageIds.filter(Boolean));
  check(
    sentIds.length > 0 && fileIds.size === emls.length && sentIds.every((id) => id && fileIds.has(id)),
    `cada e-mail enviado uma vez (${sentIds.length} na fila enviados, ${emls.length} arquivos .eml, ` +
      `${fileIds.size} Message-IDs distintos)`,
  );

  const ledger = await run(process.execPath, ['dist/server/ops/ledger-check.js']);
  check(
    ledger.status === 0,
    `conferência do livro-caixa limpa (npm run ledger:check: ${ledger.stdout.trim().split('\n').pop()})`,
  );

  const log = await accessLog();
  const byUpstream = tally(log.map((l) => l.upstream));
  console.log(
    `\n${log.length} pedidos pelo nginx em ${((performance.now() - started) / 1000).toFixed(0)} s; por instância: ${JSON.stringify(byUpstream)}`,
  );
} catch (err) {
  failures.push(String(err?.stack ?? err));
  console.error(err);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await sleep(500);
  await db.end();
  await s3.close();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
  fs.rmSync(work, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} verificação(ões) falharam.`);
  process.exit(1);
}
console.log('implantação de teste: tudo certo');
