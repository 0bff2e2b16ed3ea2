import { describe, expect, it } from 'vitest';
import { countOf, plural } from './format.ts';

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
