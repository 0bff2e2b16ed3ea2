/**
 * A local stand-in for Mercado Pago's REST API (payments, refunds, customers and their cards), with
 * the request and response shapes of its API reference, for contract tests: it checks the bearer
 * token, requires and honours `X-Idempotency-Key` on every POST (same key → the same answer for what
 * it made, nothing done twice), records every request, and can be scripted to fail the next call(s)
 * with 400, 401, 429 (Retry-After), 5xx, to hang past the client's timeout, or to lack the balance a
 * refund needs (`setBalance`). `scripts/mercadopago-fake.ts` runs it on its own, for the product
 * started for real (docs/operations.md).
 *
 * Card tokens are opaque to Mercado Pago's API; here `fakeCardToken()` makes tokens whose outcome is
 * one of Mercado Pago's test cardholder names (APRO approves, OTHE/CALL/FUND/SECU/EXPI/FORM refuse,
 * CONT stays in_process) or any `status_detail` itself. Any other token approves.
 *
 * A witness, not a mirror: every rule the product relies on cites the page of Mercado Pago's
 * documentation it comes from (mercadopago/devsite-docs; the API reference is its
 * reference/api-json/*.json, which the guides link as /developers/pt/reference/...), with the
 * sentence quoted; where the docs are silent the comment says so and what the fake does instead.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { brCode } from '#common/br/pix';
import { runningTestClock } from './now.ts';

export const FAKE_MP_ACCESS_TOKEN = 'TEST-0000000000000000-000000-fakeaccesstoken00000000000000-000000000';
/** The application's OAuth credentials the fake knows (split 1:1). */
export const FAKE_MP_CLIENT_ID = '1234567890123456';
export const FAKE_MP_CLIENT_SECRET = 'fake-client-secret-0123456789';
/** The platform's own account id (`collector_id` of its payments). */
const PLATFORM_ACCOUNT = 123456789;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

type Match = { method?: string; path?: string | RegExp };
/** One scripted answer for the next request that matches (any request when no method/path). */
export type ScriptStep = Match &
  (
    | { status: number; body?: unknown; retryAfterSeconds?: number }
    /** Wait `hangMs` before answering; `process` (default true) does the work first, as a gateway
     * whose answer is lost on the way back would. */
    | { hangMs: number; process?: boolean }
  );

