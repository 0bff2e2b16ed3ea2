/**
 * Only the Mantine styles the app uses: `import 'virtual:salas-mantine-css'` stands for
 * `@mantine/core/styles.css` (280 KB, render blocking on every first visit) but holds just the
 * style files of the components the app's modules import — and of the components those are built
 * from, found by following @mantine/core's own ESM imports to their `*.module.mjs` class maps,
 * whose names are the style files' — plus the reset and variables, in the order styles.css has
 * them (a component's rules after those of the parts it is built from, as Mantine needs). The
 * sheets of dates, dropzone and notifications follow when the app uses them (the charts' comes with
 * the dashboards' chunk). One stylesheet, as before.
 *
 * It ends with what MantineProvider would write into a `<style>` in the page's body — the theme's
 * CSS variables and the hiddenFrom/visibleFrom classes — which is not valid HTML where the server
 * draws the page (issue 42): the app's provider has `withCssVariables` and `withGlobalClasses` off
 * (web/app/providers.tsx) and MantineProvider itself writes them here, from the app's theme.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:salas-mantine-css';
const RESOLVED = `\0${VIRTUAL}.css`;
const IMPORT_FROM =
  /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/(core|dates|dropzone|modals|notifications|charts)['"]/g;
/** Packages whose one stylesheet follows core's, in this order. */
const PACKAGES = ['dates', 'dropzone', 'notifications'];

/** Names an import list brings in (types left out, aliases resolved to the exported name). */
const namesOf = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0]!.trim());

const filesUnder = (dir: string, ext: RegExp): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, ext) : ext.test(p) ? [p] : [];
  });

/**
 * The theme's CSS variables and Mantine's global classes, as MantineProvider draws them (its own
 * `<style>` elements' text, the same on every page).
 */
export function providerCss(theme: MantineThemeOverride): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme }));
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
}

export function mantineCss(options: {
  nodeModules: string;
  appRoot: string;
  /** The app's theme (web/app/theme.ts): its variables and the global classes end the stylesheet. */
  theme: MantineThemeOverride;
}): Plugin {
  const { nodeModules, appRoot, theme } = options;
  const core = path.join(nodeModules, '@mantine', 'core');
  const esm = path.join(core, 'esm');
  const styles = path.join(core, 'styles');

  /** Exported name → the ESM file defining it. */
  function exportsOfCore(): Map<string, string> {
    const index = fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8');
    const local = new Map<string, string>();
    for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g))
      for (const part of m[1]!.split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name) local.set((alias ?? name).trim(), path.join(esm, m[2]!));
      }
    const exported = new Map<string, string>();
    for (const m of index.matchAll(/export\s*\{([^}]*)\}/g))
      for (const part of m[1]!.split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        const file = name ? local.get(name.trim()) : undefined;
        if (file) exported.set((alias ?? name!).trim(), file);
      }
    return exported;
  }

  /** The @mantine/core names a package's code imports (the components it renders). */
  const coreNamesOf = (pkg: string) =>
    filesUnder(path.join(nodeModules, '@mantine', pkg, 'esm'), /\.mjs$/).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)].flatMap(
        (m) => namesOf(m[1]!),
      ),
    );

  /** Style files (names) reachable from a Mantine ESM file through its relative imports. */
  function collect(file: string, seen: Set<string>, found: Set<string>) {
    if (seen.has(file) || !file.startsWith(esm)) return;
    seen.add(file);
    for (const m of fs
      .readFileSync(file, 'utf8')
      .matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?"(\.[^"]+)"/gm)) {
      const dep = path.resolve(path.dirname(file), m[1]!);
      if (!dep.endsWith('.module.mjs')) collect(dep, seen, found);
      else if (fs.existsSync(path.join(styles, `${path.basename(dep, '.module.mjs')}.css`)))
        found.add(path.basename(dep, '.module.mjs'));
    }
  }

  /** The stylesheet: the used components' files in styles.css's order, then the packages'. */
  function stylesheet(): { code: string; sources: string[] } {
    const coreNames = new Set<string>();
    const packages = new Set<string>();
    const sources = filesUnder(appRoot, /\.tsx?$/);
    for (const file of sources)
      for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT_FROM)) {
        if (m[1]) continue; // types only
        const names = namesOf(m[2]!);
        if (m[3] === 'core') {
          for (const n of names) coreNames.add(n);
          continue;
        }
        // The dates provider is only dayjs settings: the pickers bring the package's sheet.
        if (m[3] === 'dates' && names.every((n) => n === 'DatesProvider')) continue;
        for (const n of coreNamesOf(m[3]!)) coreNames.add(n);
        packages.add(m[3]!);
      }
    const exported = exportsOfCore();
    const seen = new Set<string>();
    const found = new Set<string>();
    for (const name of coreNames) {
      const file = exported.get(name);
      if (file) collect(file, seen, found);
    }
    // Where each file's first rule sits in styles.css is its place.
    const all = fs.readFileSync(path.join(core, 'styles.css'), 'utf8');
    const place = (name: string) => {
      const css = fs.readFileSync(path.join(styles, `${name}.css`), 'utf8');
      const at = all.indexOf(css.slice(0, 200).trim());
      if (at < 0) throw new Error(`salas-mantine-css: ${name}.css not found in styles.css`);
      return at;
    };
    const ordered = [
      'baseline',
      'default-css-variables',
      'global',
      ...[...found].sort((a, b) => place(a) - place(b)),
    ];
    const files = [
      ...ordered.map((n) => `@mantine/core/styles/${n}.css`),
      ...PACKAGES.filter((p) => packages.has(p)).map((p) => `@mantine/${p}/styles.css`),
    ];
    const imports = files.map((f) => `@import '${f}';`).join('\n');
    return { code: `${imports}\n${providerCss(theme)}\n`, sources };
  }

  return {
    name: 'salas-mantine-css',
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const { code, sources } = stylesheet();
      for (const file of sources) this.addWatchFile(file);
      return code;
    },
  };
}
