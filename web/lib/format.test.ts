import { describe, expect, it } from 'vitest';
import { countOf, formatDateTime, formatShortDate, plural } from './format.ts';

describe('plurals (Intl.PluralRules pt-BR)', () => {
  it('uses the singular for 1 (and 1,5), the plural for 0 and from 2 on', () => {
    expect(countOf(1, 'agendamento', 'agendamentos')).toBe('1 agendamento');
    expect(countOf(11, 'agendamento', 'agendamentos')).toBe('11 agendamentos');
    expect(countOf(1500, 'sala', 'salas')).toBe('1.500 salas');
    expect(countOf(0, 'agendamento', 'agendamentos')).toBe('0 agendamentos');
    expect(plural(1.5, 'hora', 'horas')).toBe('hora');
    expect(plural(2, 'clínica', 'clínicas')).toBe('clínicas');
  });
});

describe('short dates', () => {
  it('keeps the day a time was written on, whatever the browser’s zone (issue 42)', () => {
    expect(formatShortDate('2026-11-30T23:30:00-04:00')).toBe('30/11/26');
    expect(formatShortDate('2026-12-01T00:30:00-02:00')).toBe('01/12/26');
    expect(formatShortDate('2028-02-29T23:30:00.000-04:00')).toBe('29/02/28');
    expect(formatShortDate('2026-11-30')).toBe('30/11/26');
  });
});

describe('date and time of an instant', () => {
  it('writes the instant on the zone’s clock, 24-hour, with "às"', () => {
    expect(formatDateTime('2026-11-28T17:03:00.000Z', 'America/Sao_Paulo')).toBe('28/11/2026 às 14:03');
    expect(formatDateTime('2026-11-28T23:30:00-03:00', 'America/Manaus')).toBe('28/11/2026 às 22:30');
    expect(formatDateTime('2026-12-01T02:05:00Z', 'America/Sao_Paulo')).toBe('30/11/2026 às 23:05');
    expect(formatDateTime('2026-11-28T03:00:00Z', 'America/Sao_Paulo')).toBe('28/11/2026 às 00:00');
  });
});
