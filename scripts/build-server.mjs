// Bundles the server into dist/server/main.js and the backup tool into dist/server/ops/backup.js
// (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/ops/backup.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
