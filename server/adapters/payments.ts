/**
 * Payment provider interface (DESIGN §5) and the built-in `sandbox` provider, which behaves like a
 * gateway: card numbers are tokenised on entry (the token carries no number), 4242… approves and
 * 4000 0000 0000 0002 declines; Pix charges carry a valid BR Code;
 * refunds are checked against what was captured and are idempotent by key.
 */
import { createHash, createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
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
  /** A Pix still to pay: its copy-and-paste code, when the provider reports it. */
  pixCopyPaste?: string;
}

/**
 * Split 1:1 (DESIGN §9): the partner's own account at the provider, authorized by OAuth. A charge
 * made with it lands in the partner's account, the commission kept as the marketplace fee; its
 * refunds, withdrawals and read-backs go through the same account.
 */
export interface Collector {
  /** The seller's account id at the provider (Mercado Pago `user_id`). */
  accountId: string;
  accessToken: string;
}

/** A charge on a partner's account, with the marketplace's commission in centavos. */
export interface SplitCharge {
  collector: Collector;
  marketplaceFeeCents: number;
}

/** What an OAuth exchange (or refresh) gave back. Secrets: never logged, answered or exported. */
export interface SellerTokens {
  accountId: string;
  accessToken: string;
  refreshToken: string | null;
  publicKey: string | null;
  expiresAt: Date | null;
}

/** The authorization-code flow (with PKCE S256) by which a partner connects their account. */
export interface SellerOAuth {
  /** The provider's authorization page for this attempt. */
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Trades the code for tokens; `null` when the provider refuses the code (expired, reused, wrong). */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<SellerTokens | null>;
  /** New tokens from the refresh token; `null` when refused for good (the partner must reconnect). */
  refresh(refreshToken: string): Promise<SellerTokens | null>;
}

export interface PaymentProvider {
  readonly name: string;
  /** Present when partners can connect their own account (split 1:1). */
  readonly oauth?: SellerOAuth;
  /**
   * Whether a card saved on the platform can be charged on a partner's account. Mercado Pago's
   * saved cards are customers of the platform's account and cannot (decision 0035): they are
   * charged on the platform's account and the partner is paid by a payout.
   */
  readonly splitsSavedCards: boolean;
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
    /** Charged on the partner's account with the commission as the marketplace fee. */
    split?: SplitCharge;
  }): Promise<ChargeResult>;
  createPix(input: {
    amountCents: number;
    reference: string;
    idempotencyKey: string;
    expiresAt: Date;
    payer: Payer;
    description: string;
    split?: SplitCharge;
  }): Promise<{ providerRef: string; copyPaste: string }>;
  /**
   * Reads a charge's state back from the provider, for the reconciliation job (nothing may depend
   * on a webhook arriving); `null` when the provider does not know it. A provider whose charges are
   * settled only by its own signed events (the sandbox) leaves it out.
   */
  readCharge?(providerRef: string, collector?: Collector): Promise<WebhookEvent | null>;
  /**
   * The provider's charges created in [from, to], each as its state read back (for the daily
   * comparison with ours); left out by a provider settled by its own signed events.
   */
  searchCharges?(from: Date, to: Date, collector?: Collector): Promise<WebhookEvent[]>;
  /**
   * Every charge the provider holds under our reference (the payment's uuid we sent as its
   * external reference), each as its state read back; `[]` when it knows none. Throws when the
   * provider does not answer. The reconciliation job asks it about a charge we asked for and never
   * recorded (a process that died between the provider's capture and our write, DESIGN §10).
   */
  findCharges(reference: string, collector?: Collector): Promise<WebhookEvent[]>;
  /**
   * Gives back part or all of a charge; the same idempotency key never refunds twice. A split
   * charge is refunded through its collector's account.
   */
  refund(
    providerRef: string,
    amountCents: number,
    idempotencyKey: string,
    collector?: Collector,
  ): Promise<RefundOutcome>;
  /**
   * Withdraws a charge that is still pending (a card in review, an unpaid Pix) once its booking is
   * gone, so it is not approved later; best effort — a capture that happens anyway is refunded.
   */
  cancelCharge(providerRef: string, collector?: Collector): Promise<void>;
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
    /** The partner's account a charge was made on (split), to read it back through. */
    collectorOf?: (providerRef: string) => Promise<Collector | undefined>;
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
 * The sandbox's charge reference. A split charge names the partner's account it was made on
 * (`ch_sandbox_split_<account>_<payment>`): that is the sandbox's record of who collected (its
 * books, sandbox_charges, keep the amounts as before). The marketplace fee is checked, not kept.
 */
function sandboxRef(kind: 'ch' | 'pix', reference: string, split?: SplitCharge, amountCents?: number) {
  if (!split) return `${kind}_sandbox_${reference}`;
  const fee = split.marketplaceFeeCents;
  if (!Number.isSafeInteger(fee) || fee < 0 || (amountCents !== undefined && fee > amountCents))
    throw new AppError('validation', 'Comissão do marketplace inválida.');
  if (!/^[\w-]{1,64}$/.test(split.collector.accountId) || !split.collector.accessToken.startsWith('sbx_at_'))
    throw new AppError('validation', 'Conta do parceiro desconhecida no sandbox.');
  return `${kind}_sandbox_split_${split.collector.accountId}_${reference}`;
}

/** The BR Code of a sandbox Pix: the same for the same payment and amount. */
const sandboxPixCode = (reference: string, amountCents: number) =>
  brCode({
    key: 'pagamentos@salas.app',
    amountCents,
    merchantName: 'Salas Marketplace',
    merchantCity: 'Sao Paulo',
    txid: reference.replace(/-/g, '').slice(0, 25),
  });

