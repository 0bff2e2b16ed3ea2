/**
 * Mercado Pago behind the payment provider interface (issue 13), through the official SDK.
 *
 * - Cards arrive only as tokens made by Mercado Pago's secure fields in the browser (PCI SAQ A):
 *   saving one finds or creates the person's Mercado Pago customer and adds the card to it (Mercado
 *   Pago validates the card then). A saved card is `${customerId}:${cardId}`; charging it needs a
 *   fresh token the browser makes from that card id and the CVV, sent as
 *   `${customerId}:${cardId}:${cardToken}` (see `parseChargeToken`).
 * - Every POST carries our idempotency key (`X-Idempotency-Key`), so the SDK's own retries (429, 5xx,
 *   timeouts) and a caller's retry after a timeout never charge or refund twice.
 * - Webhooks are authenticated with Mercado Pago's `x-signature` (HMAC-SHA256 over
 *   `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`) and the payment is then read back from the API.
 */
import { createHmac } from 'node:crypto';
import {
  Customer,
  CustomerCard,
  MercadoPagoConfig,
  MercadoPagoError,
  OAuth,
  Payment,
  PaymentRefund,
} from 'mercadopago';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import type { Options } from 'mercadopago/dist/types';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import type {
  ChargeResult,
  Collector,
  Payer,
  PaymentProvider,
  RefundOutcome,
  SellerOAuth,
  SellerTokens,
  WebhookEvent,
} from './payments.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  /** The application's webhook secret ("assinatura secreta" in Suas integrações). */
  webhookSecret: string;
  /** Where Mercado Pago sends payment notifications (our POST /api/payments/webhook). */
  notificationUrl: string;
  /** Mercado Pago's API root (MERCADOPAGO_API_URL): a homologation proxy, or the local imitation. */
  apiUrl?: string;
  /** Per HTTP attempt; a timed-out POST is retried with the same idempotency key. */
  timeoutMs?: number;
  /** What the card statement shows. */
  statementDescriptor?: string;
  /** Retries of one call on 423, 429, 5xx, timeouts and network errors (the SDK's retry loop). */
  retries?: number;
  /** First backoff delay; doubles on each retry up to `retryMaxDelayMs` (a 429's Retry-After wins). */
  retryDelayMs?: number;
  retryMaxDelayMs?: number;
  /** The product's clock (a Pix's expiry is counted from it). */
  clock?: () => Date;
  /** The application's OAuth credentials: partners connect their account (split 1:1). */
  oauth?: { clientId: string; clientSecret: string; authUrl?: string };
}

/**
 * The seller's authorization page. "Criação" (devsite-docs guides/additional-content/security/
 * oauth/creation.pt.md): `https://auth.mercadopago.com/authorization?client_id=APP_ID&
 * response_type=code&platform_id=mp&state=RANDOM_ID&redirect_uri=…`; with PKCE (same page, "Configurar
 * PKCE") `code_challenge` and `code_challenge_method` are added.
 */
export const MERCADOPAGO_AUTH_URL = 'https://auth.mercadopago.com/authorization';

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
/** Payments per page of a search. */
const SEARCH_PAGE = 50;

/**
 * A Pix's `date_of_expiration` at the provider. "Pix" (Checkout Transparente, mercadopago.com.br/
 * developers/pt/docs/checkout-api/integration-configuration/integrate-with-pix): "A data configurada
 * deve estar entre 30 minutos até 30 dias a partir da data de emissão do pagamento." Our hold is
 * shorter (15 minutes): the charge then asks for 31 minutes (one more against clock drift and the
 * request's time), and when the hold ends first the charge is withdrawn (`cancelCharge`), as before.
 */
export const PIX_MIN_EXPIRY_MS = 31 * 60_000;
export const PIX_MAX_EXPIRY_MS = 30 * 86_400_000 - 60_000;
export function pixExpiry(holdEnds: Date, now: Date): Date {
  const at = Math.min(
    Math.max(holdEnds.getTime(), now.getTime() + PIX_MIN_EXPIRY_MS),
    now.getTime() + PIX_MAX_EXPIRY_MS,
  );
  return new Date(at);
}

/**
 * Where notifications go. "Webhooks" (Suas integrações › Notificações, devsite-docs
 * guides/additional-content/your-integrations/webhooks.pt.md): "Para receber notificações
 * exclusivamente via Webhooks e não via IPN, adicione o parâmetro `source_news=webhooks` à
 * `notification_url`."
 */
