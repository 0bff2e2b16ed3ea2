/**
 * Payment provider interface (DESIGN §5) and the built-in `sandbox` provider, which behaves like a
 * gateway: card numbers are tokenised on entry (the token carries no number), 4242… approves and
 * 4000 0000 0000 0002 declines; Pix charges carry a valid BR Code;
 * refunds are checked against what was captured and are idempotent by key.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { brCode } from '#common/br/pix';
import { AppError, messages } from '#common/errors';
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

/** Who pays: sent to providers that keep customers (Mercado Pago) and for their fraud checks. */
export interface Payer {
  /** Our user's uuid (the provider's customer reference). */
  uuid: string;
  email: string;
  name: string;
  /** CPF digits when the person has one on file. */
  cpf?: string | null;
}

/**
 * A card to save, as the browser hands it over: the sandbox receives the typed fields (it plays the
 * gateway's tokenizer); a real provider receives only the token its own secure fields created in
 * the browser (the number never reaches our server, PCI SAQ A).
 */
export type CardToSave =
  | { kind: 'fields'; card: CardInput }
  | { kind: 'token'; token: string; paymentMethodId?: string };

export interface SavedCard {
  /** What charges it later (provider customer + card ids, or the sandbox token). */
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

/** The outcome of a charge. `pending` (in review, 3-D Secure, Pix waiting) is settled by webhook. */
export interface ChargeResult {
  status: 'approved' | 'pending' | 'rejected';
  providerRef: string;
  /** Why it was refused, in Portuguese, for the person. */
  reason?: string;
}

/** A verified webhook, with the payment's state as read back from the provider. */
export interface WebhookEvent {
  /** Unique per notification: a repeat changes nothing. */
  eventId: string;
  /** Our payment's uuid when the event names it, else the provider's reference. */
  paymentUuid?: string;
  providerRef?: string;
  outcome: 'paid' | 'failed' | 'refunded' | 'pending' | 'disputed' | 'charged_back';
  /** The provider's own fee on the charge, in centavos, when it reports one. */
  providerFeeCents?: number;
}

export interface PaymentProvider {
  readonly name: string;
  /** Verifies the card with the issuer and keeps it for later charges; a declined card is not kept. */
  saveCard(
    card: CardToSave,
    payer: Payer,
  ): Promise<
    | { approved: true; card: SavedCard }
    /** `reason`: the provider's own words, in Portuguese, when it gives any. */
    | { approved: false; reason?: string }
  >;
  chargeCard(input: {
    token: string;
    /** A one-time token from the provider's secure fields (the CVV of a saved card), when it needs one. */
    cardToken?: string;
    amountCents: number;
    /** Our payment's uuid: the provider's external reference and our key for its webhook. */
    reference: string;
    /** One per charge attempt: a retry after a timeout never charges twice. */
    idempotencyKey: string;
    installments: number;
    payer: Payer;
    description: string;
  }): Promise<ChargeResult>;
  createPix(input: {
    amountCents: number;
    reference: string;
    idempotencyKey: string;
    expiresAt: Date;
    payer: Payer;
    description: string;
  }): Promise<{ providerRef: string; copyPaste: string }>;
  /**
   * Reads a charge's state back from the provider, for the reconciliation job (nothing may depend
   * on a webhook arriving); `null` when the provider does not know it. A provider whose charges are
   * settled only by its own signed events (the sandbox) leaves it out.
   */
  readCharge?(providerRef: string): Promise<WebhookEvent | null>;
  /**
   * The provider's charges created in [from, to], each as its state read back (for the daily
   * comparison with ours); left out by a provider settled by its own signed events.
   */
  searchCharges?(from: Date, to: Date): Promise<WebhookEvent[]>;
  /** Gives back part or all of a charge; the same idempotency key never refunds twice. */
  refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<RefundOutcome>;
  /**
   * Withdraws a charge that is still pending (a card in review, an unpaid Pix) once its booking is
   * gone, so it is not approved later; best effort — a capture that happens anyway is refunded.
   */
  cancelCharge(providerRef: string): Promise<void>;
  /**
   * Authenticates a webhook request (signature and freshness) and reads the payment back from the
   * provider; `null` when it is not authentic (401), `'ignored'` for a notification about
   * something else.
   */
  readWebhook(request: {
    rawBody: string;
    headers: Record<string, string | undefined>;
    query: Record<string, string | undefined>;
    now: Date;
  }): Promise<WebhookEvent | 'ignored' | null>;
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

/** The sandbox's webhook body (DESIGN §4). */
const sandboxEvent = z.object({
  id: z.string().min(1).max(200),
  /** DESIGN §4's three, and a dispute opened or charged back (so the sandbox can play one too). */
  type: z.enum([
    'payment.paid',
    'payment.failed',
    'payment.refunded',
    'payment.disputed',
    'payment.charged_back',
  ]),
  data: z.object({ payment_uuid: z.uuid() }),
});
const sandboxOutcomes = {
  'payment.paid': 'paid',
  'payment.failed': 'failed',
  'payment.refunded': 'refunded',
  'payment.disputed': 'disputed',
  'payment.charged_back': 'charged_back',
} as const;

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
    async saveCard(input) {
      if (input.kind !== 'fields') return { approved: false };
      const { card } = input;
      // A zero-value check with the issuer: the decline card is refused and never kept.
      if (card.number === SANDBOX_DECLINE_CARD) return { approved: false };
      return {
        approved: true,
        card: {
          token: `tok_sandbox_ok_${randomToken(12)}`,
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.exp_month,
          expYear: card.exp_year,
          holderName: card.holder_name.toUpperCase(),
        },
      };
    },
    async chargeCard({ token, amountCents, reference }) {
      const providerRef = `ch_sandbox_${reference}`;
      if (!token.startsWith('tok_sandbox_ok_'))
        return {
          status: 'rejected',
          providerRef,
          reason: 'O pagamento foi recusado pelo emissor do cartão.',
        };
      await capture(providerRef, amountCents);
      return { status: 'approved', providerRef };
    },
    async createPix({ amountCents, reference }) {
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
    async cancelCharge() {
      // The sandbox never leaves a card pending, and an unpaid Pix simply expires.
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
    async readWebhook({ rawBody, headers, now }) {
      const parts = Object.fromEntries(
        (headers['x-webhook-signature'] ?? '').split(',').map((p) => p.split('=') as [string, string]),
      );
      const t = Number(parts.t);
      if (!Number.isFinite(t) || !parts.v1 || Math.abs(now.getTime() / 1000 - t) > 300) return null;
      const expected = createHmac('sha256', webhookSecret).update(`${t}.${rawBody}`).digest('hex');
      if (!safeEqual(expected, parts.v1)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('bad_request', messages.malformedJson);
      }
      const event = sandboxEvent.safeParse(parsed);
      if (!event.success) throw new AppError('validation', 'Evento inválido.');
      // The sandbox is its own gateway: its signed event is the payment's state.
      return {
        eventId: event.data.id,
        paymentUuid: event.data.data.payment_uuid,
        outcome: sandboxOutcomes[event.data.type],
      };
    },
  };
}
