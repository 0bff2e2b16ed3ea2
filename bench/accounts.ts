/**
 * Accounts under attack, measured over HTTP on the built server (embedded database) with a real SMTP
 * server (smtp-server) that takes 300 ms per message, as remote ones do:
 * 1. enumeration timing: forgot-password, resend-code and a wrong password for existing vs unknown
 *    e-mails, 50 tries each, interleaved, each from its own address — medians side by side;
 * 2. lockout: 12 addresses guess one account's password 10 times each (past the account ceiling);
 *    the owner signs in from the address they used before, a new address waits, one warning mail;
 * 3. proxy: TRUST_PROXY=1 with the bench as the proxy (it appends the real client address to
 *    whatever X-Forwarded-For the client wrote): 12 wrong passwords with 12 forged addresses are
 *    counted on the one real address; TRUST_PROXY=true is refused at start;
 * 4. outbox: SMTP down, 20 reset mails asked; then SMTP up — time until all arrived, each once.
 * Every check prints ok/FALHA; the exit code is the number of failures.
 *
 * Usage: npm run build && npx tsx bench/accounts.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ensureBuilt, fmt, median, root, startServer, stopServer } from './lib.mjs';

ensureBuilt();
const PASSWORD = 'Bench#Senha2026';
const USERS = 200;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-bench-accounts-'));
const mailDir = path.join(dataDir, 'mail');
execFileSync('npx', ['tsx', 'bench/generate-users.ts', dataDir, String(USERS)], {
  cwd: root,
  stdio: 'inherit',
});

let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok   ' : 'FALHA'} ${what}`);
};

// ---------------------------------------------------------------- a slow SMTP server
const received: string[] = [];
const SMTP_DELAY_MS = 300;
let smtp: SMTPServer | undefined;
const smtpPort = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
function smtpUp() {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () =>
        setTimeout(() => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  return new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
}
const smtpDown = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

// ---------------------------------------------------------------- the server, behind "a proxy"
const port = 3521;
const base = `http://127.0.0.1:${port}/api`;
await smtpUp();
const { child } = await startServer(
  {
    DATA_DIR: dataDir,
    MAIL_DIR: mailDir,
    DEMO_DATA: 'false',
    TRUST_PROXY: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
  { port },
);
// Never leave the server behind when a check throws.
process.on('exit', () => child.kill('SIGKILL'));
const xsrf = 'bench-xsrf-token-0123456789abcdef';
/** The bench plays the one proxy in front: it appends the client's real address. */
async function post(url: string, body: unknown, client: string, forged?: string) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'x-forwarded-for': forged ? `${forged}, ${client}` : client,
    },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started, json: res };
}
let host = 0;
const freshAddress = () => {
  host += 1;
  return `10.${Math.floor(host / 62500) % 250}.${Math.floor(host / 250) % 250}.${(host % 250) + 1}`;
};
const userEmail = (i: number) => `bench${i}@salas.test`;
const unknownEmail = (i: number) => `ninguem${i}.${Date.now().toString(36)}@salas.test`;

// ---------------------------------------------------------------- 1. enumeration timing
console.log('\n1. Tempo de resposta: e-mail cadastrado × desconhecido (50 de cada, intercalados)');
const TRIES = 50;
const rows: [string, number, number][] = [];
let nextUser = 0;
for (const [label, url, body] of [
  ['POST /api/forgot-password', '/forgot-password', (email: string) => ({ email })],
  [
    'POST /api/user/resend/verification-code',
    '/user/resend/verification-code',
    (email: string) => ({ email }),
  ],
  [
    'POST /api/loginTwoFactor (senha errada)',
    '/loginTwoFactor',
    (email: string) => ({ email, password: 'Errada#2026x' }),
  ],
] as const) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const a = await post(url, body(userEmail(nextUser++ % USERS)), freshAddress());
    const b = await post(url, body(unknownEmail(i)), freshAddress());
    if (a.status !== b.status) check(false, `${label}: respostas diferentes (${a.status} × ${b.status})`);
    known.push(a.ms);
    unknown.push(b.ms);
  }
  rows.push([label, median(known), median(unknown)]);
}
console.log('| chamada | cadastrado (mediana) | desconhecido (mediana) | razão |');
console.log('|---|---|---|---|');
for (const [label, a, b] of rows)
  console.log(`| ${label} | ${fmt(a, 2)} ms | ${fmt(b, 2)} ms | ${fmt(a / b, 2)} |`);
for (const [label, a, b] of rows)
  check(
    Math.abs(a - b) < Math.max(2, 0.25 * Math.max(a, b)),
    `${label}: medianas próximas (nenhum SMTP no caminho)`,
  );