export function webhookUrl(notificationUrl: string): string {
  const url = new URL(notificationUrl);
  url.searchParams.set('source_news', 'webhooks');
  return url.toString();
}

/** Why a card payment was refused, by Mercado Pago's `status_detail`, for the person paying. */
export const MERCADOPAGO_REJECTION_REASONS: Readonly<Record<string, string>> = {
  cc_rejected_insufficient_amount: 'Saldo ou limite insuficiente no cartão.',
  cc_rejected_bad_filled_security_code: 'Código de segurança incorreto.',
  cc_rejected_bad_filled_date: 'Data de validade incorreta.',
  cc_rejected_bad_filled_card_number: 'Número do cartão incorreto.',
  cc_rejected_bad_filled_other: 'Algum dado do cartão está incorreto. Confira e tente de novo.',
  cc_rejected_call_for_authorize: 'Autorize o pagamento com o banco emissor e tente de novo.',
  cc_rejected_card_disabled:
    'O cartão não está ativo. Ligue para o banco emissor para ativá-lo ou use outro cartão.',
  cc_rejected_duplicated_payment:
    'Já existe um pagamento igual a este. Se precisar pagar de novo, use outro cartão ou o Pix.',
  cc_rejected_high_risk:
    'O pagamento foi recusado pela análise de segurança. Use outro cartão ou pague com Pix.',
  cc_rejected_max_attempts:
    'Você atingiu o limite de tentativas com este cartão. Use outro cartão ou pague com Pix.',
  cc_rejected_blacklist: 'Não foi possível pagar com este cartão. Use outro cartão ou pague com Pix.',
  cc_rejected_invalid_installments: 'O cartão não aceita esse número de parcelas.',
  cc_rejected_card_error: 'Não foi possível processar o cartão. Tente de novo ou use outro cartão.',
  cc_amount_rate_limit_exceeded:
    'O valor passa do limite do cartão para esta compra. Use outro cartão ou pague com Pix.',
  cc_rejected_3ds_challenge: 'A autenticação com o banco emissor não foi concluída. Tente de novo.',
  cc_rejected_other_reason: 'O banco emissor recusou o pagamento. Use outro cartão ou pague com Pix.',
};
export const MERCADOPAGO_DEFAULT_REJECTION = 'O pagamento foi recusado. Use outro cartão ou pague com Pix.';
/** A saved card charged without the fresh CVV token the browser makes for each payment. */
export const MERCADOPAGO_CVV_REQUIRED = 'Informe o código de segurança (CVV) do cartão para pagar.';
const CARD_REFUSED = 'O cartão não foi aceito. Confira os dados ou use outro cartão.';
const CHARGE_REFUSED =
  'Não foi possível processar o pagamento com este cartão. Confira os dados e tente de novo.';

export const rejectionReason = (statusDetail: string | undefined) =>
  (statusDetail && MERCADOPAGO_REJECTION_REASONS[statusDetail]) || MERCADOPAGO_DEFAULT_REJECTION;

/** A call Mercado Pago did not complete: `status` 0 is a timeout or network error. */
export class MercadoPagoRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Worth trying again with the same idempotency key (429, 5xx, timeout, network). */
    readonly retryable: boolean,
  ) {
    super(`Mercado Pago: ${message} (HTTP ${status || 'sem resposta'})`);
    this.name = 'MercadoPagoRequestError';
  }
}

const RETRY_ON = [423, 429, 500, 502, 503, 504];
const isRetryable = (status: number) => status === 0 || status === 409 || RETRY_ON.includes(status);
const statusOf = (err: unknown) => (err instanceof MercadoPagoError ? err.status : 0);

function toRequestError(err: unknown): MercadoPagoRequestError {
  if (err instanceof MercadoPagoRequestError) return err;
  const status = statusOf(err);
  const message = err instanceof Error ? err.message : String(err);
  return new MercadoPagoRequestError(status, message, isRetryable(status));
}

/** Centavos to the reais Mercado Pago expects: 6500 → 65, 12345 → 123.45. */
export function toReais(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`Valor inválido em centavos: ${amountCents}`);
  return Math.round(amountCents) / 100;
}

/** `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00` (Brasília; Brazil keeps no daylight saving time since 2019). */
export function toMercadoPagoDate(date: Date): string {
  const brasilia = new Date(date.getTime() - 3 * 60 * 60 * 1000);
  return `${brasilia.toISOString().slice(0, 23)}-03:00`;
}

/**
 * What `chargeCard` accepts as `token`: a one-off card token, a saved card with the fresh token the
 * browser made from it (`customer:card:token`), or a bare saved card (`customer:card`), which cannot
 * be charged without a CVV token.
 */
