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
  'admin.spec.ts': 150,
  'widths.spec.ts': 115,
  'booking.spec.ts': 96,
  'clinic-setup.spec.ts': 94,
  'partner-supply.spec.ts': 71,
  'auth.spec.ts': 71,
  'payouts.spec.ts': 66,
  'mobile.bookings.spec.ts': 65,
  'room-page.spec.ts': 60,
  'signup-in-booking.spec.ts': 54,
  'shell.spec.ts': 46,
  'mobile.shell.spec.ts': 39,
  'privacy.spec.ts': 33,
  'waitlist.spec.ts': 31,
  'blocks.spec.ts': 30,
  'booking-gates.spec.ts': 30,
  'series.spec.ts': 29,
  'partner-data.spec.ts': 23,
  'connect.spec.ts': 21,
  'mercadopago-card.spec.ts': 20,
  'agenda.spec.ts': 20,
  'rooms.spec.ts': 14,
  'password-strength.spec.ts': 9,
  'budget.spec.ts': 5,
  // Added with issue 31 (measured alone, not yet in a whole run).
  'room-drafts.spec.ts': 65,
  'desk.spec.ts': 45,
  'specialist-booking.spec.ts': 70,
  'partner-signup.spec.ts': 40,
  'partner-day.spec.ts': 30,
  // Added with issue 32 (measured alone).
  'mail-phone.spec.ts': 5,
  'search.spec.ts': 20,
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

function runShard(i) {
  const label = shards > 1 ? `[${i}/${shards}] ` : '';
  const split = dealt ? dealt[i - 1] : shards > 1 ? [`--shard=${i}/${shards}`] : [];
  const child = spawn('npx', ['playwright', 'test', ...split, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
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
