/**
 * DESIGN §9 "Partners connect Mercado Pago": the partner's status, connect and disconnect (the
 * partner's own uuid only; an operator may read the status), the provider's redirect back (no
 * session: the single-use state names the partner), and the sandbox's authorization page.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectResponse,
  oauthCallbackQuery,
  PAYMENT_SETTINGS_PATH,
  paymentAccountStatusResponse,
} from '#common/contracts/payment-account';
import { AppError, messages } from '#common/errors';
import { sandboxAuthorizationCode } from '../../adapters/payments.ts';
import { users } from '../../db/schema.ts';
import { currentUser, requireRole, requireSelf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as accounts from './payment-account.service.ts';

const tags = ['parceiro: Mercado Pago'];
const security = [{ bearer: [] }];
const params = z.object({ partner: z.uuid() });

/** The partner the path names: the caller itself, or (an operator reading) any partner. */
async function namedPartner(s: Services, caller: { uuid: string; role: string }, uuid: string) {
  if (caller.role === 'partner' && caller.uuid !== uuid) throw new AppError('not_found', messages.notFound);
  const [row] = await s.db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
  if (row?.role !== 'partner') throw new AppError('not_found', messages.notFound);
  return row;
}

export const paymentAccountRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const partnerScope: FastifyPluginAsyncZod = async (scoped) => {
      scoped.addHook('preValidation', requireRole('partner', 'owner', 'admin'));
      // Another partner's uuid is 404 before anything else is read.
      scoped.addHook(
        'preValidation',
        requireSelf('partner', { mayNameAnyone: ['owner', 'admin'], notFound: messages.notFound }),
      );
      // Only the partner connects or disconnects their own account.
      scoped.addHook('preValidation', async (request) => {
        if (currentUser(request).role !== 'partner' && request.method !== 'GET')
          throw new AppError('forbidden', messages.forbidden);
      });

      scoped.get(
        '/partner/:partner/mercadopago',
        {
          schema: {
            tags,
            security,
            summary: 'Conta do Mercado Pago do parceiro: conectada ou não, qual e desde quando',
            params,
            response: { 200: paymentAccountStatusResponse },
          },
        },
        async (request) => {
          const partner = await namedPartner(s, currentUser(request), request.params.partner);
          return { data: await accounts.accountStatus(s, partner.id) };
        },
      );

      scoped.post(
        '/partner/:partner/mercadopago/connect',
        {
          schema: {
            tags,
            security,
            summary:
              'Começa a conexão: a página de autorização do Mercado Pago, com um state de uso único (10 minutos) e PKCE',
            params,
            response: { 200: connectResponse },
          },
        },
        async (request) => ({ data: await accounts.startConnect(s, currentUser(request)) }),
      );

      scoped.delete(
        '/partner/:partner/mercadopago',
        {
          schema: {
            tags,
            security,
            summary: 'Desconecta a conta: as próximas reservas voltam a ser pagas por repasse',
            params,
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          await accounts.disconnect(s, currentUser(request));
          return reply.code(204).send(null);
        },
      );
    };
    await app.register(partnerScope);

    app.get(
      '/mercadopago/oauth/callback',
      {
        schema: {
          tags,
          summary:
            'Volta da autorização do Mercado Pago (sem sessão: o state identifica o parceiro); redireciona à página de dados de pagamento',
          querystring: oauthCallbackQuery,
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        const outcome = await accounts.finishConnect(s, request.query, request.log);
        return reply.redirect(`${PAYMENT_SETTINGS_PATH}?mercadopago=${outcome}`, 302);
      },
    );

    app.get(
      '/sandbox/oauth/authorize',
      {
        schema: {
          tags,
          summary:
            'Página de autorização do sandbox: aprova na hora e volta ao callback com o código (só com PAYMENT_PROVIDER=sandbox)',
          querystring: z.object({
            state: z.string().max(200),
            code_challenge: z.string().regex(/^[\w-]{43}$/),
            redirect_uri: z.string().max(500),
          }),
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        const expected = `${s.config.publicUrl}${accounts.callbackPath}`;
        if (s.payments.name !== 'sandbox' || request.query.redirect_uri !== expected)
          throw new AppError('not_found', messages.notFound);
        const code = sandboxAuthorizationCode(s.config.paymentWebhookSecret, {
          codeChallenge: request.query.code_challenge,
          redirectUri: expected,
          now: s.clock(),
        });
        const back = new URL(expected);
        back.searchParams.set('code', code);
        back.searchParams.set('state', request.query.state);
        // Relative, so it works behind any host the browser used.
        return reply.redirect(`${back.pathname}${back.search}`, 302);
      },
    );
  };