export function parseChargeToken(token: string) {
  const [first = '', cardId, cardToken] = token.split(':');
  if (cardId === undefined) return { cardToken: first } as const;
  return { customerId: first, cardId, cardToken: cardToken || undefined } as const;
}

function payerFields(payer: Payer) {
  const [first = '', ...rest] = payer.name.trim().split(/\s+/);
  const cpf = payer.cpf?.replace(/\D/g, '');
  return {
    email: payer.email,
    first_name: first,
    last_name: rest.join(' '),
    ...(cpf && cpf.length === 11 ? { identification: { type: 'CPF', number: cpf } } : {}),
  };
}

const BRANDS: Record<string, string> = {
  master: 'mastercard',
  debmaster: 'mastercard',
  debvisa: 'visa',
  debelo: 'elo',
};

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return value?.trim() || undefined;
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const MERCADOPAGO_FIELDS_REFUSED =
  'Digite o cartão no formulário seguro do Mercado Pago: o número do cartão não pode ser enviado ao servidor.';

export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const baseUrl = (options.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, '');
  const clock = options.clock ?? (() => new Date());
  const notificationUrl = webhookUrl(options.notificationUrl);
  const defaults: Options = {
    timeout: options.timeoutMs ?? 10_000,
    maxRetries: options.retries ?? 2,
    retryOn: RETRY_ON,
    initialDelay: options.retryDelayMs ?? 500,
    maxDelay: options.retryMaxDelayMs ?? 5_000,
    jitter: false,
  };
  /**
   * The SDK's clients write request options into the config they were given (an idempotency key
   * would stick to later calls), and its base URL is a static: each call gets a fresh config and
   * sets the URL right before the SDK reads it (synchronously, when the request starts).
   */
  function call<T>(
    run: (config: MercadoPagoConfig) => Promise<T>,
    requestOptions: Options = {},
    /** A partner's account (split): its access token instead of the platform's. */
    collector?: Collector,
  ): Promise<T> {
    (AppConfig as { BASE_URL: string }).BASE_URL = baseUrl;
    const config = new MercadoPagoConfig({
      accessToken: collector?.accessToken ?? options.accessToken,
      options: { ...defaults, ...requestOptions },
    });
    return run(config);
  }

  async function findOrCreateCustomer(payer: Payer): Promise<string> {
    const found = await call((c) => new Customer(c).search({ options: { email: payer.email } }));
    const existing = found.results?.find((r) => r.email?.toLowerCase() === payer.email.toLowerCase());
    if (existing?.id) return existing.id;
    try {
      const created = await call((c) => new Customer(c).create({ body: payerFields(payer) }), {
        idempotencyKey: `salas-customer-${payer.uuid}-${sha256(payer.email.toLowerCase()).slice(0, 12)}`,
      });
      if (created.id) return created.id;
    } catch (err) {
      if (statusOf(err) !== 400) throw toRequestError(err);
      // "the customer already exist": created meanwhile by another request; read it back.
    }
    const again = await call((c) => new Customer(c).search({ options: { email: payer.email } }));
    const id = again.results?.[0]?.id;
    if (!id) throw new MercadoPagoRequestError(400, 'cliente não encontrado nem criado', false);
    return id;
  }

  function chargeResult(payment: PaymentResponse): ChargeResult {
    const providerRef = String(payment.id);
    switch (payment.status) {
      case 'approved':
        return { status: 'approved', providerRef };
      case 'rejected':
      case 'cancelled':
        return { status: 'rejected', providerRef, reason: rejectionReason(payment.status_detail) };
      default:
        // in_process, pending (review, 3-D Secure) and authorized: settled later by webhook.
        return { status: 'pending', providerRef };
    }
  }

  /**
   * A refund answered 400. "Devoluções e cancelamentos" (devsite-docs guides/manage-account/account/
   * cancellations-and-refunds.pt.md): "Deve haver saldo suficiente disponível em sua conta para
   * efetuar a devolução do valor do pagamento com sucesso. Caso contrário, obterá um erro `400 Bad
   * Request`." The docs give no code nor message for it ("Criar reembolso", reference/api-json/
   * chargebacks.json, lists none about the balance), so it is told apart from the documented
   * refusals by what is left: a 400 with a cause "Criar reembolso" lists is final; any other is
   * checked against the payment read back — still approved, within the 180 days and with at least
   * this amount not yet refunded, nothing documented forbids the refund, so it is the seller's
   * balance (or a Pix refund in contingency: "Reembolso de transações com Pix", mercadopago.com.br/
   * developers/pt/docs/checkout-api/payment-management/cancellations-and-refunds/refund-pix, says
   * those are "reportados a quem fez a requisição como um 400 - Bad Request") and the refund job
   * tries again, with backoff up to an hour, until the balance is there. Otherwise it is final.
   */
  async function refundBadRequest(
    err: unknown,
    providerRef: string,
    amountCents: number,
    collector?: Collector,
  ) {
    if (causeCodes(err).some((code) => DOCUMENTED_REFUND_REFUSALS.has(code)))
      return { status: 'refused', reason: refundErrorReason(err) } as const;
    let payment: PaymentResponse;
    try {
      payment = await call((c) => new Payment(c).get({ id: providerRef }), {}, collector);
    } catch {
      return {
        status: 'retry',
        reason:
          'O Mercado Pago recusou o reembolso e não respondeu à consulta do pagamento; tentando de novo.',
      } as const;
    }
    const left = centsOf(payment.transaction_amount) - centsOf(payment.transaction_amount_refunded);
    const approvedAt = Date.parse(payment.date_approved ?? '');
    if (payment.status !== 'approved' || clock().getTime() - approvedAt > REFUND_WINDOW_MS)
      return { status: 'refused', reason: 'Este pagamento não pode ser reembolsado.' } as const;
    if (amountCents > left)
      return { status: 'refused', reason: 'Valor maior que o disponível para reembolso.' } as const;
    return { status: 'retry', reason: MERCADOPAGO_REFUND_SHORT_OF_BALANCE } as const;
  }

  return {
    name: 'mercadopago',
    splitsSavedCards: false,
    oauth: options.oauth ? mercadoPagoOAuth(options.oauth, call, clock) : undefined,

    async saveCard(card, payer) {
      // Only the token of the secure fields: the card number never reaches our server.
      if (card.kind !== 'token') return { approved: false, reason: MERCADOPAGO_FIELDS_REFUSED };
      const customerId = await findOrCreateCustomer(payer);
      try {
        const saved = await call(
          (c) => new CustomerCard(c).create({ customerId, body: { token: card.token } }),
          {
            idempotencyKey: `salas-card-${sha256(card.token).slice(0, 40)}`,
          },
        );
        const method = saved.payment_method?.id ?? card.paymentMethodId ?? 'outro';
        return {
          approved: true,
          card: {
            token: `${customerId}:${saved.id}`,
            brand: BRANDS[method] ?? method,
            last4: saved.last_four_digits ?? '',
            expMonth: saved.expiration_month ?? 0,
            expYear: saved.expiration_year ?? 0,
            holderName: saved.cardholder?.name ?? '',
          },
        };
      } catch (err) {
        const status = statusOf(err);
        if (status !== 400 && status !== 422) throw toRequestError(err);
        return { approved: false, reason: cardErrorReason(err) };
      }
    },

    async chargeCard(input) {
      const parsed = parseChargeToken(input.cardToken ? `${input.token}:${input.cardToken}` : input.token);
      if (!parsed.cardToken) return { status: 'rejected', providerRef: '', reason: MERCADOPAGO_CVV_REQUIRED };
      const savedCard = 'customerId' in parsed && Boolean(parsed.customerId);
      // A saved card is a customer of the platform's account: it cannot pay on a partner's
      // account (decision 0035), and the caller charges it on the platform's.
      if (savedCard && input.split) throw new Error('Mercado Pago: cartão salvo não pode ir em split 1:1');
      const payer = savedCard ? { type: 'customer', id: parsed.customerId! } : payerFields(input.payer);
      try {
        const payment = await call(
          (c) =>
            new Payment(c).create({
              body: {
                transaction_amount: toReais(input.amountCents),
                installments: input.installments,
                token: parsed.cardToken,
                description: input.description,
                external_reference: input.reference,
                notification_url: notificationUrl,
                statement_descriptor: options.statementDescriptor ?? 'SALAS',
                binary_mode: false,
                payer,
                ...applicationFee(input.split?.marketplaceFeeCents),
              },
            }),
          { idempotencyKey: input.idempotencyKey },
          input.split?.collector,
        );
        return chargeResult(payment);
      } catch (err) {
        // A 400 is about this card or token (expired token, installments the card refuses).
        if (statusOf(err) === 400) return { status: 'rejected', providerRef: '', reason: CHARGE_REFUSED };
        throw toRequestError(err);
      }
    },

    async createPix(input) {
      try {
        const payment = await call(
          (c) =>
            new Payment(c).create({
              body: {
                payment_method_id: 'pix',
                transaction_amount: toReais(input.amountCents),
                description: input.description,
                date_of_expiration: toMercadoPagoDate(pixExpiry(input.expiresAt, clock())),
                external_reference: input.reference,
                notification_url: notificationUrl,
                payer: payerFields(input.payer),
                ...applicationFee(input.split?.marketplaceFeeCents),
              },
            }),
          { idempotencyKey: input.idempotencyKey },
          input.split?.collector,
        );
        const copyPaste = payment.point_of_interaction?.transaction_data?.qr_code;
        if (!payment.id || !copyPaste)
          throw new MercadoPagoRequestError(200, 'Pix sem código copia e cola', false);
        return { providerRef: String(payment.id), copyPaste };
      } catch (err) {
        throw toRequestError(err);
      }
    },

    async cancelCharge(providerRef, collector) {
      try {
        await call((c) => new Payment(c).cancel({ id: providerRef }), {}, collector);
      } catch (err) {
        // "Somente é possível cancelar pagamentos que se encontrem com status `pending` ou
        // `in_process`" (Devoluções e cancelamentos, devsite-docs guides/manage-account/account/
        // cancellations-and-refunds.pt.md): a 400 is a payment already approved or closed, left as
        // it is (a capture is refunded by the lifecycle); 404 one it does not know. Anything else
        // (no answer, 5xx) is thrown, and the reconciliation job withdraws it again.
        const status = statusOf(err);
        if (status === 400 || status === 404) return;
        throw toRequestError(err);
      }
    },

    async refund(providerRef, amountCents, idempotencyKey, collector): Promise<RefundOutcome> {
      // A split payment is refunded through the seller's account: "Caso a devolução se realize no
      // marketplace, deve-se utilizar as credenciais obtidas para cobrar em nome do vendedor."
      // (devsite-docs guides/online-payments/marketplace/checkout-api/create-marketplace.pt.md,
      // "Devoluções e cancelamentos").
      try {
        const refund = await call(
          (c) =>
            new PaymentRefund(c).create({ payment_id: providerRef, body: { amount: toReais(amountCents) } }),
          { idempotencyKey },
          collector,
        );
        // `in_process` (a Pix refund in contingency) is accepted: Mercado Pago finishes it.
        if (refund.status === 'rejected' || refund.status === 'cancelled')
          return { status: 'refused', reason: 'O Mercado Pago recusou o reembolso.' };
        return { status: 'succeeded', providerRef: String(refund.id) };
      } catch (err) {
        const status = statusOf(err);
        if (status === 400) return refundBadRequest(err, providerRef, amountCents, collector);
        if (status === 404) return { status: 'refused', reason: 'Pagamento não encontrado no Mercado Pago.' };
        if (status === 401 || status === 403)
          return {
            status: 'retry',
            reason: collector
              ? 'Credenciais do parceiro no Mercado Pago recusadas (conta conectada).'
              : 'Credenciais do Mercado Pago recusadas (MERCADOPAGO_ACCESS_TOKEN).',
          };
        if (isRetryable(status))
          return { status: 'retry', reason: `Mercado Pago indisponível (${status || 'sem resposta'}).` };
        return { status: 'refused', reason: `O Mercado Pago recusou o reembolso (HTTP ${status}).` };
      }
    },

    async readCharge(providerRef, collector) {
      let payment: PaymentResponse;
      try {
        payment = await call((c) => new Payment(c).get({ id: providerRef }), {}, collector);
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw toRequestError(err);
      }
      return readBack(payment, providerRef);
    },

    async searchCharges(from, to, collector) {
      // "Pesquisa de pagamentos" (Ferramentas adicionais, devsite-docs guides/additional-content/
      // notifications/ipn/additional-tools.pt.md): `GET /v1/payments/search?limit=30&range=
      // date_created&begin_date=…&end_date=…&sort=date_created&criteria=desc`. Page by page.
      const events: WebhookEvent[] = [];
      for (let offset = 0; offset < 10_000; offset += SEARCH_PAGE) {
        const page = await call(
          (c) =>
            new Payment(c).search({
              options: {
                range: 'date_created',
                begin_date: toMercadoPagoDate(from),
                end_date: toMercadoPagoDate(to),
                sort: 'date_created',
                criteria: 'asc',
                limit: SEARCH_PAGE,
                offset,
              },
            }),
          {},
          collector,
        ).catch((err: unknown) => {
          throw toRequestError(err);
        });
        const results = page.results ?? [];
        for (const r of results) if (r.id) events.push(readBack(r as PaymentResponse, String(r.id)));
        if (results.length < SEARCH_PAGE) break;
      }
      return events;
    },

    async findCharges(reference, collector) {
      // "Buscar em pagamentos" (API reference, mercadopago.com.br/developers/pt/reference/payments/
      // _payments_search/get): `GET /v1/payments/search` "permite realizar pesquisas e retorna os
      // pagamentos efetuados nos últimos doze meses a partir da data da consulta"; its query
      // parameter `external_reference` is "uma referência externa do pagamento", and its example
      // asks `?sort=date_created&criteria=desc&external_reference=ID_REF`. The SDK sends it as is
      // (sdk-nodejs src/clients/payment/search/types.ts, PaymentSearchOptions.external_reference:
      // "Filter by the integrator-supplied external reference"; e2e/payment/search.spec.ts "should
      // search payments with filtered by external_reference"). One reference has a few payments at
      // most (one per attempt): the first page is all of them. A payment of another reference is
      // never taken for ours, should the filter not apply.
      const page = await call(
        (c) =>
          new Payment(c).search({
            options: { sort: 'date_created', criteria: 'desc', external_reference: reference },
          }),
        {},
        collector,
      ).catch((err: unknown) => {
        throw toRequestError(err);
      });
      return (page.results ?? [])
        .filter((r) => r.id && r.external_reference === reference)
        .map((r) => readBack(r as PaymentResponse, String(r.id)));
    },

    async readWebhook({ rawBody, headers, query, collectorOf }) {
      const dataId = query['data.id']?.trim() || undefined;
      const requestId = header(headers, 'x-request-id');
      const signature = header(headers, 'x-signature');
      // An IPN call (`?topic=…&id=…`, never signed): answered 200 so it is not retried, and
      // ignored — the notification_url asks for webhooks only, and a webhook says the same, signed.
      if (!signature && query.topic && query.id && !dataId) return 'ignored';
      if (!verifySignature(options.webhookSecret, signature, dataId, requestId)) return null;
      const body = parseJson(rawBody);
      const data = body.data as { id?: unknown } | undefined;
      const topic = String(body.type ?? body.topic ?? query.type ?? query.topic ?? '');
      if (topic !== 'payment') return 'ignored';
      // The id read back is the signed one; a body naming another payment is not this notification.
      if (!dataId || (data?.id !== undefined && String(data.id) !== dataId)) return null;
      let payment: PaymentResponse;
      try {
        // A payment made on a partner's account (split) is read through that account.
        const collector = await collectorOf?.(dataId);
        payment = await call((c) => new Payment(c).get({ id: dataId }), {}, collector);
      } catch (err) {
        if (statusOf(err) === 404) return 'ignored';
        throw toRequestError(err);
      }
      const event = readBack(payment, dataId);
      // The notification's own id is the same on every redelivery of it.
      if (body.id !== undefined && body.id !== null) event.eventId = `mercadopago:${String(body.id)}`;
      return event;
    },
  };
}

