/**
 * What the booking modal tells a person whose booking (or card) was refused, and the step that
 * lifts the refusal: 403 `email_unverified` / `profile_incomplete` lead to the missing step with a
 * way back; the limits (422) and the card attempts (429) are said as the server says them.
 */
import type { BookingGateCode } from '#common/domain/limits';
import { ApiError } from '#web/lib/api.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { text } from './messages.ts';

export interface Refusal {
  title: string;
  message: string;
  /** The page that lifts the refusal, when there is one. */
  step?: { label: string; to: string };
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
