import { describe, expect, it } from 'vitest';
import { zoneSentence } from './zone-note.tsx';

describe('the zone note', () => {
  it('says each clinic’s clock as people say it, and how far from the viewer’s', () => {
    expect(zoneSentence({ zone: 'America/Manaus', minutes: -60, clinics: ['Clínica Rio Negro'] })).toBe(
      'Clínica Rio Negro: Horário do Amazonas, 1 h a menos que o seu horário.',
    );
    expect(
      zoneSentence({ zone: 'America/Noronha', minutes: 60, clinics: ['Clínica Atalaia', 'Clínica Sueste'] }),
    ).toBe('Clínica Atalaia e Clínica Sueste: Horário de Fernando de Noronha, 1 h a mais que o seu horário.');
    expect(zoneSentence({ zone: 'Asia/Kolkata', minutes: 510, clinics: ['Clínica Goa'] })).toMatch(
      /^Clínica Goa: .+, 8 h 30 min a mais que o seu horário\.$/,
    );
  });
});
