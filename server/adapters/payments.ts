/**
 * Payment provider interface (DESIGN §5) and the built-in `sandbox` provider, which behaves like a
 * gateway: card numbers are tokenised on entry (the token carries no number), 4242… approves and
 * 4000 0000 0000 0002 declines; Pix charges carry a valid BR Code;
 * refunds are checked against what was captured and are idempotent by key.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { brCode } from '#common/br/pix';
import type { Executor } from '../db/client.ts';
import { sandboxCharges, sandboxRefunds } from '../db/schema.ts';
import { randomToken, safeEqual } from '../lib/crypto.ts';

export interface CardInput {
  number: string;
  holder_name: string;
  exp_month: number;
  exp_year: number;
  cvv: string;
}

/** What a provider answered to a refund. `retry` (a timeout, 5xx, 429) is tried again later. */
export type RefundOutcome =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'refused'; reason: string }
  | { status: 'retry'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  tokenizeCard(card: CardInput): Promise<{ token: string; brand: string; last4: string }>;
  /** Asks the issuer whether the card can be charged (a zero-value check), before it is saved. */
  verifyCard(token: string): Promise<{ approved: boolean }>;
  chargeCard(
    token: string,
    amountCents: number,
    reference: string,
  ): Promise<{ approved: boolean; providerRef: string }>;
  createPix(amountCents: number, reference: string): Promise<{ providerRef: string; copyPaste: string }>;
  /** Gives back part or all of a charge; the same idempotency key never refunds twice. */
  refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<RefundOutcome>;
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

/**
 * The sandbox gateway keeps its books in its own tables (sandbox_charges, sandbox_refunds), as a real
 * gateway does on its side: it refuses to refund more than it captured and answers a repeated
 * idempotency key with the first answer, across every server process.
 */
export function createSandboxProvider(webhookSecret: string, db: Executor): PaymentProvider {
  const capture = async (ref: string, amountCents: number) => {
    await db.insert(sandboxCharges).values({ ref, capturedCents: amountCents }).onConflictDoNothing();
  };
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
    async verifyCard(token) {
      return { approved: token.startsWith('tok_sandbox_ok_') };
    },
    async chargeCard(token, amountCents, reference) {
      const providerRef = `ch_sandbox_${reference}`;
      const approved = token.startsWith('tok_sandbox_ok_');
      if (approved) await capture(providerRef, amountCents);
      return { approved, providerRef };
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
      // A Pix charge can be refunded up to its amount once paid; the sandbox books it up front.
      await capture(providerRef, amountCents);
      return { providerRef, copyPaste };
    },
    async refund(providerRef, amountCents, idempotencyKey) {
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.ref, providerRef))
          .for('update');
        if (!charge) return { status: 'refused', reason: 'Cobrança desconhecida.' } as const;
        const [seen] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (seen) return { status: 'succeeded', providerRef: `rf_sandbox_${idempotencyKey}` } as const;
        if (amountCents <= 0 || charge.refundedCents + amountCents > charge.capturedCents)
          return { status: 'refused', reason: 'Valor maior que o disponível para reembolso.' } as const;
        await tx.insert(sandboxRefunds).values({ idempotencyKey, chargeRef: providerRef, amountCents });
        await tx
          .update(sandboxCharges)
          .set({ refundedCents: charge.refundedCents + amountCents })
          .where(eq(sandboxCharges.ref, providerRef));
        return { status: 'succeeded', providerRef: `rf_sandbox_${idempotencyKey}` } as const;
      });
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