/** The partner's account a sandbox charge was made on, or undefined for the platform's. */
function sandboxCollectorOf(providerRef: string): string | undefined {
  return providerRef.match(/^(?:ch|pix)_sandbox_split_([\w-]+)_[0-9a-f-]{36}$/)?.[1];
}

/**
 * The sandbox's OAuth: its authorization page (GET /api/sandbox/oauth/authorize) approves at once
 * and sends a code signed with the webhook secret that carries the PKCE challenge, the redirect
 * and a 10-minute expiry; the exchange checks all three, as Mercado Pago's /oauth/token does.
 */
export function sandboxAuthorizationCode(
  secret: string,
  input: { codeChallenge: string; redirectUri: string; now: Date },
): string {
  const payload = Buffer.from(
    JSON.stringify({
      a: `SANDBOX-${createHash('sha256').update(input.codeChallenge).digest('hex').slice(0, 10)}`,
      c: input.codeChallenge,
      r: input.redirectUri,
      e: input.now.getTime() + 10 * 60_000,
    }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(`oauth:${payload}`).digest('base64url')}`;
}

function sandboxTokens(accountId: string, now: Date): SellerTokens {
  return {
    accountId,
    accessToken: `sbx_at_${randomToken(24)}`,
    refreshToken: `sbx_rt_${accountId}_${randomToken(24)}`,
    publicKey: `sbx_pk_${randomToken(12)}`,
    expiresAt: new Date(now.getTime() + 180 * 86_400_000),
  };
}

function sandboxOAuth(secret: string, authorizeUrl: string, clock: () => Date): SellerOAuth {
  return {
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        redirect_uri: redirectUri,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const [payload = '', mac = ''] = code.split('.');
      const expected = createHmac('sha256', secret).update(`oauth:${payload}`).digest('base64url');
      if (!safeEqual(expected, mac)) return null;
      let claims: { a: string; c: string; r: string; e: number };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      if (claims.e < clock().getTime() || claims.r !== redirectUri || claims.c !== challenge) return null;
      return sandboxTokens(claims.a, clock());
    },
    async refresh(refreshToken) {
      const accountId = refreshToken.match(/^sbx_rt_(SANDBOX-[0-9a-f]{10})_/)?.[1];
      return accountId ? sandboxTokens(accountId, clock()) : null;
    },
  };
}

/**
 * The sandbox gateway keeps its books in its own tables (sandbox_charges, sandbox_refunds), as a real
 * gateway does on its side: it refuses to refund more than it captured and answers a repeated
 * idempotency key with the first answer, across every server process.
 */
export function createSandboxProvider(
  webhookSecret: string,
  db: Executor,
  options: { authorizeUrl?: string; clock?: () => Date } = {},
): PaymentProvider {
  const clock = options.clock ?? (() => new Date());
  // The gateway's own time is the product's clock (decision 0026): the ledger check ages its
  // charges against the same one.
  const capture = async (ref: string, amountCents: number) => {
    await db
      .insert(sandboxCharges)
      .values({ ref, capturedCents: amountCents, createdAt: clock() })
      .onConflictDoNothing();
  };
  return {
    name: 'sandbox',
    splitsSavedCards: true,
    oauth: options.authorizeUrl ? sandboxOAuth(webhookSecret, options.authorizeUrl, clock) : undefined,
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
    async chargeCard({ token, amountCents, reference, split }) {
      const providerRef = sandboxRef('ch', reference, split);
      if (!token.startsWith('tok_sandbox_ok_'))
        return {
          status: 'rejected',
          providerRef,
          reason: 'O pagamento foi recusado pelo emissor do cartão.',
        };
      await capture(providerRef, amountCents);
      return { status: 'approved', providerRef };
    },
    async createPix({ amountCents, reference, split }) {
      const providerRef = sandboxRef('pix', reference, split, amountCents);
      const copyPaste = sandboxPixCode(reference, amountCents);
      // A Pix charge can be refunded up to its amount once paid; the sandbox books it up front.
      await capture(providerRef, amountCents);
      return { providerRef, copyPaste };
    },
    async cancelCharge() {
      // The sandbox never leaves a card pending, and an unpaid Pix simply expires.
    },
    async findCharges(reference, collector) {
      // Its charges carry our reference in their own (`sandboxRef`): a card's is a capture, a
      // Pix's is booked up front and paid only by its signed event, so it is still open here.
      if (!/^[0-9a-f-]{36}$/.test(reference)) return [];
      const refs = (['ch', 'pix'] as const).map((kind) =>
        collector
          ? `${kind}_sandbox_split_${collector.accountId}_${reference}`
          : `${kind}_sandbox_${reference}`,
      );
      const rows = await db.select().from(sandboxCharges).where(inArray(sandboxCharges.ref, refs));
      return rows.map((row): WebhookEvent => {
        const base = { paymentUuid: reference, providerRef: row.ref };
        if (row.ref.startsWith('pix_'))
          return {
            ...base,
            eventId: `sandbox:${row.ref}:pending`,
            outcome: 'pending',
            pixCopyPaste: sandboxPixCode(reference, row.capturedCents),
          };
        const outcome = row.refundedCents > 0 && row.refundedCents >= row.capturedCents ? 'refunded' : 'paid';
        return { ...base, eventId: `sandbox:${row.ref}:${outcome}`, outcome };
      });
    },
    async refund(providerRef, amountCents, idempotencyKey, collector) {
      // A split charge lives in the partner's account: only that account refunds it.
      if (sandboxCollectorOf(providerRef) !== collector?.accountId)
        return { status: 'refused', reason: 'Cobrança desconhecida nesta conta.' } as const;
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
