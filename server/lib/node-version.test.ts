import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR, nodeBelowFloor } from './node-version.ts';
import { projectRoot } from './paths.ts';

describe('the Node floor', () => {
  it('refuses versions below 22.12 in Portuguese and accepts the floor and later ones', () => {
    expect(nodeBelowFloor('v20.20.2')).toBe(
      'O Salas precisa do Node 22.12 ou mais novo (este é o v20.20.2). Instale o Node 22 LTS ou 24 (docs/operations.md).',
    );
    expect(nodeBelowFloor('v22.11.0')).toMatch(/^O Salas precisa do Node 22\.12/);
    for (const ok of ['v22.12.0', 'v22.23.3', 'v24.0.0', 'v25.1.0'])
      expect(nodeBelowFloor(ok)).toBeUndefined();
  });

  it('is the floor package.json declares, and the suite itself runs on it', () => {
    const pkg = JSON.parse(fs.readFileSync(`${projectRoot}/package.json`, 'utf8'));
    expect(pkg.engines.node).toBe(`>=${NODE_FLOOR.join('.')}`);
    expect(nodeBelowFloor(process.version)).toBeUndefined();
  });
});
