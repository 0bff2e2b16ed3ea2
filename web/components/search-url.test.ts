import { describe, expect, it } from 'vitest';
import { isoDate, searchTarget } from './search-url.ts';

describe('searchTarget', () => {
  it('goes to /rooms when both fields are empty', () => {
    expect(searchTarget('/especialista/salas', '  ', null)).toBe('/rooms');
  });

  it('keeps a room list page and sets search and date', () => {
    expect(searchTarget('/especialista/salas', 'São Paulo', '2026-12-01')).toBe(
      '/especialista/salas?search=S%C3%A3o+Paulo&date=2026-12-01',
    );
    expect(searchTarget('/rooms', '', '2026-12-01')).toBe('/rooms?date=2026-12-01');
  });

  it('sends other pages to the public room list', () => {
    expect(searchTarget('/parceiro/gestao/clinicas', 'Pinheiros', null)).toBe('/rooms?search=Pinheiros');
  });

  it('formats local dates as yyyy-MM-dd', () => {
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