/** A payment as read back: one event per state it reached (the same state read twice is one). */
function readBack(payment: PaymentResponse, ref: string): WebhookEvent {
  const event: WebhookEvent = {
    eventId: `mercadopago:${String(payment.id ?? ref)}:${payment.status}:${payment.date_last_updated ?? ''}`,
    providerRef: String(payment.id ?? ref),
    outcome: webhookOutcome(payment.status),
  };
  if (payment.external_reference) event.paymentUuid = payment.external_reference;
  const copyPaste = payment.point_of_interaction?.transaction_data?.qr_code;
  if (event.outcome === 'pending' && copyPaste) event.pixCopyPaste = copyPaste;
  const fee = providerFee(payment);
  if (fee !== undefined) event.providerFeeCents = fee;
  return event;
}

/**
 * A payment's status, as Mercado Pago defines it (sdk-java, resources/payment/PaymentStatus.java:
 * `in_mediation` "Users have initiated a dispute."; `charged_back` "Was made a chargeback in the
 * buyer's credit card."; `refunded` "Payment was refunded to the user."), in our words.
 */
function webhookOutcome(status: string | undefined): WebhookEvent['outcome'] {
  if (status === 'approved') return 'paid';
  if (status === 'rejected' || status === 'cancelled') return 'failed';
  if (status === 'refunded') return 'refunded';
  if (status === 'in_mediation') return 'disputed';
  if (status === 'charged_back') return 'charged_back';
  return 'pending';
}

