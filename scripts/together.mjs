// Runs commands at the same time, each line of their output prefixed with its name, and fails if
// any fails. `npm test` runs the browser journeys and the deployment test together this way: the
// deployment test spends most of its minute waiting (instances starting, a job's interval, a
// fail-over), time the journeys use (docs/performance.md).
// Usage: node scripts/together.mjs name1 "command 1" name2 "command 2" ...
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('scripts/together.mjs: use pares de nome e comando');
  process.exit(2);
}
const jobs = Array.from({ length: args.length / 2 }, (_, i) => ({
  name: args[2 * i],
  command: args[2 * i + 1],
}));

function run({ name, command }) {
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`[${name}] ${line}\n`);
    });
    from.on('end', () => rest && to.write(`[${name}] ${rest}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(jobs.map(run));
const failed = jobs.filter((_, i) => codes[i] !== 0).map((j) => j.name);
if (failed.length) console.error(`Falhou: ${failed.join(', ')}.`);
process.exit(failed.length ? 1 : 0);
