// The fast checks on the Node versions CI does not run the whole suite on (24; the suite runs on
// the floor, Node 22, the `node` devDependency that npm scripts find first on their PATH —
// docs/decisions/0027): the built product's smoke run (scripts/smoke.mjs) and the pure domain
// tests (common/). The binaries come from npm's node-<platform>-<arch> packages.
// Usage: npm run build && node scripts/other-nodes.mjs [versions...]
import { spawnSync } from 'node:child_process';

const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['24'];
const pkg = `node-${process.platform}-${process.arch}`;
let failed = false;
for (const v of versions) {
  for (const command of [
    ['node', 'scripts/smoke.mjs'],
    ['node', 'node_modules/vitest/vitest.mjs', 'run', 'common', '--reporter=dot'],
  ]) {
    const res = spawnSync('npx', ['--yes', '-p', `${pkg}@${v}`, '--', ...command], { stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(`Node ${v}: ${command.join(' ')} falhou (${res.status ?? res.signal})`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
