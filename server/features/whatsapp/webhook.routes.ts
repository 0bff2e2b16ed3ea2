import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#common/errors';
import { safeEqual } from '../../lib/crypto.ts';
import type { Services } from '../../services.ts';
import { queueWhatsAppText } from '../notifications/notify.service.ts';
import { applyWebhook, type CancelBooking, validSignature } from './webhook.service.ts';

const tags = ['WhatsApp'];
const OFF = 'O WhatsApp não está ligado neste servidor.';

/** Meta's verification request (query parameters with dots, as Meta sends them). */
const verification = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * GET/POST /api/whatsapp/webhook: Meta's calls, authenticated by the verify token (GET) and the
 * body's signature (POST), not by a session or XSRF. 404 while WhatsApp is off. The booking's
 * cancel is the web's own, handed in by the app (bookings sit above the profiles that end a
 * consent here).
 */
export const whatsappWebhookRoutes =
  (s: Services, cancelBooking: CancelBooking): FastifyPluginAsyncZod =>
  async (app) => {
    const settings = () => {
      if (!s.config.whatsapp) throw new AppError('not_found', OFF);
      return s.config.whatsapp;
    };
    // The signature covers the raw body: keep it as sent.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });

    app.get(
      '/whatsapp/webhook',
      {
        schema: {
          tags,
          summary:
            'Verificação do webhook pela Meta: devolve hub.challenge quando hub.mode=subscribe e hub.verify_token conferem (senão 403)',
          querystring: verification,
          response: {
            200: {
              description: 'O hub.challenge recebido',
              content: { 'text/plain': { schema: z.any().meta({ type: 'string' }) } },
            },
          },
        },
      },
      async (request, reply) => {
        const { verifyToken } = settings();
        const q = request.query;
        if (
          q['hub.mode'] !== 'subscribe' ||
          !q['hub.verify_token'] ||
          !safeEqual(q['hub.verify_token'], verifyToken)
        )
          throw new AppError('forbidden', 'Token de verificação do webhook inválido.');
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    );

    app.post(
      '/whatsapp/webhook',
      {
        schema: {
          tags,
          summary:
            'Eventos do WhatsApp (assinados com X-Hub-Signature-256): situação das mensagens enviadas, toques nos botões de resposta rápida, PARAR',
          response: { 200: z.object({ data: z.object({ received: z.literal(true) }) }) },
        },
      },
      async (request) => {
        const { appSecret } = settings();
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-hub-signature-256'];
        if (!validSignature(raw, typeof signature === 'string' ? signature : undefined, appSecret))
          throw new AppError('unauthenticated', 'Assinatura do webhook inválida.');
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return { data: { received: true as const } };
        }
        await applyWebhook(
          {
            db: s.db,
            clock: s.clock,
            publicUrl: s.config.publicUrl,
            reply: (phone, text) => queueWhatsAppText(s, s.db, { phone, text }),
            cancelBooking,
          },
          body,
        );
        // The chat's answers and a failed message's mail go out now.
        s.mailer.kick();
        return { data: { received: true as const } };
      },
    );
  };
