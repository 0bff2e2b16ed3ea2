/**
 * Password strength (OWASP ASVS 5.0 §6.2, DESIGN §8 "Accounts"; docs/decisions/0013): a new password
 * has 8 to 128 characters and zxcvbn, with the common and pt-BR dictionaries and the person's own
 * data as extra words, scores it at least 3. No composition rules.
 *
 * The same function runs in the services and in the browser. The dictionaries weigh about a megabyte,
 * so the web loads this module only with a dynamic import() on the pages that set a password.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  type PasswordScore,
  passwordMessages,
} from './password-policy.ts';

export interface PasswordCheck {
  score: PasswordScore;
  ok: boolean;
  /** What makes it weak and how to do better, in Portuguese (empty when ok). */
  feedback: string[];
  /** The one message a form or the API shows when the password is refused; null when ok. */
  message: string | null;
}

/** The package's pt-BR texts, with two of them reworded to read naturally. */
const translations = {
  ...ptBr.translations,
  warnings: {
    ...ptBr.translations.warnings,
    userInputs: 'Não use dados pessoais, como seu nome ou e-mail.',
  },
  suggestions: {
    ...ptBr.translations.suggestions,
    capitalization: 'Use letras maiúsculas também fora da primeira letra.',
  },
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the dictionaries takes a few tens of milliseconds. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
  });
  return estimator;
}

const withoutAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The person's own data as zxcvbn words: each value whole, an e-mail's local part, and every word of
 * a name or local part (with and without accents). The e-mail's domain is left out: it names a
 * provider, not the person.
 */
export function passwordUserInputs(values: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  const add = (w: string) => {
    if (w.length < 3) return;
    words.add(w);
    words.add(withoutAccents(w));
  };
  for (const raw of values) {
    const value = raw?.trim().toLowerCase();
    if (!value) continue;
    add(value);
    const at = value.lastIndexOf('@');
    const personal = at > 0 ? value.slice(0, at) : value;
    add(personal);
    for (const part of personal.split(/[^\p{L}\p{N}]+/u)) add(part);
  }
  return [...words];
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Checks a new password against the rule; `userInputs` are the person's name, e-mail and the like. */
export function checkPassword(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): PasswordCheck {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { score: 0, ok: false, feedback: [passwordMessages.tooLong], message: passwordMessages.tooLong };
  }
  const result = zxcvbn().check(password, passwordUserInputs(userInputs));
  const score = result.score as PasswordScore;
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { score, ok: false, feedback: [passwordMessages.tooShort], message: passwordMessages.tooShort };
  }
  if (score >= PASSWORD_MIN_SCORE) return { score, ok: true, feedback: [], message: null };
  const { warning, suggestions } = result.feedback;
  const feedback = [...(warning ? [warning] : []), ...suggestions].map(sentence);
  const hint = feedback.slice(0, 2).join(' ') || passwordMessages.weakHint;
  return { score, ok: false, feedback, message: passwordMessages.weak(hint) };
}