/**
 * Mercado Pago's own fee on a payment, in centavos: the `fee_details` the collector pays (sdk-nodejs
 * clients/payment/commonTypes.d.ts, FeeDetails: "Fee type (e.g. `mercadopago_fee`…)", "Who absorbs
 * the fee: `collector` or `payer`."). Absent until the payment reports one.
 */
function providerFee(payment: PaymentResponse): number | undefined {
  // The marketplace's own commission (`application_fee`) is ours, not the provider's fee.
  const fees = (payment.fee_details ?? []).filter(
    (f) => f.fee_payer !== 'payer' && f.type !== 'application_fee' && typeof f.amount === 'number',
  );
  if (fees.length === 0) return undefined;
  return Math.round(fees.reduce((t, f) => t + (f.amount ?? 0), 0) * 100);
}

function causeText(err: unknown): string {
  if (!(err instanceof MercadoPagoError)) return '';
  const causes = Array.isArray(err.causes)
    ? (err.causes as Array<{ code?: unknown; description?: unknown }>)
    : [];
  return [err.message, ...causes.map((c) => `${String(c.code ?? '')} ${String(c.description ?? '')}`)]
    .join(' ')
    .toLowerCase();
}

function cardErrorReason(err: unknown): string {
  const text = causeText(err);
  if (text.includes('security_code'))
    return MERCADOPAGO_REJECTION_REASONS.cc_rejected_bad_filled_security_code!;
  if (text.includes('expiration')) return MERCADOPAGO_REJECTION_REASONS.cc_rejected_bad_filled_date!;
  if (text.includes('card_number')) return MERCADOPAGO_REJECTION_REASONS.cc_rejected_bad_filled_card_number!;
  return CARD_REFUSED;
}

