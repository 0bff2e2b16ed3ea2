/**
 * The server's imports run one way (issue 27): app.ts, the composition root, builds the features;
 * the features take their types from services.ts and never import app.ts; and no files import each
 * other in a circle (a circle made every route module and app.ts one 58-file knot before).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './lib/paths.ts';

const serverDir = path.join(projectRoot, 'server');

/** The product's modules: every .ts under server/ but the tests and their harness. */
function productFiles(dir = serverDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test' || entry.name === 'migrations' ? [] : productFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** file → the project files it imports or re-exports (type-only imports count: they tie the files too). */
function importGraph(): Map<string, string[]> {
  const files = productFiles();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/(?:import|export)[^'";]*?from\s+'(\.{1,2}\/[^']+)'/g)]
      .map((m) => path.resolve(path.dirname(file), m[1]!))
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(projectRoot, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server imports', () => {
  const graph = importGraph();

  it('reach app.ts only from the process entry points', () => {
    const app = path.join(serverDir, 'app.ts');
    const importers = [...graph]
      .filter(([, targets]) => targets.includes(app))
      .map(([file]) => path.relative(projectRoot, file))
      .sort();
    expect(importers).toEqual(['server/bootstrap.ts']);
  });

  it('form no circle', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('tie no feature folders in a circle: none imports a folder that imports it back (issue 43)', () => {
    const features = path.join(serverDir, 'features');
    const folderOf = (file: string) => {
      const [first, ...rest] = path.relative(features, file).split(path.sep);
      return first && !first.startsWith('..') && rest.length ? path.join(features, first) : undefined;
    };
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (!from) continue;
      const to = folders.get(from) ?? new Set<string>();
      for (const target of targets) {
        const folder = folderOf(target);
        if (folder && folder !== from) to.add(folder);
      }
      folders.set(from, to);
    }
    expect(folders.size).toBeGreaterThan(20);
    expect(circles(new Map([...folders].map(([folder, to]) => [folder, [...to]])))).toEqual([]);
  });

  it('are read by this check: a circle made on purpose is found', () => {
    const a = path.join(serverDir, 'a.ts');
    const b = path.join(serverDir, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['server/a.ts', 'server/b.ts']]);
  });
});
