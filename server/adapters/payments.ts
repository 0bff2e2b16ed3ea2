/**
 * Payment provider interface (DESIGN §5) and the built-in `sandbox` provider, which behaves like a
 * gateway: card numbers are tokenised on entry (the token carries no number), 4242… approves and
 * 4000 0000 0000 0002 declines; Pix charges carry a valid BR Code; refunds always succeed.
 */
import { createHmac } from 'node:crypto';
import { brCode } from '#common/br/pix';
import { randomToken, safeEqual } from '../lib/crypto.ts';

export interface CardInput {
  number: string;
  holder_name: string;
  exp_month: number;
  exp_year: number;
  cvv: string;
}

export interface PaymentProvider {
  readonly name: string;
  tokenizeCard(card: CardInput): Promise<{ token: string; brand: string; last4: string }>;
  chargeCard(
    token: string,
    amountCents: number,
    reference: string,
  ): Promise<{ approved: boolean; providerRef: string }>;
  createPix(amountCents: number, reference: string): Promise<{ providerRef: string; copyPaste: string }>;
  refund(providerRef: string, amountCents: number): Promise<{ ok: boolean }>;
  /** `X-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, 5-minute tolerance. */
  verifyWebhook(rawBody: string, header: string | undefined, now: Date): boolean;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(number))
    return 'elo';
  return 'outro';
}

export const SANDBOX_DECLINE_CARD = '4000000000000002';

export function createSandboxProvider(webhookSecret: string): PaymentProvider {
  return {
    name: 'sandbox',
    async tokenizeCard(card) {
      const outcome = card.number === SANDBOX_DECLINE_CARD ? 'decline' : 'ok';
      return {
        token: `tok_sandbox_${outcome}_${randomToken(12)}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
      };
    },
    async chargeCard(token, _amountCents, reference) {
      return { approved: token.startsWith('tok_sandbox_ok_'), providerRef: `ch_sandbox_${reference}` };
    },
    async createPix(amountCents, reference) {
      const providerRef = `pix_sandbox_${reference}`;
      const copyPaste = brCode({
        key: 'pagamentos@salas.app',
        amountCents,
        merchantName: 'Salas Marketplace',
        merchantCity: 'Sao Paulo',
        txid: reference.replace(/-/g, '').slice(0, 25),
      });
      return { providerRef, copyPaste };
    },
    async refund() {
      return { ok: true };
    },
    verifyWebhook(rawBody, header, now) {
      const parts = Object.fromEntries(
        (header ?? '').split(',').map((p) => p.split('=') as [string, string]),
      );
      const t = Number(parts.t);
      if (!Number.isFinite(t) || !parts.v1 || Math.abs(now.getTime() / 1000 - t) > 300) return false;
      const expected = createHmac('sha256', webhookSecret).update(`${t}.${rawBody}`).digest('hex');
      return safeEqual(expected, parts.v1);
    },
  };
}