/** Reais as Mercado Pago reports them to centavos (absent counts as zero). */
const centsOf = (reais: number | undefined) => Math.round((reais ?? 0) * 100);

/**
 * The causes "Criar reembolso" (reference/api-json/chargebacks.json, POST /v1/payments/{id}/refunds)
 * lists for a refund's 400, 401 and 404 answers — the payment's state (2063), the gateway operation
 * (2085), the amount (4040, 4041), its age (2024, 15016), a partial refund the payment does not
 * take (3024), the idempotency key (4292) and the charge refunds (4211, 4248, 4291, 4293 to 4297).
 * None is about the seller's balance: a 400 with one of them is final.
 */
const DOCUMENTED_REFUND_REFUSALS = new Set([
  '2063',
  '2085',
  '2024',
  '15016',
  '3024',
  '4040',
  '4041',
  '4211',
  '4248',
  '4291',
  '4292',
  '4293',
  '4294',
  '4295',
  '4296',
  '4297',
]);

/**
 * "Reembolsos e cancelamentos" (devsite-docs guides/additional-content/account/
 * cancellations-and-refunds.pt.md): "é possível reembolsar um pagamento dentro de 180 dias a partir
 * da sua data de aprovação."
 */
const REFUND_WINDOW_MS = 180 * 86_400_000;

