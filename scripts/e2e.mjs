// The browser journeys in two halves at once (issue 27), each with its own server, embedded
// database, demo data and mail folder: no half can read the other's sign-in codes or take the
// hours the other books. Playwright's --shard splits the spec files; the output of each half is
// streamed with its number in front, and the run fails if either half fails. One half alone
// leaves ~45% of 2 cores idle (headless Chromium, no trace recording); two fill them
// (docs/performance.md). `node scripts/e2e.mjs 1` runs them in one part.
// Usage (after `npm run build`): node scripts/e2e.mjs [shards] [-- extra playwright arguments]
import { spawn } from 'node:child_process';
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

function runShard(i) {
  const label = shards > 1 ? `[${i}/${shards}] ` : '';
  const child = spawn(
    'npx',
    ['playwright', 'test', ...(shards > 1 ? [`--shard=${i}/${shards}`] : []), ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        E2E_PORT: String(3300 + i),
        E2E_DATA_DIR: path.join(os.tmpdir(), `salas-e2e-${i}`),
        E2E_OUTPUT_DIR: `test-results/part-${i}`,
      },
    },
  );
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
