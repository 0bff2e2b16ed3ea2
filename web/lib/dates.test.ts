import { describe, expect, it } from 'vitest';
import { parseBrazilianDate, partnerZone, todayIn, zoneDifferences } from './dates.ts';

describe('parseBrazilianDate', () => {
  it('reads day first', () => {
    expect(parseBrazilianDate('12/04/1988')).toBe('1988-04-12');
    expect(parseBrazilianDate('1/2/2026')).toBe('2026-02-01');
  });

  it('refuses impossible dates and other formats', () => {
    expect(parseBrazilianDate('31/02/2026')).toBeNull();
    expect(parseBrazilianDate('2026-02-01')).toBeNull();
    expect(parseBrazilianDate('')).toBeNull();
  });
});

describe('today on the right clock (issue 42)', () => {
  // 23:30 in Manaus on 30 November is already 1 December in São Paulo.
  const lateInManaus = new Date('2026-12-01T03:30:00Z');
  const manaus = { uuid: 'a', name: 'Clínica Rio Negro', timezone: 'America/Manaus' };
  const paulista = { uuid: 'b', name: 'Clínica Paulista', timezone: 'America/Sao_Paulo' };

  it('reads today on the zone asked', () => {
    expect(todayIn('America/Manaus', lateInManaus)).toBe('2026-11-30');
    expect(todayIn('America/Sao_Paulo', lateInManaus)).toBe('2026-12-01');
  });

  it('takes the chosen clinic’s zone, else the one all share, else the fallback', () => {
    expect(partnerZone([manaus, paulista], 'a', 'Europe/Lisbon')).toBe('America/Manaus');
    expect(partnerZone([manaus, paulista], 'b', 'Europe/Lisbon')).toBe('America/Sao_Paulo');
    expect(partnerZone([manaus], null, 'America/Sao_Paulo')).toBe('America/Manaus');
    expect(partnerZone([manaus, paulista], null, 'Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(partnerZone([], 'gone', 'America/Recife')).toBe('America/Recife');
  });

  it('names the clinics whose clock differs from the viewer’s, by zone', () => {
    const bahia = { name: 'Clínica Barra', timezone: 'America/Bahia' };
    expect(zoneDifferences([manaus, paulista, bahia], 'America/Sao_Paulo', lateInManaus)).toEqual([
      { zone: 'America/Manaus', minutes: -60, clinics: ['Clínica Rio Negro'] },
    ]);
    expect(zoneDifferences([manaus], 'America/Manaus', lateInManaus)).toEqual([]);
    expect(zoneDifferences([manaus, paulista], 'Europe/Lisbon', lateInManaus).map((d) => d.minutes)).toEqual([
      -240, -180,
    ]);
  });
});