/** A refund the provider could not make now for lack of balance: tried again by the refund job. */
export const MERCADOPAGO_REFUND_SHORT_OF_BALANCE =
  'Saldo insuficiente na conta do Mercado Pago para o reembolso (ou reembolso Pix em contingência); tentando de novo.';

function causeCodes(err: unknown): string[] {
  if (!(err instanceof MercadoPagoError) || !Array.isArray(err.causes)) return [];
  return (err.causes as Array<{ code?: unknown }>).map((c) => String(c?.code ?? ''));
}

function refundErrorReason(err: unknown): string {
  const text = causeText(err);
  if (text.includes('amount')) return 'Valor maior que o disponível para reembolso.';
  if (text.includes('status') || text.includes('refund')) return 'Este pagamento não pode ser reembolsado.';
  return 'O Mercado Pago recusou o reembolso.';
}

/**
 * Mercado Pago's `x-signature: ts=<ts>,v1=<hex>`: HMAC-SHA256 with the application's secret over
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, leaving out a part whose value is absent.
 * `data.id` is the query string's; Mercado Pago's docs ask for it lower-cased when alphanumeric while
 * its SDKs (3.x) sign it as received, so both spellings are accepted. Any age is accepted: the
 * provider's retries keep the `ts` of the first try ("Webhooks": comparing `ts` with the time of
 * arrival "permite estabelecer uma margem de tolerância", an option, not a rule), and what a
 * notification says is always read back from the API, so a replayed one changes nothing.
 */
