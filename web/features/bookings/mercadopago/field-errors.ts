/**
 * Mercado Pago's secure fields and card token errors, said in Portuguese. The causes are the codes
 * of Mercado Pago's "possible errors" table for the card form (205…326, E301, E302) and the
 * `validityChange` causes of each secure field (invalid_type, invalid_length, invalid_value).
 */
import { text } from '../messages.ts';

const t = text.mp.errors;

/** Card token causes (mp.fields.createCardToken) → message. */
export const tokenCauseMessages: Readonly<Record<string, string>> = {
  '205': t.numberRequired,
  '208': t.monthRequired,
  '209': t.yearRequired,
  '212': t.documentRequired,
  '213': t.documentRequired,
  '214': t.documentRequired,
  '221': t.holderRequired,
  '224': t.cvvRequired,
  E301: t.numberInvalid,
  E302: t.cvvInvalid,
  '316': t.holderInvalid,
  '322': t.documentInvalid,
  '323': t.documentInvalid,
  '324': t.documentInvalid,
  '325': t.dateInvalid,
  '326': t.dateInvalid,
};

export type SecureField = 'cardNumber' | 'expirationDate' | 'securityCode';

/** A secure field's own validation (`validityChange` cause) → message. */
export function fieldCauseMessage(field: string, cause: string): string {
  if (field === 'cardNumber') return cause === 'invalid_length' ? t.numberLength : t.numberInvalid;
  if (field === 'securityCode') return t.cvvInvalid;
  if (field.startsWith('expiration')) return t.dateInvalid;
  return t.generic;
}

interface Cause {
  code?: unknown;
  cause?: unknown;
}

/** The causes inside whatever createCardToken rejected with (an array, `{ cause: [...] }`, one cause). */
function causesOf(err: unknown): string[] {
  const list: unknown[] = Array.isArray(err)
    ? err
    : err && typeof err === 'object' && Array.isArray((err as { cause?: unknown }).cause)
      ? ((err as { cause: unknown[] }).cause ?? [])
      : [err];
  return list
    .map((c) => {
      if (typeof c === 'string' || typeof c === 'number') return String(c);
      if (c && typeof c === 'object') {
        const { code, cause } = c as Cause;
        if (typeof code === 'string' || typeof code === 'number') return String(code);
        if (typeof cause === 'string' || typeof cause === 'number') return String(cause);
      }
      return '';
    })
    .filter(Boolean);
}

/** The Portuguese messages for a failed card token, one per distinct reason (never empty). */
export function tokenErrorMessages(err: unknown): string[] {
  const messages = [
    ...new Set(
      causesOf(err)
        .map((c) => tokenCauseMessages[c])
        .filter((m): m is string => Boolean(m)),
    ),
  ];
  return messages.length > 0 ? messages : [t.generic];
}
