import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineCss } from './scripts/vite-mantine-css.ts';
import { theme } from './web/app/theme.ts';

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
 * The public pages' own chunks and stylesheets, so the server can announce them in index.html
 * (<link rel="modulepreload">, <link rel="stylesheet">): the browser fetches them beside the entry
 * instead of after it. Writes dist/web/route-preloads.json: { "rooms": ["/assets/…", …], "room": […] }.
 * Chunks made only of CSS (a component's styles) are dropped by Vite later: only their CSS counts.
 */
function routePreloads(pages: Record<string, string>): Plugin {
  return {
    name: 'salas-route-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const cssOnly = (file: string) =>
        byFile.get(file)?.moduleIds.every((id) => /\.css($|\?)/.test(id)) ?? false;
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const cssOf = (files: Set<string>) =>
        [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
      const entry = chunks.find((c) => c.isEntry);
      const preloaded = entry ? closure(entry.fileName) : new Set<string>();
      const preloadedCss = new Set(cssOf(preloaded));
      const out: Record<string, string[]> = {};
      for (const [name, source] of Object.entries(pages)) {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, source));
        if (!chunk) throw new Error(`salas-route-preloads: no chunk for ${source}`);
        const own = closure(chunk.fileName);
        const css = [...new Set(cssOf(own))].filter((f) => !preloadedCss.has(f));
        const js = [...own].filter((f) => !preloaded.has(f) && !cssOnly(f));
        out[name] = [...css, ...js].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out) });
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    mantineCss({ nodeModules: path.resolve(import.meta.dirname, 'node_modules'), appRoot: root, theme }),
    react(),
    routePreloads({
      home: 'features/home/pages/home-page.tsx',
      rooms: 'features/rooms/pages/rooms-page.tsx',
      room: 'features/rooms/pages/room-page.tsx',
      city: 'features/cities/city-page.tsx',
    }),
    precompress(),
  ],
  resolve: {
    alias: { '#web': root },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Floating UI (Mantine's popovers, menus and selects) in a chunk of its own: left to the
        // automatic splitting, it took in small Mantine hooks that every page needs (the direction
        // hook), so a room page loaded all 15 KB of it before anything floated.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