type Json = Record<string, unknown>;
export interface FakePayment extends Json {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  external_reference: string | null;
  refunds: Json[];
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Test cardholder names. "Cartões de teste" (devsite-docs guides/snippets/test-integration/
 * test-cards.pt.md, Brasil): "Para testar diferentes resultados de pagamento, preencha o status
 * desejado no nome do titular do cartão", with `APRO` "Pagamento aprovado", `OTHE` "Recusado por
 * erro geral", `CONT` "Pagamento pendente", `CALL` "Recusado com validação para autorizar", `FUND`
 * "Recusado por quantia insuficiente", `SECU` "Recusado por código de segurança inválido", `EXPI`
 * "Recusado por problema com a data de vencimento", `FORM` "Recusado por erro no formulário". The
 * page does not give the `status_detail` of each (those here are the SDK's `cc_rejected_*` names
 * the adapter maps) nor `PEND`, which is the fake's own (a card left in manual review).
 */
const STATUS_BY_CODE: Record<string, [string, string]> = {
  APRO: ['approved', 'accredited'],
  CONT: ['in_process', 'pending_contingency'],
  PEND: ['pending', 'pending_review_manual'],
  OTHE: ['rejected', 'cc_rejected_other_reason'],
  CALL: ['rejected', 'cc_rejected_call_for_authorize'],
  FUND: ['rejected', 'cc_rejected_insufficient_amount'],
  SECU: ['rejected', 'cc_rejected_bad_filled_security_code'],
  EXPI: ['rejected', 'cc_rejected_bad_filled_date'],
  FORM: ['rejected', 'cc_rejected_bad_filled_other'],
};
/**
 * Tokens Mercado Pago would not even accept into a customer (card data the issuer refuses). A
 * documentação não diz o que o cadastro de um cartão de teste SECU/EXPI/FORM responde; o fake recusa
 * com os códigos de causa que o adapter lê (security_code, expiration, card_number).
 */
const CARD_SAVE_ERRORS: Record<string, { code: string; description: string }> = {
  SECU: { code: 'E302', description: 'invalid security_code' },
  EXPI: { code: '325', description: 'invalid expiration_month' },
  FORM: { code: 'E301', description: 'invalid card_number' },
};

/** A card token for the fake: `outcome` is a test cardholder name (APRO…) or a `status_detail`. */
export function fakeCardToken(outcome = 'APRO', card: { brand?: string; last4?: string } = {}) {
  return `fake-token.${outcome}.${card.brand ?? 'visa'}.${card.last4 ?? '3704'}.${randomBytes(6).toString('hex')}`;
}

function tokenInfo(token: string) {
  const [, outcome = 'APRO', brand = 'visa', last4 = '3704'] = token.startsWith('fake-token.')
    ? token.split('.')
    : [];
  const [status, detail] =
    STATUS_BY_CODE[outcome] ?? (outcome.startsWith('cc_') ? ['rejected', outcome] : STATUS_BY_CODE.APRO!);
  return { outcome, brand, last4, status: status!, detail: detail! };
}

const mpError = (
  status: number,
  message: string,
  error: string,
  cause: Array<{ code: string | number; description: string }> = [],
) => ({
  status,
  body: { message, error, status, cause: cause.map((c) => ({ ...c, data: null })) },
});
const badRequest = (message: string, code: string | number, description = message) =>
  mpError(400, message, 'bad_request', [{ code, description }]);
const cents = (reais: number) => Math.round(reais * 100);
/** Mercado Pago's dates: `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00` (API answers for Brazilian accounts). */
const mpDate = (d: Date) => `${new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 23)}-03:00`;
const MP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

export interface FakeMercadoPagoOptions {
  accessToken?: string;
  /** The application's OAuth credentials (default FAKE_MP_CLIENT_ID / FAKE_MP_CLIENT_SECRET). */
  oauth?: { clientId: string; clientSecret: string };
  clock?: () => Date;
  /** Where it listens: 127.0.0.1 on a free port unless told. */
  port?: number;
  host?: string;
  /**
   * Serves the fake's own controls under `/__fake/` (not Mercado Pago's API, no bearer token), for
   * a product running in another process (scripts/mercadopago-fake.ts): list payments, approve or
   * set a payment's status (and send its signed notification, with `webhookSecret`), set the
   * balance.
   */
  controls?: { webhookSecret?: string; notificationUrl?: string };
}

export async function startFakeMercadoPago(opts: FakeMercadoPagoOptions = {}) {
  /** The provider's own clock: from TEST_NOW on, running with real time (test/now.ts). */
  const clock = opts.clock ?? runningTestClock();
  const accessToken = opts.accessToken ?? FAKE_MP_ACCESS_TOKEN;
  const requests: RecordedRequest[] = [];
  const steps: ScriptStep[] = [];
  const payments = new Map<number, FakePayment>();
  const customers = new Map<string, Json & { id: string; email: string; cards: Json[] }>();
  /** The account each customer was created in. */
  const customerOwner = new Map<string, number>();
  /** A payment of the calling account (another account's is not found). */
  const own = (id: number) => {
    const payment = payments.get(id);
    return payment && payment.collector_id === caller ? payment : undefined;
  };
  const idempotent = new Map<string, Reply>();
  let nextPaymentId = 1_310_000_001;
  let nextRefundId = 5_000_000_001;
  let nextCardId = 9_000_000_001;
  /** The seller's balance for refunds, in centavos; `null`: enough for any refund. */
  let balanceCents: number | null = null;
  const app = opts.oauth ?? { clientId: FAKE_MP_CLIENT_ID, clientSecret: FAKE_MP_CLIENT_SECRET };
  /** Sellers connected by OAuth: their access tokens, refresh tokens and pending codes. */
  const sellerTokens = new Map<string, { userId: number; expiresAt: number }>();
  const refreshTokens = new Map<string, number>();
  const codes = new Map<
    string,
    { userId: number; redirectUri: string; challenge?: string; method?: string; expiresAt: number }
  >();
  let nextSellerId = 700_000_001;
  /** The account a request acts for (`collector_id`), set per request from its bearer token. */
  let caller = PLATFORM_ACCOUNT;

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Json,
  ): Reply | Promise<Reply> {
    const paymentId = path.match(/^\/v1\/payments\/(\d+)$/)?.[1];
    const refundOf = path.match(/^\/v1\/payments\/(\d+)\/refunds$/)?.[1];
    const cardsOf = path.match(/^\/v1\/customers\/([^/]+)\/cards$/)?.[1];
    if (method === 'POST' && path === '/v1/payments') return createPayment(body);
    if (method === 'GET' && paymentId) {
      // A documentação não mostra a resposta de um pagamento que não existe; o fake responde 404
      // (causa 2000), que o adapter trata como "desconhecido". A payment of another account (a
      // seller's, read with the platform's token, or the other way round) is not found either: the
      // docs say the seller's payments are operated with "as credenciais obtidas para cobrar em nome
      // do vendedor" (marketplace/checkout-api/create-marketplace.pt.md) and are silent on what
      // other credentials get; the fake answers the same 404.
      const payment = own(Number(paymentId));
      return payment
        ? { status: 200, body: payment }
        : mpError(404, 'Payment not found', 'not_found', [{ code: 2000, description: 'Payment not found' }]);
    }
    if (method === 'POST' && refundOf) return refund(Number(refundOf), body);
    if (method === 'PUT' && paymentId) {
      // PUT /v1/payments/{id} { status: 'cancelled' }. "Reembolsos e cancelamentos" (devsite-docs
      // guides/additional-content/account/cancellations-and-refunds.pt.md; it links the API as
      // /developers/pt/reference/chargebacks/_payments_payment_id/put): "Os cancelamentos somente
      // poderão ser realizados caso o status de pagamento esteja como Pending ou In process." A
      // documentação não diz o erro de um cancelamento recusado; o fake responde 400 (4006).
      const payment = own(Number(paymentId));
      if (!payment)
        return mpError(404, 'Payment not found', 'not_found', [
          { code: 2000, description: 'Payment not found' },
        ]);
      if (body.status !== 'cancelled' || !['pending', 'in_process'].includes(payment.status))
        return mpError(400, 'Invalid status update', 'bad_request', [
          { code: 4006, description: 'Invalid status for update' },
        ]);
      setStatus(payment.id, 'cancelled', 'by_collector');
      return { status: 200, body: payment };
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      // "Pesquisa de pagamentos" (Ferramentas adicionais, devsite-docs guides/additional-content/
      // notifications/ipn/additional-tools.pt.md): "Você pode usar os parâmetros do body de um
      // `pagamento` como query params para poder filtrar os resultados: Data de início … Data de
      // término … Status", with the example `?limit=30&range=date_created&begin_date=…&end_date=…
      // &sort=date_created&criteria=desc`. The docs do not say whether the ends are inclusive; the
      // fake includes both.
      // "Buscar em pagamentos" (API reference, mercadopago.com.br/developers/pt/reference/payments/
      // _payments_search/get): the search "retorna os pagamentos efetuados nos últimos doze meses a
      // partir da data da consulta" — the fake leaves out what was created before that; and
      // `external_reference`, "uma referência externa do pagamento" (its example:
      // `?sort=date_created&criteria=desc&external_reference=ID_REF`), keeps the payments created
      // with that `external_reference` (sdk-nodejs e2e/payment/search.spec.ts, "should search
      // payments with filtered by external_reference", expects `results[0].external_reference` to
      // be the one asked). The docs do not say whether the match is exact; the fake compares whole
      // values.
      const field = (query.range ?? 'date_created') as keyof FakePayment;
      const from = query.begin_date ? Date.parse(query.begin_date) : Number.NEGATIVE_INFINITY;
      const to = query.end_date ? Date.parse(query.end_date) : Number.POSITIVE_INFINITY;
      const yearAgo = new Date(clock().getTime());
      yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 12);
      const all = [...payments.values()]
        .filter((p) => {
          const at = Date.parse(String(p[field] ?? ''));
          return (
            p.collector_id === caller &&
            Date.parse(String(p.date_created)) >= yearAgo.getTime() &&
            at >= from &&
            at <= to &&
            (!query.status || p.status === query.status) &&
            (query.external_reference === undefined || p.external_reference === query.external_reference)
          );
        })
        .sort((a, b) => Date.parse(String(a.date_created)) - Date.parse(String(b.date_created)));
      if (query.criteria === 'desc') all.reverse();
      const limit = Number(query.limit ?? 30);
      const offset = Number(query.offset ?? 0);
      return {
        status: 200,
        body: { paging: { total: all.length, limit, offset }, results: all.slice(offset, offset + limit) },
      };
    }
    if (method === 'GET' && path === '/v1/customers/search') {
      const email = (query.email ?? '').toLowerCase();
      const results = [...customers.values()].filter(
        (c) => customerOwner.get(c.id) === caller && (!email || c.email.toLowerCase() === email),
      );
      return { status: 200, body: { paging: { limit: 10, offset: 0, total: results.length }, results } };
    }
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if (cardsOf) {
      const found = customers.get(decodeURIComponent(cardsOf));
      const customer = found && customerOwner.get(found.id) === caller ? found : undefined;
      if (!customer)
        return mpError(404, 'not_found', 'not_found', [{ code: '100', description: 'customer not found' }]);
      if (method === 'GET') return { status: 200, body: customer.cards };
      if (method === 'POST') return createCard(customer, body);
    }
    return mpError(404, 'resource not found', 'not_found');
  }

  function createCustomer(body: Json): Reply {
    // "Armazene os dados dos seus clientes e cartões": "Para criar um cliente e associá-lo ao seu
    // cartão, é preciso enviar o campo do e-mail, o tipo de meio de pagamento, o ID do banco emissor e
    // o token gerado." A documentação não diz o erro de um e-mail repetido; o fake responde 101 "the
    // customer already exist" (o adapter procura o cliente antes de criar).
    const email = typeof body.email === 'string' ? body.email : '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return badRequest('invalid email', '100', 'invalid parameter email');
    if ([...customers.values()].some((c) => c.email.toLowerCase() === email.toLowerCase()))
      return badRequest('the customer already exist', '101', 'the customer already exist');
    const id = `${1_000_000_000 + customers.size}-${randomBytes(7).toString('hex')}`;
    const now = mpDate(clock());
    const customer = {
      id,
      email,
      first_name: body.first_name ?? null,
      last_name: body.last_name ?? null,
      phone: { area_code: null, number: null },
      identification: body.identification ?? { type: null, number: null },
      address: { id: null, zip_code: null, street_name: null, street_number: null },
      date_registered: null,
      description: null,
      date_created: now,
      date_last_updated: now,
      metadata: {},
      default_card: null,
      default_address: null,
      cards: [] as Json[],
      addresses: [],
      live_mode: false,
    };
    customers.set(id, customer);
    customerOwner.set(id, caller);
    return { status: 201, body: customer };
  }

  function createCard(customer: Json & { id: string; cards: Json[] }, body: Json): Reply {
    // "Armazene os dados dos seus clientes e cartões": "…é preciso enviar … o token gerado." A
    // documentação não diz o erro sem token; o fake responde 2006 "Card Token not found".
    if (typeof body.token !== 'string' || !body.token)
      return badRequest('invalid parameters', '2006', 'Card Token not found');
    const info = tokenInfo(body.token);
    const refused = CARD_SAVE_ERRORS[info.outcome];
    if (refused) return badRequest('invalid parameters', refused.code, refused.description);
    const now = mpDate(clock());
    const card = {
      id: String(nextCardId++),
      customer_id: customer.id,
      expiration_month: 11,
      expiration_year: 2030,
      first_six_digits: '450995',
      last_four_digits: info.last4,
      payment_method: {
        id: info.brand,
        name: info.brand,
        payment_type_id: 'credit_card',
        thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${info.brand}.gif`,
        secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${info.brand}.gif`,
      },
      security_code: { length: 3, card_location: 'back' },
      issuer: { id: 25, name: info.brand },
      cardholder: { name: info.outcome, identification: { number: '12345678909', type: 'CPF' } },
      date_created: now,
      date_last_updated: now,
      user_id: '123456789',
      live_mode: false,
    };
    customer.cards.push(card);
    return { status: 201, body: card };
  }

  async function createPayment(body: Json): Promise<Reply> {
    const collector = caller;
    const amount = body.transaction_amount;
    // transaction_amount. "Criar pagamento" (reference/api-json/payments.json, POST /v1/payments):
    // `"type": "number"`, `"required": true`, "Custo do produto. Exemplo - A venda de um produto por
    // R$100,00 terá um transactionAmount = 100." (its example is 58.8).
    // Valor mínimo: a documentação não diz qual é o valor mínimo de um pagamento (nem de cartão, nem
    // de Pix); o fake recusa só o que não é um número maior que zero e aceita R$ 0,01.
    // Casas decimais: a documentação não diz quantas casas decimais o valor aceita; o fake, como
    // testemunha do que o produto envia (centavos de real), recusa mais de duas.
    // A documentação também não traz o código nem a mensagem dessa recusa; o fake mantém os de antes
    // (400, 4037 "Invalid transaction_amount").
    if (
      typeof amount !== 'number' ||
      !(amount > 0) ||
      Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6
    )
      return badRequest('Invalid transaction_amount', 4037, 'Invalid transaction_amount');
    const payer = (body.payer ?? {}) as Json;
    const isPix = body.payment_method_id === 'pix';
    const now = clock();
    let status: string;
    let detail: string;
    let card: Json = {};
    let payerOut: Json;
    // payer. "Criar pagamento" (reference/api-json/payments.json) marks `payer` and `payer.email`
    // `"required": true` ("Email associado ao payer."). A saved card is paid as the customer:
    // "Armazene os dados dos seus clientes e cartões" (devsite-docs guides/checkout-api/
    // remember-customers-and-cards.pt.md): "Ao ser pago com um cartão guardado, deve-se enviar o ID
    // do cliente junto do token.", and its examples send `payer: { type: "customer", id }` with no
    // e-mail. For Pix, the Pix page (guides/checkout-api/receiving-payment-by-pix.pt.md): "você deve
    // encaminhar o e-mail do comprador, o tipo e número de documento, o meio de pagamento utilizado e
    // o detalhe do valor." So the e-mail is required of every payer that is not a customer; a
    // customer's payment takes the customer's e-mail. A documentação não diz o código do erro de um
    // e-mail ausente ou inválido; o fake responde 400 com o código 4050.
    if (payer.type === 'customer') {
      // A customer belongs to the account that created it ("Os *customers* representam, como o
      // próprio nome indica, seu cliente", guides/payments/api/customers-and-cards.pt.md). Whether a
      // seller's token may pay with a customer of the marketplace's account the docs do not say;
      // the fake refuses it as a customer it does not know (decision 0035).
      const found = customers.get(String(payer.id));
      const customer = found && customerOwner.get(found.id) === caller ? found : undefined;
      // A documentação não diz o erro de um cliente que não existe; o fake responde 2002.
      if (!customer) return badRequest('Customer not found', 2002);
      payerOut = {
        type: 'customer',
        id: customer.id,
        email: customer.email,
        identification: customer.identification,
      };
    } else {
      if (typeof payer.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(payer.email))
        return badRequest('payer.email must be a valid email', 4050);
      payerOut = { type: null, id: null, entity_type: null, ...payer };
    }
    if (isPix) {
      // "Modelo de pagamento - Pix" (devsite-docs guides/integration-guide-for-partners/pix.pt.md):
      // "Para utilizar esse campo, é necessário seguir o formato de data ISO 8601:
      // yyyy-MM-dd'T'HH:mm:ssz." (example "2023-01-28T22:59:59.000-04:00"). The error's code is not
      // documented there; the fake answers 23.
      if (typeof body.date_of_expiration === 'string' && !MP_DATE.test(body.date_of_expiration))
        return badRequest(
          "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration",
          23,
        );
      // "Pix" (Checkout Transparente, mercadopago.com.br/developers/pt/docs/checkout-api/
      // integration-configuration/integrate-with-pix): "A data configurada deve estar entre 30
      // minutos até 30 dias a partir da data de emissão do pagamento." The docs do not give the
      // error the API answers outside it: this one is the format error's shape. The same rule in
      // devsite-docs guides/checkout-api/receiving-payment-by-pix.pt.md: "Note que a data configurada
      // deve ser entre 30 minutos e até 30 dias a partir da data de emissão." Without the field: "Por
      // padrão, a data de vencimento para pagamentos com Pix é de 24 horas" (the fake's default).
      if (typeof body.date_of_expiration === 'string') {
        const ahead = Date.parse(body.date_of_expiration) - now.getTime();
        if (ahead < 30 * 60_000 || ahead > 30 * 86_400_000)
          return badRequest('date_of_expiration must be between 30 minutes and 30 days from now', 4020);
      }
      status = 'pending';
      detail = 'pending_waiting_transfer';
    } else {
      // "Criar pagamento": token "Identificador de token card (obrigatório para cartão de crédito).";
      // installments `"required": true`, "Número de parcelas selecionado". A documentação não diz o
      // mínimo de parcelas; o fake exige um inteiro ≥ 1.
      if (typeof body.token !== 'string' || !body.token) return badRequest('Card Token not found', 2006);
      if (!Number.isInteger(body.installments) || (body.installments as number) < 1)
        return badRequest('Invalid installments', 3011, 'Invalid installments');
      const info = tokenInfo(body.token);
      [status, detail] = [info.status, info.detail];
      card = {
        id: null,
        first_six_digits: '450995',
        last_four_digits: info.last4,
        expiration_month: 11,
        expiration_year: 2030,
        date_created: mpDate(now),
        date_last_updated: mpDate(now),
        cardholder: { name: info.outcome, identification: { number: '12345678909', type: 'CPF' } },
      };
    }
    // The marketplace's commission. "Integra o marketplace via API" (devsite-docs guides/
    // online-payments/marketplace/checkout-api/create-marketplace.pt.md): "Para receber pagamentos
    // em nome de seus vendedores, você deve integrar a API, gerando os pagamentos com o Access Token
    // que você obteve vinculando cada vendedor ao seu aplicativo. Se deseja cobrar uma taxa de
    // comissão por cada pagamento processado pela sua aplicação em nome do seu usuário,
    // simplesmente adicione esse valor no parâmetro `application_fee` ao criar pagamento." So a fee
    // is taken only on a payment made with a seller's token; with the marketplace's own token there
    // is no one to take it from. The docs give neither the error for that nor bounds for the fee:
    // the fake refuses (400, 4051) a fee on the platform's own payment, one that is not a number
    // greater than zero with at most two decimals, and one above `transaction_amount`. "Split de
    // pagamentos" (split-payments/integrate-marketplace): "primeiro, a comissão do Mercado Pago é
    // descontada e, em seguida, a comissão do Marketplace é descontada sobre o valor restante" —
    // the fake does not model the provider's own fee, so the seller nets amount − fee.
    const fee = body.application_fee;
    if (fee !== undefined) {
      if (collector === PLATFORM_ACCOUNT)
        return badRequest('application_fee only on payments made with a seller access token', 4051);
      if (
        typeof fee !== 'number' ||
        !(fee > 0) ||
        Math.abs(fee * 100 - Math.round(fee * 100)) > 1e-6 ||
        cents(fee) > cents(amount)
      )
        return badRequest('Invalid application_fee', 4051);
    }
    const id = nextPaymentId++;
    const installments = isPix ? 1 : (body.installments as number);
    const qr = isPix
      ? brCode({
          key: 'fake-mp@salas.app',
          amountCents: cents(amount),
          merchantName: 'Salas Marketplace',
          merchantCity: 'Sao Paulo',
          txid: `MP${id}`,
        })
      : undefined;
    const payment: FakePayment = {
      id,
      date_created: mpDate(now),
      date_approved: status === 'approved' ? mpDate(now) : null,
      date_last_updated: mpDate(now),
      date_of_expiration: isPix
        ? (body.date_of_expiration ?? mpDate(new Date(now.getTime() + 86_400_000)))
        : null,
      money_release_date: status === 'approved' ? mpDate(now) : null,
      operation_type: 'regular_payment',
      issuer_id: isPix ? null : '25',
      payment_method_id: isPix
        ? 'pix'
        : ((body.payment_method_id as string | undefined) ?? tokenInfo(String(body.token)).brand),
      payment_type_id: isPix ? 'bank_transfer' : 'credit_card',
      status,
      status_detail: detail,
      currency_id: 'BRL',
      description: body.description ?? null,
      live_mode: false,
      sponsor_id: null,
      authorization_code: null,
      collector_id: collector,
      payer: payerOut,
      metadata: body.metadata ?? {},
      additional_info: body.additional_info ?? {},
      external_reference: (body.external_reference as string | undefined) ?? null,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      coupon_amount: 0,
      installments,
      transaction_details: {
        net_received_amount: 0,
        total_paid_amount: amount,
        overpaid_amount: 0,
        installment_amount: Math.round((amount / installments) * 100) / 100,
        financial_institution: null,
        payment_method_reference_id: null,
        external_resource_url: null,
      },
      fee_details:
        typeof fee === 'number' ? [{ type: 'application_fee', amount: fee, fee_payer: 'collector' }] : [],
      captured: true,
      binary_mode: body.binary_mode ?? false,
      statement_descriptor: body.statement_descriptor ?? null,
      notification_url: body.notification_url ?? null,
      card,
      refunds: [],
      processing_mode: 'aggregator',
      point_of_interaction: isPix
        ? {
            type: 'OPENPLATFORM',
            application_data: { name: null, version: null },
            transaction_data: {
              qr_code: qr,
              qr_code_base64: (await QRCode.toDataURL(qr!)).replace(/^data:image\/png;base64,/, ''),
              ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=123456789&hash=${randomBytes(8).toString('hex')}`,
              transaction_id: null,
              bank_transfer_id: null,
              financial_institution: null,
            },
          }
        : {},
    };
    payments.set(id, payment);
    return { status: 201, body: payment };
  }

  function refund(paymentId: number, body: Json): Reply {
    // A seller's payment is refunded with the seller's credentials: "Caso a devolução se realize no
    // marketplace, deve-se utilizar as credenciais obtidas para cobrar em nome do vendedor."
    // (marketplace/checkout-api/create-marketplace.pt.md, "Devoluções e cancelamentos").
    const payment = own(paymentId);
    if (!payment)
      return mpError(404, 'Payment not found', 'not_found', [
        { code: 2000, description: 'Payment not found' },
      ]);
    // Only what was paid is refunded. "Cancelamentos e reembolsos" (devsite-docs guides/checkout-api/
    // cancellations-and-refunds.pt.md): "Os reembolsos ocorrem quando o pagamento se realizou mas o
    // vendedor decide anulá-lo total ou parcialmente." "Reembolsos e cancelamentos" (guides/
    // additional-content/account/cancellations-and-refunds.pt.md): "**Cancelamentos** acontecem quando
    // uma compra é realizada mas o pagamento ainda não foi aprovado por algum motivo." A payment not
    // approved (pending, in_process, rejected, cancelled, or already refunded in full) is refused with
    // the 400 that "Criar reembolso" (reference/api-json/chargebacks.json) lists: 2063
    // "The-action-requested-is-not-valid-for-the-current-payment-state".
    if (payment.status !== 'approved')
      return badRequest(
        'Payment not refundable',
        2063,
        `Invalid payment status for refund: ${payment.status}`,
      );
    // "Reembolsos e cancelamentos": "é possível reembolsar um pagamento dentro de 180 dias a partir
    // da sua data de aprovação." "Criar reembolso" lists 2024 "Payment-too-old-to-be-refunded" (under
    // 404; the fake answers it as a 400, as the other refusals of a refund).
    const approvedAt = Date.parse(String(payment.date_approved ?? payment.date_created));
    if (clock().getTime() - approvedAt > 180 * 86_400_000)
      return badRequest('Payment too old to be refunded', 2024, 'Payment-too-old-to-be-refunded');
    // "Criar reembolso": "Se o campo amount estiver preechido, será criado um reembolso parcial, caso
    // contrário, se criará um reembolso total", and 4040 "amount-attribute-must-be-positive".
    // "Reembolsos e cancelamentos": "Reembolsos podem ser feitos de duas maneiras: **integral**,
    // quando o valor total da venda é devolvido ao comprador ou **parcial**, quando apenas parte do
    // valor pago é retornado ao comprador." So the refunds of a payment add up to at most what was
    // captured. A documentação não diz o erro de um reembolso maior que o saldo do pagamento; o fake
    // responde 400 `refund_amount_exceeds`. Nem diz quantas casas decimais `amount` aceita; o fake
    // recusa mais de duas (4040), como em transaction_amount.
    const available = cents(payment.transaction_amount) - cents(payment.transaction_amount_refunded);
    const amount = body.amount === undefined ? available / 100 : body.amount;
    if (
      typeof amount !== 'number' ||
      !(amount > 0) ||
      Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6
    )
      return badRequest('Invalid refund amount', 4040, 'amount attribute must be positive');
    if (cents(amount) > available)
      return badRequest(
        'Invalid refund amount',
        'refund_amount_exceeds',
        'The refund amount exceeds the available balance',
      );
    // The seller's balance. "Devoluções e cancelamentos" (devsite-docs guides/manage-account/
    // account/cancellations-and-refunds.pt.md): "Deve haver saldo suficiente disponível em sua conta
    // para efetuar a devolução do valor do pagamento com sucesso. Caso contrário, obterá um erro
    // `400 Bad Request`." ("Reembolsos e cancelamentos", guides/additional-content/account/
    // cancellations-and-refunds.pt.md: "Saldo em conta: é preciso ter saldo suficiente disponível em
    // sua conta para efetuar a devolução do valor, caso contrário, a transação não será realizada.") The docs give neither a code nor a
    // message for it, nor say in which order the checks run: the fake answers a bare 400 (no cause)
    // after the documented refusals above. The balance is not modelled unless a test sets it
    // (`setBalance`): money received does not add to it (the docs' release dates are not modelled);
    // a refund made takes from it.
    if (balanceCents !== null && cents(amount) > balanceCents)
      return { status: 400, body: { message: 'Bad Request', error: 'bad_request', status: 400, cause: [] } };
    if (balanceCents !== null) balanceCents -= cents(amount);
    const refundRow = {
      id: nextRefundId++,
      payment_id: paymentId,
      amount,
      metadata: {},
      source: { id: '123456789', name: 'Salas', type: 'collector' },
      date_created: mpDate(clock()),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      labels: [],
      amount_refunded_to_payer: amount,
      partition_details: [],
    };
    payment.refunds.push(refundRow);
    payment.transaction_amount_refunded = (cents(payment.transaction_amount_refunded) + cents(amount)) / 100;
    if (cents(payment.transaction_amount_refunded) === cents(payment.transaction_amount)) {
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
    }
    payment.date_last_updated = mpDate(clock());
    return { status: 201, body: refundRow };
  }

  /** The fake's own controls (see `FakeMercadoPagoOptions.controls`). */
  async function control(method: string, path: string, body: Json): Promise<Reply> {
    const summary = (p: FakePayment) => ({
      id: p.id,
      status: p.status,
      status_detail: p.status_detail,
      external_reference: p.external_reference,
      payment_method_id: p.payment_method_id,
      transaction_amount: p.transaction_amount,
      transaction_amount_refunded: p.transaction_amount_refunded,
      notification_url: p.notification_url,
    });
    if (method === 'GET' && path === '/__fake/payments')
      return { status: 200, body: { payments: [...payments.values()].map(summary) } };
    if (method === 'POST' && path === '/__fake/balance') {
      balanceCents = typeof body.cents === 'number' ? body.cents : null;
      return { status: 200, body: { balance_cents: balanceCents } };
    }
    const [, id, action] = path.match(/^\/__fake\/payments\/(\d+)\/(approve|status)$/) ?? [];
    if (method === 'POST' && id && action) {
      if (!payments.has(Number(id))) return { status: 404, body: { message: `no payment ${id}` } };
      const payment =
        action === 'approve'
          ? setStatus(id, 'approved', 'accredited')
          : setStatus(id, String(body.status ?? ''), String(body.status_detail ?? body.status ?? ''));
      const secret = opts.controls?.webhookSecret;
      const notified =
        secret && body.notify !== false
          ? await deliver(id, { secret, url: opts.controls?.notificationUrl }).catch((err: unknown) => ({
              error: String(err),
            }))
          : null;
      return { status: 200, body: { payment: summary(payment), notification: notified } };
    }
    return { status: 404, body: { message: 'unknown control' } };
  }

  const matches = (s: Match, method: string, path: string) =>
    (!s.method || s.method === method) &&
    (!s.path || (typeof s.path === 'string' ? s.path === path : s.path.test(path)));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (opts.controls && path.startsWith('/__fake/')) {
      const reply = await control(method, path, body && typeof body === 'object' ? (body as Json) : {});
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
      return;
    }
    requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
      at: clock().getTime(),
    });

    const send = (reply: Reply) => {
      if (res.destroyed) return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    };
    const stepAt = steps.findIndex((s) => matches(s, method, path));
    const step = stepAt >= 0 ? steps.splice(stepAt, 1)[0] : undefined;
    if (step && 'status' in step) {
      const reply = mpError(
        step.status,
        step.status === 429 ? 'Too many requests' : 'scripted failure',
        'scripted',
      );
      return send({
        status: step.status,
        body: step.body ?? reply.body,
        headers:
          step.retryAfterSeconds !== undefined ? { 'retry-after': String(step.retryAfterSeconds) } : {},
      });
    }
    if (step && step.process === false) return void setTimeout(() => res.destroy(), step.hangMs);

    const reply = await processRequest(method, path, url, req, body);
    if (step) return void setTimeout(() => send(reply), step.hangMs);
    send(reply);
  }

  /**
   * The seller's authorization page (auth.mercadopago.com/authorization in production; here on the
   * fake's own host): a test seller approves at once and the browser goes to `redirect_uri` with
   * `code` and `state`. "Criação" (devsite-docs guides/additional-content/security/oauth/
   * creation.pt.md): "Verifique na Redirect URL do seu servidor o código de autorização retornado no
   * parâmetro **code**" (`https://www.redirect-url.com?code=CODE&state=RANDOM_ID`).
   */
  function authorizePage(query: Record<string, string>): Reply {
    if (query.client_id !== app.clientId || query.response_type !== 'code' || !query.redirect_uri)
      return { status: 400, body: { message: 'invalid authorization request' } };
    const code = authorize({
      redirectUri: query.redirect_uri,
      codeChallenge: query.code_challenge,
      codeChallengeMethod: query.code_challenge_method,
    });
    const back = new URL(query.redirect_uri);
    back.searchParams.set('code', code);
    if (query.state) back.searchParams.set('state', query.state);
    return { status: 302, body: null, headers: { location: back.toString() } };
  }

  /** A seller approved: a code for `redirectUri` (and the PKCE challenge, when sent). */
  function authorize(o: {
    redirectUri: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
    userId?: number;
  }) {
    const code = `TG-${randomBytes(12).toString('hex')}-${o.userId ?? nextSellerId}`;
    codes.set(code, {
      userId: o.userId ?? nextSellerId++,
      redirectUri: o.redirectUri,
      challenge: o.codeChallenge,
      method: o.codeChallengeMethod,
      // "o código recebido pela Redirect URL após a autorização tem validade de 10 minutos" (Criação).
      expiresAt: clock().getTime() + 10 * 60_000,
    });
    return code;
  }

  function issueTokens(userId: number): Reply {
    const accessToken = `APP_USR-${app.clientId}-${randomBytes(6).toString('hex')}-${randomBytes(16).toString('hex')}-${userId}`;
    const refreshToken = `TG-${randomBytes(12).toString('hex')}-${userId}`;
    // "Por padrão o tempo de expiração é 180 dias (15552000 segundos)" (oauth.json, expires_in).
    const expiresIn = 15_552_000;
    sellerTokens.set(accessToken, { userId, expiresAt: clock().getTime() + expiresIn * 1000 });
    refreshTokens.set(refreshToken, userId);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: expiresIn,
        scope: 'offline_access read write',
        user_id: userId,
        refresh_token: refreshToken,
        public_key: `APP_USR-${randomBytes(4).toString('hex')}-${randomBytes(6).toString('hex')}`,
        live_mode: false,
      },
    };
  }

  /**
   * POST /oauth/token. "Criar/atualizar token" (devsite-docs reference/api-json/oauth.json): body
   * client_secret and client_id (`"required": true`), grant_type (authorization_code, refresh_token,
   * client_credentials), code ("Tem validade de 10 minutos contados a partir da sua geração.
   * Requerido quando grant_type=authorization_code"), code_verifier ("Código gerado quando a
   * verificação por PKCE estiver sido habilitada"), redirect_uri ("Requerido apenas quando
   * grant_type=authorization_code"), refresh_token ("Requerido apenas quando
   * grant_type=refresh_token"). PKCE (oauth/pkce.pt.md): S256 is "BASE64URL" of "SHA256" of the
   * verifier. "Renovação" (oauth/renewal.pt.md): "cada vez que você renovar o `access_token`, o
   * `refresh_token` também vai ser renovado". The docs do not say whether a code can be used twice,
   * whether the old refresh token still works after a renewal, nor the errors' codes: the fake takes
   * each code and refresh token once and answers 400 `invalid_grant` (OAuth 2.0's word) to anything
   * refused, 401 `invalid_client` to wrong application credentials. It does not model
   * client_credentials.
   */
  function oauthToken(body: Json): Reply {
    const refuse = (error: string, status = 400) => ({
      status,
      body: { message: error, error, status, cause: [] },
    });
    if (body.client_id !== app.clientId || body.client_secret !== app.clientSecret)
      return refuse('invalid_client', 401);
    if (body.grant_type === 'authorization_code') {
      const grant = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (!grant) return refuse('invalid_grant');
      codes.delete(body.code as string);
      if (grant.expiresAt < clock().getTime() || grant.redirectUri !== body.redirect_uri)
        return refuse('invalid_grant');
      if (grant.challenge) {
        const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
        const computed =
          grant.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (!verifier || computed !== grant.challenge) return refuse('invalid_grant');
      }
      return issueTokens(grant.userId);
    }
    if (body.grant_type === 'refresh_token') {
      const userId =
        typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
      if (userId === undefined) return refuse('invalid_grant');
      refreshTokens.delete(body.refresh_token as string);
      return issueTokens(userId);
    }
    return refuse('unsupported_grant_type');
  }

  /** The account a bearer token acts for, or null (unknown or expired). */
  function accountOf(authorization: string | string[] | undefined): number | null {
    if (authorization === `Bearer ${accessToken}`) return PLATFORM_ACCOUNT;
    const token = typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : '';
    const seller = sellerTokens.get(token);
    return seller && seller.expiresAt > clock().getTime() ? seller.userId : null;
  }

  async function processRequest(
    method: string,
    path: string,
    url: URL,
    req: IncomingMessage,
    body: unknown,
  ): Promise<Reply> {
    if (method === 'GET' && path === '/authorization')
      return authorizePage(Object.fromEntries(url.searchParams));
    if (method === 'POST' && path === '/oauth/token')
      return oauthToken(body && typeof body === 'object' ? (body as Json) : {});
    // "Pesquisa de pagamentos" (Ferramentas adicionais) and every API example send
    // `--header 'Authorization: Bearer ACCESS_TOKEN'`. A documentação não mostra a resposta a um
    // token errado; o fake responde 401.
    const account = accountOf(req.headers.authorization);
    if (account === null)
      return mpError(401, 'invalid access token', 'unauthorized', [
        { code: 2000, description: 'invalid access token' },
      ]);
    caller = account;
    if (method !== 'POST')
      return route(
        method,
        path,
        Object.fromEntries(url.searchParams),
        method === 'PUT' && body && typeof body === 'object' ? (body as Json) : {},
      );
    // X-Idempotency-Key. "Criar pagamento" (devsite-docs reference/api-json/payments.json, POST
    // /v1/payments) and "Criar reembolso" (reference/api-json/chargebacks.json, POST
    // /v1/payments/{id}/refunds; linked as /developers/pt/reference/chargebacks/_payments_id_refunds/
    // post from "Reembolsos e cancelamentos") declare the header `"required": true` and describe
    // it: "Esta função permite repetir solicitações de forma
    // segura, sem o risco de realizar a mesma ação mais de uma vez por engano. Isso é útil para evitar
    // erros, como a criação de dois pagamentos idênticos, por exemplo." ("… dois reembolsos
    // idênticos …" on the refund page). "Criar reembolso" lists the error for a missing one: 4292
    // "Header-X-Idempotency-Key-can’t-be-null". "Reembolsos e cancelamentos" (guides/
    // additional-content/account/cancellations-and-refunds.pt.md): "Seu preenchimento é importante
    // para garantir a execução e re-execução de requisições sem que haja efeitos colaterais como por
    // exemplo, pagamentos em duplicidade em casos de reembolso."
    // "Idempotência" (Wallet Connect, devsite-docs guides/wallet-connect/idempotency.pt.md), the one
    // page that says what a repeated key answers: "Se o pagamento antecipado já foi criado, suas
    // informações são retornadas sem a criação de um novo pagamento." The fake does the same for
    // every POST: what it made (a 2xx) is answered again, byte for byte, for every repetition (same
    // method, path and key), without looking at the body, forever. A documentação não diz por quanto
    // tempo a chave vale, nem o que acontece com a mesma chave e outro corpo, nem o que uma chave
    // repetida responde depois de uma recusa (4xx), que não criou nada: o fake não guarda a recusa,
    // e a mesma chave é processada de novo — é disso que depende um reembolso recusado por falta de
    // saldo, que o trabalho de reembolsos reenvia com a sua chave (confira na homologação).
    // The docs give 4292 only on the refund page (listed under 404); the fake answers it, as a 400,
    // for every POST.
    const key = req.headers['x-idempotency-key'];
    if (typeof key !== 'string' || !key)
      return badRequest(
        'Header X-Idempotency-Key can’t be null',
        4292,
        'Header-X-Idempotency-Key-can’t-be-null',
      );
    const cacheKey = `${caller} ${method} ${path} ${key}`;
    const seen = idempotent.get(cacheKey);
    if (seen) return seen;
    const reply = await route(method, path, {}, body && typeof body === 'object' ? (body as Json) : {});
    if (reply.status >= 200 && reply.status < 300) idempotent.set(cacheKey, reply);
    return reply;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(err), error: 'internal_error', status: 500, cause: [] }));
      }
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;

  function setStatus(id: number | string, status: string, detail: string) {
    const payment = payments.get(Number(id));
    if (!payment) throw new Error(`fake Mercado Pago: no payment ${id}`);
    payment.status = status;
    payment.status_detail = detail;
    payment.date_last_updated = mpDate(clock());
    if (status === 'approved') {
      payment.date_approved = mpDate(clock());
      payment.money_release_date = mpDate(clock());
    }
    return payment;
  }

  // Signed as "Webhooks" (devsite-docs guides/additional-content/your-integrations/webhooks.pt.md)
  // says: `x-signature: ts=…,v1=…`, v1 the HMAC SHA256 in hex, with the secret, of
  // "id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];".
  function notification(
    id: number | string,
    o: {
      secret: string;
      now?: Date;
      notificationId?: string | number;
      requestId?: string;
      action?: string;
    },
  ) {
    const ts = String(Math.floor((o.now ?? clock()).getTime() / 1000));
    const requestId = o.requestId ?? `${randomBytes(4).toString('hex')}-req`;
    const dataId = String(id);
    const rawBody = JSON.stringify({
      action: o.action ?? 'payment.updated',
      api_version: 'v1',
      data: { id: dataId },
      date_created: mpDate(o.now ?? clock()),
      id: o.notificationId ?? Number(`1${randomBytes(4).readUInt32BE()}`),
      live_mode: false,
      type: 'payment',
      user_id: '123456789',
    });
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': `ts=${ts},v1=${createHmac('sha256', o.secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex')}`,
      } as Record<string, string | undefined>,
      query: { 'data.id': dataId, type: 'payment' } as Record<string, string | undefined>,
    };
  }

  /**
   * Sends the signed notification of a payment to its `notification_url` (or to `url`), as Mercado
   * Pago does. "Webhooks": "As URLs configuradas durante a criação do pagamento terão prioridade
   * sobre aquelas configuradas através de Suas integrações"; the signed `data.id` comes in the query
   * ("Parâmetros com sufixo `_url` são provenientes de _query params_ … Esse `query param` poderá ser
   * encontrado na notificação recebida"). The docs do not list the other query parameters; the fake
   * adds `type=payment`, as `notification` does.
   */
  async function deliver(id: number | string, o: { secret: string; url?: string }) {
    const target = o.url ?? payments.get(Number(id))?.notification_url;
    if (typeof target !== 'string' || !target)
      throw new Error(`fake Mercado Pago: no notification_url for payment ${id}`);
    const n = notification(id, { secret: o.secret });
    const url = new URL(target);
    for (const [k, v] of Object.entries(n.query)) if (v !== undefined) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method: 'POST',
      headers: n.headers as Record<string, string>,
      body: n.rawBody,
    });
    return { url: url.toString(), status: res.status, body: await res.text() };
  }

  return {
    url: `http://${host}:${port}`,
    accessToken,
    /** The provider's clock, for an adapter that should count from the same instant. */
    clock,
    requests,
    payments,
    customers,
    /** The application's OAuth credentials and the seller tokens it issued (split 1:1). */
    oauth: app,
    sellerTokens,
    /** A test seller approves the application: a code for `/oauth/token`. */
    authorize,
    /** Ends a seller's access token now (its refresh token still works). */
    expireSellerToken(token: string) {
      const seller = sellerTokens.get(token);
      if (seller) seller.expiresAt = clock().getTime() - 1;
    },
    /** Queues answers for the next matching request(s), in order. */
    script(...next: ScriptStep[]) {
      steps.push(...next);
    },
    /**
     * The seller's balance for refunds, in centavos (`null`, the default: always enough). A refund
     * larger than it is refused with Mercado Pago's 400; one made takes from it.
     */
    setBalance(cents: number | null) {
      balanceCents = cents;
    },
    /** The payer pays the Pix (or the review approves the card). */
    approve: (id: number | string) => setStatus(id, 'approved', 'accredited'),
    reject: (id: number | string, detail = 'cc_rejected_other_reason') => setStatus(id, 'rejected', detail),
    setStatus,
    /** The notification Mercado Pago would POST to our webhook about a payment, signed. */
    notification,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>;