// ---------------------------------------------------------------- 2. lockout
console.log('\n2. Um ataque não tranca a dona da conta');
const owner = userEmail(USERS - 1);
const home = freshAddress();
/** Both steps (the code read from the mail folder); answers the first refusal or the last 200. */
const signInFrom = async (ip: string) => {
  const first = await post('/loginTwoFactor', { email: owner, password: PASSWORD }, ip);
  if (first.status !== 200) return first.status;
  const code = await freshCode(owner);
  return (await post('/authenticateToken', { email: owner, login_token: code }, ip)).status;
};
/** The sign-in code of a mail not seen before (older .eml files hold codes already used). */
const seen = new Set<string>();
async function freshCode(email: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    for (const f of fs.readdirSync(mailDir).filter((n) => n.includes(email) && !seen.has(n))) {
      const raw = fs
        .readFileSync(path.join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const code = raw.match(/token=(\d{6})/)?.[1];
      if (!code) continue;
      seen.add(f);
      return code;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sem código novo para ${email}`);
}
check((await signInFrom(home)) === 200, 'a dona entra de casa antes do ataque');
const attackStarted = performance.now();
const statuses = new Map<number, number>();
const attackers = Array.from({ length: 12 }, freshAddress);
for (const ip of attackers)
  for (let i = 0; i < 10; i++) {
    const r = await post('/loginTwoFactor', { email: owner, password: `Chute#${i}x` }, ip);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
console.log(
  `  120 senhas erradas de 12 endereços em ${fmt((performance.now() - attackStarted) / 1000, 1)} s: ${[
    ...statuses,
  ]
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ')}`,
);
check((statuses.get(401) ?? 0) === 100, 'as 100 primeiras contam como erro (401); depois do teto, 429');
const extra = await post('/loginTwoFactor', { email: owner, password: 'Chute#extra1' }, attackers[0]!);
check(extra.status === 429, 'o endereço do ataque recebe 429');
check((await signInFrom(freshAddress())) === 429, 'um endereço novo espera (teto da conta ultrapassado)');
check((await signInFrom(home)) === 200, 'a dona entra do endereço de onde já tinha entrado');
await new Promise((r) => setTimeout(r, 1500));
const warnings = fs
  .readdirSync(mailDir)
  .filter((f) => f.includes(owner) && f.includes('tentativas-de-acesso'));
check(warnings.length === 1, `um aviso por e-mail à dona (${warnings.length})`);

// ---------------------------------------------------------------- 3. proxy
console.log('\n3. Endereço do cliente atrás de um proxy (TRUST_PROXY=1)');
const victim = userEmail(USERS - 2);
const real = freshAddress();
const forgedAnswers: number[] = [];
for (let i = 0; i < 12; i++)
  forgedAnswers.push(
    (await post('/loginTwoFactor', { email: victim, password: `Chute#${i}y` }, real, `203.0.113.${i + 1}`))
      .status,
  );
console.log(
  `  12 senhas erradas, cada uma com um X-Forwarded-For forjado diferente: ${forgedAnswers.join(' ')}`,
);
check(
  forgedAnswers.slice(0, 10).every((s) => s === 401) && forgedAnswers.slice(10).every((s) => s === 429),
  'contadas no endereço real: a 11ª já é 429',
);
const refused = spawnSync(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    TRUST_PROXY: 'true',
    PORT: '3529',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'salas-tp-')),
  },
  encoding: 'utf8',
  timeout: 30_000,
});
const why = `${refused.stderr}${refused.stdout}`.split('\n').find((l) => l.includes('TRUST_PROXY')) ?? '';
console.log(`  TRUST_PROXY=true: saída ${refused.status}; ${why.trim().slice(0, 160)}`);
check(refused.status !== 0 && why.length > 0, 'TRUST_PROXY=true é recusado na partida, com a razão');

// ---------------------------------------------------------------- 4. outbox
console.log('\n4. Fila de e-mails: SMTP fora do ar, depois de volta');
await smtpDown();
const MAILS = 20;
const resetFor = Array.from({ length: MAILS }, (_, i) => userEmail(150 + i));
const mine = () => received.filter((to) => resetFor.includes(to));
const asked: number[] = [];
for (const email of resetFor) asked.push((await post('/forgot-password', { email }, freshAddress())).ms);
console.log(`  ${MAILS} pedidos de redefinição com o SMTP fora do ar: mediana ${fmt(median(asked), 2)} ms`);
await new Promise((r) => setTimeout(r, 5_000));
check(mine().length === 0, 'nada entregue enquanto o SMTP está fora');
const upAt = performance.now();
await smtpUp();
let lastAt = upAt;
while (mine().length < MAILS && performance.now() - upAt < 120_000) {
  await new Promise((r) => setTimeout(r, 100));
  lastAt = performance.now();
}
const arrived = mine();
console.log(
  `  SMTP de volta: ${arrived.length} de ${MAILS} entregues em ${fmt((lastAt - upAt) / 1000, 1)} s (nova tentativa em até 30 s)`,
);
check(arrived.length === MAILS, 'todos os e-mails chegaram');
check(new Set(arrived).size === arrived.length, 'cada um uma única vez');
await new Promise((r) => setTimeout(r, 3_000));
check(mine().length === MAILS, 'nenhum reenviado depois');

await stopServer(child);
await smtpDown();
console.log(failures ? `\n${failures} FALHA(S)` : '\ntudo ok');
process.exit(failures);
