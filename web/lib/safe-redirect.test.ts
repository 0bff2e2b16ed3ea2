import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('follows paths on this site', () => {
    expect(safeRedirect('/rooms/abc?date=2026-12-01')).toBe('/rooms/abc?date=2026-12-01');
    expect(safeRedirect('/verificacao')).toBe('/verificacao');
  });

  it('refuses other sites, empty values and the auth pages themselves', () => {
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
    expect(safeRedirect('/signin?redirect=/x')).toBeUndefined();
  });
});
