import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentStatusResponse } from '#common/contracts/booking';
import { paymentAttentionResponse } from '#common/contracts/payments';
import { AppError } from '#common/errors';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { collectorOfRef } from '../payment-accounts/payment-account.service.ts';
import { paymentAttention } from './attention.service.ts';
import { applyEvent, paymentStatus, simulatePaid } from './payment.service.ts';

const statusResponse = paymentStatusResponse;
const security = [{ bearer: [] }];

/** POST /api/payments/webhook: authenticated by its HMAC signature, not by XSRF or a session. */
export const paymentWebhookRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the raw body: keep it as sent.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, body);
      },
    );
    app.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['pagamentos'],
          summary: 'Eventos do provedor de pagamentos (assinados, idempotentes)',
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        const event = await s.payments.readWebhook({
          rawBody: raw,
          headers,
          query: request.query as Record<string, string | undefined>,
          now: s.clock(),
          // A split charge is read back through the partner's account (unknown there: ignored,
          // and the read-back job settles it).
          collectorOf: (ref) => collectorOfRef(s, ref).catch(() => undefined),
        });
        if (event === null) throw new AppError('unauthenticated', 'Assinatura do webhook inválida.');
        if (event === 'ignored') return { data: { received: true, applied: false } };
        const result = await applyEvent(s, event);
        return { data: { received: true, applied: result.applied } };
      },
    );
  };

export const paymentCustomerRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('customer', 'partner'));
    const params = z.object({ id: z.uuid() });
    app.get(
      '/customer/payment/:id',
      {
        schema: {
          tags: ['pagamentos'],
          security,
          summary: 'Situação de um pagamento (para acompanhar o Pix)',
          params,
          response: { 200: statusResponse },
        },
      },
      async (request) => ({ data: await paymentStatus(s, currentUser(request), request.params.id) }),
    );
    app.post(
      '/customer/payment/:id/simulate',
      {
        schema: {
          tags: ['pagamentos'],
          security,
          summary: 'Simula o pagamento de um Pix (fora de produção)',
          params,
          response: { 200: statusResponse },
        },
      },
      async (request) => ({ data: await simulatePaid(s, currentUser(request), request.params.id) }),
    );
  };

/** GET /api/fusion/payments/attention: disputes, the provider's differences, stuck refunds (operator). */
export const paymentAttentionRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));
    app.get(
      '/fusion/payments/attention',
      {
        schema: {
          tags: ['operador: pagamentos'],
          security,
          summary:
            'Pagamentos que pedem a operação: em disputa ou estornados, diferenças achadas na conferência diária com o provedor, reembolsos pendentes há mais de um dia',
          response: { 200: paymentAttentionResponse },
        },
      },
      async () => ({ data: await paymentAttention(s) }),
    );
  };
