import { describe, expect, it } from 'vitest';
import { wallClock } from './zone.ts';
import { brazilianZones, zoneLabel, zoneName, zoneOptions } from './zone-names.ts';

describe('zone names', () => {
  it('names the Brazilian zones as people say them', () => {
    expect(zoneName('America/Sao_Paulo')).toBe('Horário de Brasília');
    expect(zoneName('America/Manaus')).toBe('Horário do Amazonas');
    expect(zoneName('America/Noronha')).toBe('Horário de Fernando de Noronha');
    expect(zoneLabel('America/Bahia')).toBe('Horário de Brasília (Bahia)');
  });

  it('falls back to Intl for other zones and to the id for unknown ones', () => {
    const lisbon = zoneName('Europe/Lisbon');
    expect(lisbon).not.toBe('Europe/Lisbon');
    expect(lisbon).not.toMatch(/_/);
    expect(zoneName('Nowhere/Atlantis')).toBe('Nowhere/Atlantis');
  });

  it('offers every Brazilian zone once, plus a foreign current one', () => {
    const ids = zoneOptions().map((o) => o.value);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('America/Sao_Paulo');
    expect(zoneOptions('Europe/Lisbon').at(-1)?.value).toBe('Europe/Lisbon');
    expect(zoneOptions('America/Manaus')).toHaveLength(brazilianZones.length);
  });

  it('keeps every listed zone valid', () => {
    for (const z of brazilianZones)
      expect(() => wallClock(new Date('2026-11-11T13:00:00Z'), z.id)).not.toThrow();
  });
});
