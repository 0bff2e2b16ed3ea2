import { describe, expect, it } from 'vitest';
import { registerBody } from './auth.ts';
import { clinicBody, priceMessages, pricePerMinute, roomBody } from './supply.ts';
import { isCleanText, isSingleLine, textMessages } from './text.ts';

const controls = [
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('names on one line', () => {
  it('refuses every control character, line break and direction override', () => {
    for (const c of controls) expect(isSingleLine(`Ana${c}Souza`), JSON.stringify(c)).toBe(false);
  });

  it('keeps the names people have: accents, apostrophes, hyphens, other scripts and LRM/RLM marks', () => {
    for (const name of ["Ana D'Ávila-Souza", 'João Ñandú Ç. Müller', 'محمد علي', '李小龙', 'Zoë\u200E Lima'])
      expect(isSingleLine(name), name).toBe(true);
  });

  it('answers the shared message on the name field of the contracts that take one', () => {
    const signUp = registerBody.safeParse({
      name: 'Ana\r\nBcc: todos@exemplo.com',
      email: 'ana@exemplo.com',
      password: 'Senha#Forte123',
      password_confirmation: 'Senha#Forte123',
    });
    expect(signUp.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', textMessages.singleLine],
    ]);
    const room = roomBody.safeParse({ name: 'Sala \u202Eaxier', price_per_minute: '1' });
    expect(room.error?.issues[0]).toMatchObject({ path: ['name'], message: textMessages.singleLine });
  });
});

describe('descriptions', () => {
  it('keep their lines and tabs but refuse other controls and direction overrides', () => {
    expect(isCleanText('Sala ampla.\r\nCom maca\te pia.')).toBe(true);
    for (const c of ['\u0000', '\u0007', '\u007F', '\u0085', '\u202E', '\u2066'])
      expect(isCleanText(`Sala${c}ampla`), JSON.stringify(c)).toBe(false);
    const clinic = clinicBody.safeParse({ name: 'Clínica Vida', description: 'Bem-vindo\u202E!' });
    expect(clinic.error?.issues[0]).toMatchObject({ path: ['description'], message: textMessages.multiLine });
    expect(clinicBody.parse({ name: 'Clínica Vida', description: 'Linha 1\nLinha 2' }).description).toBe(
      'Linha 1\nLinha 2',
    );
  });
});

describe('room prices', () => {
  it('asks at least R$ 2,00 an hour, so no slot is charged under R$ 1,00', () => {
    for (const p of ['0.0001', '0.0166', '0.0332', 0.01])
      expect(pricePerMinute.safeParse(p).error?.issues[0]?.message, String(p)).toBe(priceMessages.minimum);
    expect(pricePerMinute.safeParse('0').error?.issues.map((i) => i.message)).toEqual([
      priceMessages.positive,
    ]);
    // R$ 2,00 an hour typed in the editor is 2 / 60 = 0.0333 per minute.
    expect(pricePerMinute.parse('0.0333')).toBe('0.0333');
    expect(pricePerMinute.parse('0,75')).toBe('0.75');
  });
});
