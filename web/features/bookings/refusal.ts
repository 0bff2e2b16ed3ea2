/**
 * What the booking modal tells a person whose booking (or card) was refused, and the step that
 * lifts the refusal: 403 `email_unverified` / `profile_incomplete` lead to the missing step with a
 * way back; the limits (422) and the card attempts (429) are said as the server says them.
 */
import { bookingMessages, CARD_DECLINED } from '#common/contracts/booking';
import type { BookingGateCode } from '#common/domain/limits';
import { ApiError } from '#web/lib/api.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { text } from './messages.ts';

export interface Refusal {
  title: string;
  message: string;
  /** The page that lifts the refusal, when there is one. */
  step?: { label: string; to: string };
  /** The bank declined the card: paying with Pix is offered. */
  offerPix?: boolean;
}

/**
 * The bank (issuer) declined the card: when it was verified to be saved (422 with SPEC's card
 * message, DESIGN §8) or when it was charged (422 `code: card_declined`). Not the card form's own
 * validation (number, expiry...), which the form says beside its fields.
 */
export function cardDeclined(err: unknown): 'on_save' | 'on_charge' | undefined {
  if (!(err instanceof ApiError) || err.status !== 422) return undefined;
  if (err.code === CARD_DECLINED) return 'on_charge';
  if (err.message === bookingMessages.cardCheck) return 'on_save';
  return undefined;
}

function declinedRefusal(err: ApiError, when: 'on_save' | 'on_charge'): Refusal {
  const t = text.refusal;
  if (when === 'on_save')
    return { title: t.declinedTitle, message: t.declinedOnSave(bookingMessages.cardCheck), offerPix: true };
  // The provider's own words (Mercado Pago's reason, in Portuguese), and the way out if they lack it.
  const reason = err.errors.card_uuid?.[0] ?? bookingMessages.declined;
  return {
    title: t.declinedTitle,
    message: /pix/i.test(reason) ? reason : `${reason} ${t.declinedHint}`,
    offerPix: true,
  };
}

const isGate = (code: string | undefined): code is BookingGateCode =>
  code === 'email_unverified' || code === 'profile_incomplete';

/** The missing step for a gate, bringing the person back to `returnTo` (a path on this site). */
export function gateStep(code: BookingGateCode, returnTo: string): Refusal['step'] {
  const back = safeRedirect(returnTo);
  const query = back ? `?redirect=${encodeURIComponent(back)}` : '';
  if (code === 'email_unverified') return { label: text.refusal.verifyEmail, to: `/verificacao${query}` };
  // Only specialists have a profile to complete (a partner needs only the confirmed e-mail).
  return { label: text.refusal.completeProfile, to: `/especialista/new-account${query}` };
}

export function gateRefusal(code: BookingGateCode, returnTo: string): Refusal {
  return {
    title: text.failedTitle,
    message: text.refusal.gates[code],
    step: gateStep(code, returnTo),
  };
}

/** The refusal to show for a failed booking or card save. */
export function bookingRefusal(err: unknown, returnTo: string): Refusal {
  if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500)
    return { title: text.failedTitle, message: text.failed };
  if (err.status === 403 && isGate(err.code)) return gateRefusal(err.code, returnTo);
  const declined = cardDeclined(err);
  if (declined) return declinedRefusal(err, declined);
  // The refused card attempts limit: the server's sentence (common/domain/limits).
  if (err.status === 429) return { title: text.failedTitle, message: err.message };
  // The card's own refusals first: the typed number (sandbox), Mercado Pago's token, the card's
  // decline reason, then the installments the card or the platform refuse.
  const e = err.errors;
  const detail =
    e.number?.[0] ??
    e.card_token?.[0] ??
    e.card_uuid?.[0] ??
    e.installments?.[0] ??
    err.fieldMessages[0] ??
    err.message;
  return { title: text.failedTitle, message: detail ? `${text.failed} ${detail}` : text.failed };
}