export function verifySignature(
  secret: string,
  signature: string | undefined,
  dataId: string | undefined,
  requestId: string | undefined,
): boolean {
  if (!signature) return false;
  const parts = new Map<string, string>();
  for (const piece of signature.split(',')) {
    const at = piece.indexOf('=');
    if (at > 0) parts.set(piece.slice(0, at).trim().toLowerCase(), piece.slice(at + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1')?.toLowerCase();
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const ids = dataId && dataId !== dataId.toLowerCase() ? [dataId, dataId.toLowerCase()] : [dataId];
  return ids.some((id) => safeEqual(signManifest(secret, id, requestId, ts), v1));
}

/** The hex HMAC Mercado Pago puts in `x-signature`'s v1 (exported for tests and the fake). */
export function signManifest(
  secret: string,
  dataId: string | undefined,
  requestId: string | undefined,
  ts: string,
) {
  const manifest = `${dataId ? `id:${dataId};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/**
 * The marketplace's commission on a payment made with a seller's token. "Integra o marketplace via
 * API" (devsite-docs guides/online-payments/marketplace/checkout-api/create-marketplace.pt.md): "Se
 * deseja cobrar uma taxa de comissão por cada pagamento processado pela sua aplicação em nome do seu
 * usuário, simplesmente adicione esse valor no parâmetro `application_fee` ao criar pagamento", in
 * reais like `transaction_amount`. (Checkout Pro's preferences call the same thing
 * `marketplace_fee`; /v1/payments takes `application_fee`, sdk-nodejs PaymentCreateRequest.) A
 * commission of zero sends nothing.
 */
function applicationFee(feeCents: number | undefined) {
  return feeCents && feeCents > 0 ? { application_fee: toReais(feeCents) } : {};
}

type Call = <T>(
  run: (config: MercadoPagoConfig) => Promise<T>,
  requestOptions?: Options,
  collector?: Collector,
) => Promise<T>;

/** What /oauth/token answered, as our tokens (`null` when a field we need is missing). */
function sellerTokens(
  answer: {
    access_token?: string;
    refresh_token?: string;
    public_key?: string;
    user_id?: number | string;
    expires_in?: number;
  },
  now: Date,
): SellerTokens | null {
  if (!answer.access_token || answer.user_id === undefined || answer.user_id === null) return null;
  return {
    accountId: String(answer.user_id),
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    publicKey: answer.public_key ?? null,
    expiresAt:
      typeof answer.expires_in === 'number' ? new Date(now.getTime() + answer.expires_in * 1000) : null,
  };
}

/**
 * OAuth for split 1:1. "Criação" (devsite-docs guides/additional-content/security/oauth/
 * creation.pt.md) gives the authorization URL, PKCE (`code_challenge`, `code_challenge_method`
 * S256: "Se for possível utilizar **S256**, será necessário usar essa opção") and the exchange at
 * POST /oauth/token; "Criar/atualizar token" (reference/api-json/oauth.json) lists its body:
 * client_id, client_secret, grant_type (`authorization_code` | `refresh_token`), code, code_verifier
 * ("Código gerado quando a verificação por PKCE estiver sido habilitada"), redirect_uri and
 * refresh_token. "Renovação" (oauth/renewal.pt.md): "cada vez que você renovar o `access_token`, o
 * `refresh_token` também vai ser renovado, por tanto, você deverá armazená-lo novamente." A 400 or
 * 401 from /oauth/token (a code expired, used, or a refresh token revoked) is `null`; anything else
 * is thrown (try again later).
 */
function mercadoPagoOAuth(
  app: { clientId: string; clientSecret: string; authUrl?: string },
  call: Call,
  clock: () => Date,
): SellerOAuth {
  // The SDK sets grant_type itself: `create` sends authorization_code, `refresh` refresh_token.
  const token = async (grant: 'create' | 'refresh', body: Record<string, string>) => {
    try {
      const answer = await call((c) =>
        new OAuth(c)[grant]({
          body: { client_id: app.clientId, client_secret: app.clientSecret, ...body } as never,
        }),
      );
      return sellerTokens(answer, clock());
    } catch (err) {
      const status = statusOf(err);
      if (status === 400 || status === 401 || status === 403 || status === 404) return null;
      throw toRequestError(err);
    }
  };
  return {
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(app.authUrl ?? MERCADOPAGO_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        response_type: 'code',
        platform_id: 'mp',
        state,
        redirect_uri: redirectUri,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      token('create', {
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
      }),
    refresh: (refreshToken) => token('refresh', { refresh_token: refreshToken }),
  };
}
