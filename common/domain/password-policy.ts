/**
 * The password rule (OWASP ASVS 5.0 §6.2, DESIGN §8 "Accounts"): 8 to 128 characters, no composition
 * rules, strong enough for zxcvbn. Plain values without the dictionaries, so the zod contracts and
 * the web's forms can name them without loading the strength estimator (password-strength.ts).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score (0–4) a new password must reach: 3 = "safely unguessable" for an online attack. */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export const passwordMessages = {
  required: 'Informe a senha.',
  tooShort: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  weak: (hint: string) => `Senha fraca: ${hint}`,
  weakHint: 'use uma frase com palavras pouco comuns, que só você saiba.',
} as const;
