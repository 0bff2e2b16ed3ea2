import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, 'web');
const outDir = path.resolve(import.meta.dirname, 'dist/web');

/** Writes .br and .gz beside every text asset, served by @fastify/static's preCompressed. */
function precompress(): Plugin {
  return {
    name: 'salas-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The public pages' own chunks, so the server can announce them in index.html
 * (<link rel="modulepreload">): the browser fetches them beside the entry instead of after it.
 * Writes dist/web/route-preloads.json: { "rooms": ["/assets/…js", …], "room": […] }.
 */
function routePreloads(pages: Record<string, string>): Plugin {
  return {
    name: 'salas-route-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const preloaded = entry ? closure(entry.fileName) : new Set<string>();
      const out: Record<string, string[]> = {};
      for (const [name, source] of Object.entries(pages)) {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, source));
        if (!chunk) throw new Error(`salas-route-preloads: no chunk for ${source}`);
        out[name] = [...closure(chunk.fileName)].filter((f) => !preloaded.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out) });
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    routePreloads({
      rooms: 'features/rooms/pages/rooms-page.tsx',
      room: 'features/rooms/pages/room-page.tsx',
    }),
    precompress(),
  ],
  resolve: {
    alias: { '#web': root },
  },
  build: { outDir, emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
