import { describe, expect, it } from 'vitest';
import { latest, settle } from './address-writes.ts';

describe('address writes waiting for the router', () => {
  it('a second tap builds on the first write before the router shows it', () => {
    let written = ['h=a'];
    expect(latest(written, '')).toBe('h=a');
    written = [...written, 'h=a,b'];
    expect(latest(written, '')).toBe('h=a,b');
  });

  it('the writes up to the shown address have landed; later ones still wait', () => {
    const written = settle(['h=a', 'h=a,b'], 'h=a');
    expect(written).toEqual(['h=a,b']);
    expect(latest(written, 'h=a')).toBe('h=a,b');
    expect(settle(written, 'h=a,b')).toEqual([]);
  });

  it('an address the page did not write (back button, a link) drops the waiting writes', () => {
    const written = settle(['h=a', 'h=a,b'], 'dia=2026-12-01');
    expect(written).toEqual([]);
    expect(latest(written, 'dia=2026-12-01')).toBe('dia=2026-12-01');
  });
});
