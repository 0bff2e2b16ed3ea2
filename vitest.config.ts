import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '#web': path.resolve(import.meta.dirname, 'web') } },
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: the server's modules and PGlite's WebAssembly are
    // loaded and warmed once (a file's import cost ~2 s, and its queries ran slower cold). Test
    // files share no state through modules: each builds its own app and database (test/app.ts).
    isolate: false,
  },
});
