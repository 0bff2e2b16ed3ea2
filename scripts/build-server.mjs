// Bundles the server into dist/server/main.js and the operations tools into dist/server/ops/
// (backup.js, ledger-check.js, photos-migrate.js); dependencies stay in node_modules.
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their hash: those of an earlier build would pile up beside the new ones.
fs.rmSync('dist/server/chunks', { recursive: true, force: true });

await build({
  entryPoints: [
    'server/main.ts',
    'server/ops/backup.ts',
    'server/ops/ledger-check.ts',
    'server/ops/photos-migrate.ts',
  ],
  outdir: 'dist/server',
  bundle: true,
  // Modules imported with import() (the password dictionaries) stay in their own chunk until used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // The public pages are drawn on the server with the web app (web/entry-server.tsx): its styles
  // are the browser's (dist/web), its JSX React's automatic runtime.
  loader: { '.css': 'empty' },
  plugins: [
    {
      // dayjs has no "exports" map: Node's ESM loader needs the locale file's own name.
      name: 'dayjs-locale-files',
      setup(build) {
        build.onResolve({ filter: /^dayjs\/locale\/[\w-]+$/ }, (args) => ({
          path: `${args.path}.js`,
          external: true,
        }));
      },
    },
  ],
  jsx: 'automatic',
  logLevel: 'warning',
});
