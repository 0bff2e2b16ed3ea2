// The browser journeys in two halves at once (issue 27), each with its own server, embedded
// database, demo data and mail folder: no half can read the other's sign-in codes or take the
// hours the other books. The spec files are dealt to the parts by their measured time (longest
// first, each to the part with least so far), so the parts end together; the output of each half
// is streamed with its number in front, and the run fails if either half fails. One half alone
// leaves ~45% of 2 cores idle (headless Chromium, no trace recording); two fill them
// (docs/performance.md). `node scripts/e2e.mjs 1` runs them in one part; naming spec files after
// `--` splits those with Playwright's --shard.
// Usage (after `npm run build`): node scripts/e2e.mjs [shards] [-- extra playwright arguments]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const extra = dash >= 0 ? args.slice(dash + 1) : [];
const shards = Number((dash >= 0 ? args.slice(0, dash) : args)[0] ?? process.env.E2E_SHARDS ?? 2);
if (!Number.isInteger(shards) || shards < 1) {
  console.error('scripts/e2e.mjs: o número de partes deve ser um inteiro a partir de 1');
  process.exit(2);
}

/**
 * Seconds each spec file took in a clean CI run (both projects; the list reporter prints each
 * journey's time). A file not listed counts as SPEC_DEFAULT; refresh after adding a long journey.
 */
const SPEC_SECONDS = {
  // Measured in the clean runs of issue 32 (27/11; widths and specialist-booking from the run
  // without their retry).
  'widths.spec.ts': 141,
  'admin.spec.ts': 116,
  'partner-supply.spec.ts': 95,
  'booking.spec.ts': 82,
  'specialist-booking.spec.ts': 75,
  'clinic-setup.spec.ts': 74,
  'room-drafts.spec.ts': 71,
  'auth.spec.ts': 70,
  'partner-signup.spec.ts': 51,
  'room-page.spec.ts': 50,
  'shell.spec.ts': 48,
  'payouts.spec.ts': 48,
  'desk.spec.ts': 36,
  'signup-in-booking.spec.ts': 35,
  'mobile.bookings.spec.ts': 28,
  'series.spec.ts': 26,
  'partner-day.spec.ts': 25,
  'booking-gates.spec.ts': 25,
  'blocks.spec.ts': 25,
  'partner-data.spec.ts': 24,
  'privacy.spec.ts': 22,
  'mobile.shell.spec.ts': 22,
  'connect.spec.ts': 18,
  'waitlist.spec.ts': 17,
  'mercadopago-card.spec.ts': 16,
  'rooms.spec.ts': 15,
  'search.spec.ts': 14,
  'room-layout.spec.ts': 14,
  'agenda.spec.ts': 14,
  'password-strength.spec.ts': 8,
  'budget.spec.ts': 10,
  'on-demand-parts.spec.ts': 5,
  'mail-phone.spec.ts': 3,
  'whatsapp-notices.spec.ts': 10,
  // Issue 45: one journey, ~23 s on an idle 2-core machine.
  'reviews.spec.ts': 25,
  // Issue 45: the map at 390 and 1366 px, 18 s on a machine busy with other work.
  'map.spec.ts': 18,
};
const SPEC_DEFAULT = 30;

/** The spec files of each part: longest first, each to the part with the least time so far. */
function dealSpecs(parts) {
  const specs = fs
    .readdirSync('e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ file: f, seconds: SPEC_SECONDS[f] ?? SPEC_DEFAULT }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const dealt = Array.from({ length: parts }, () => ({ seconds: 0, files: [] }));
  for (const spec of specs) {
    const part = dealt.reduce((least, p) => (p.seconds < least.seconds ? p : least));
    part.seconds += spec.seconds;
    part.files.push(`e2e/${spec.file}`);
  }
  return dealt.map((p) => p.files);
}

const namesSpecs = extra.some((a) => a.endsWith('.ts'));
const dealt = shards > 1 && !namesSpecs ? dealSpecs(shards) : undefined;

/**
 * With TEST_DATABASE_URL (`node scripts/with-postgres.mjs node scripts/e2e.mjs`, as `npm test`
 * runs it), each part's product runs on a database of its own on that PostgreSQL server, made empty
 * here and filled with the demo by the product's start; without it, on the embedded database.
 */
async function partDatabase(i) {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return {};
  const name = `salas_e2e_${i}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DEMO_DATA: 'true' };
}

async function runShard(i) {
  const label = shards > 1 ? `[${i}/${shards}] ` : '';
  const split = dealt ? dealt[i - 1] : shards > 1 ? [`--shard=${i}/${shards}`] : [];
  const child = spawn('npx', ['playwright', 'test', ...split, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(await partDatabase(i)),
      E2E_PORT: String(3300 + i),
      E2E_DATA_DIR: path.join(os.tmpdir(), `salas-e2e-${i}`),
      E2E_OUTPUT_DIR: `test-results/part-${i}`,
    },
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`${label}${line}\n`);
    });
    from.on('end', () => rest && to.write(`${label}${rest}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, k) => runShard(k + 1)));
const failed = codes.map((c, k) => (c === 0 ? undefined : k + 1)).filter(Boolean);
if (failed.length) console.error(`Jornadas do navegador: a(s) parte(s) ${failed.join(', ')} falhou(aram).`);
process.exit(failed.length ? 1 : 0);
