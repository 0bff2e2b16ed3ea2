import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPassword, passwordUserInputs } from './password-strength.ts';

describe('checkPassword', () => {
  it.each(['password1', 'senha123', '1234567a', '12345678', 'Senha123'])(
    'refuses the common password %s with feedback in Portuguese',
    (password) => {
      const check = checkPassword(password);
      expect(check.ok).toBe(false);
      expect(check.score).toBeLessThan(3);
      expect(check.message).toMatch(/^Senha fraca: \S/);
      expect(check.feedback.join(' ')).toMatch(/senha|palavras/i);
    },
  );

  it("refuses the person's own name or e-mail with a number, though it would pass for a stranger", () => {
    const person = ['Jurema Ximenestra', 'jurema.ximenestra@exemplo.com.br'];
    expect(checkPassword('Ximenestra123', person)).toMatchObject({ ok: false });
    expect(checkPassword('Ximenestra123', person).feedback).toContain(
      'Não use dados pessoais, como seu nome ou e-mail.',
    );
    expect(checkPassword('ximenestra2026', ['jurema.ximenestra@exemplo.com.br']).ok).toBe(false);
    expect(checkPassword('Ximenestra@1959', person).ok).toBe(false);
    expect(checkPassword('Ximenestra@1959').ok).toBe(true);
  });

  it('accepts a long passphrase without any digit, capital or symbol', () => {
    expect(checkPassword('correct horse battery staple')).toEqual({
      score: 4,
      ok: true,
      feedback: [],
      message: null,
    });
  });

  it('accepts random passphrases of four uncommon words', () => {
    const words = ['girassol', 'marmita', 'trovoada', 'abacaxi', 'cadeado', 'jabuti', 'vassoura', 'tamborim'];
    fc.assert(
      fc.property(fc.shuffledSubarray(words, { minLength: 4, maxLength: 4 }), (picked) => {
        expect(checkPassword(picked.join('-'), ['Ana Souza', 'ana@exemplo.com.br']).ok).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps the length rule: 8 to 128 characters', () => {
    expect(checkPassword('Tz#9kq!')).toMatchObject({
      ok: false,
      message: 'A senha deve ter pelo menos 8 caracteres.',
    });
    const phrase = 'uma frase longa e bem pouco provavel de adivinhar ';
    const long = phrase.repeat(3).slice(0, 128);
    expect(checkPassword(long).ok).toBe(true);
    expect(checkPassword(`${long}x`)).toMatchObject({
      ok: false,
      message: 'A senha deve ter no máximo 128 caracteres.',
    });
  });

  it("keeps the demo accounts' password above the bar", () => {
    expect(checkPassword('Salas@2026').ok).toBe(true);
  });
});

describe('passwordUserInputs', () => {
  it('takes names and e-mail local parts word by word, with and without accents, never the domain', () => {
    const words = passwordUserInputs(['João Araújo', 'joao.araujo+salas@gmail.com', null, '']);
    expect(words).toEqual(
      expect.arrayContaining([
        'joão araújo',
        'joão',
        'joao',
        'araújo',
        'araujo',
        'joao.araujo+salas',
        'salas',
      ]),
    );
    expect(words).not.toContain('gmail');
  });
});
