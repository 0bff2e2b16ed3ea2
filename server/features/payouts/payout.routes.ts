import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateRangeBody } from '#common/contracts/admin';
import {
  balancesResponse,
  createPayoutBody,
  payoutListResponse,
  payoutMessages,
  payoutResponse,
  payoutsQuery,
  payPayoutBody,
  statementQuery,
  statementResponse,
} from '#common/contracts/payouts';
import { currentUser, requireRole, requireSelf } from '../../plugins/auth.ts';
import { spreadsheetAnswer, XLSX } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import { contentDisposition } from '../admin/marketplace.routes.ts';
import { exportPayouts, exportStatement } from './payout.exports.ts';
import * as payouts from './payout.service.ts';

const security = [{ bearer: [] }];
const partnerParams = z.object({ partner: z.uuid() });
const monthQuery = z.object({
  month: z
    .string({ message: 'Informe o mês (aaaa-mm).' })
    .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'Mês inválido: use aaaa-mm.'),
});

/** A partner's statement and payouts: the partner itself, or an operator (another partner: 404). */
export const partnerPayoutRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner', 'owner', 'admin'));
    // Another partner's uuid is 404 before anything of the request is read (its dates, its month).
    app.addHook(
      'preValidation',
      requireSelf('partner', { mayNameAnyone: ['owner', 'admin'], notFound: payoutMessages.partnerNotFound }),
    );
    const tags = ['parceiro: repasses'];

    app.get(
      '/partner/:partner/statement',
      {
        schema: {
          tags,
          security,
          summary:
            'Extrato do parceiro: cada agendamento pago do período, com bruto, reembolsos, comissão, líquido e quando fica disponível',
          params: partnerParams,
          querystring: statementQuery,
          response: { 200: statementResponse },
        },
      },
      async (request) => {
        const partner = await payouts.partnerFor(s, currentUser(request), request.params.partner);
        return { data: await payouts.statement(s, partner.id, request.query) };
      },
    );

    app.get(
      '/partner/:partner/statement.xlsx',
      {
        schema: {
          tags,
          security,
          summary: 'Extrato do mês em planilha (Extrato-{aaaa-mm}.xlsx)',
          params: partnerParams,
          querystring: monthQuery,
          ...spreadsheetAnswer('Planilha do extrato do mês'),
        },
      },
      async (request, reply) => {
        const partner = await payouts.partnerFor(s, currentUser(request), request.params.partner);
        return reply
          .type(XLSX)
          .header('Content-Disposition', contentDisposition(`Extrato-${request.query.month}.xlsx`))
          .header('Cache-Control', 'no-store')
          .send(exportStatement(s, partner.id, request.query.month));
      },
    );

    app.get(
      '/partner/:partner/payouts',
      {
        schema: {
          tags,
          security,
          summary: 'Repasses feitos ao parceiro',
          params: partnerParams,
          response: { 200: payoutListResponse },
        },
      },
      async (request) => {
        const partner = await payouts.partnerFor(s, currentUser(request), request.params.partner);
        return { data: await payouts.listPayouts(s, { partnerId: partner.id }) };
      },
    );
  };

/** The operator's payouts: balances, making, paying and canceling payouts, the bank spreadsheet. */
export const operatorPayoutRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));
    const tags = ['operador: repasses'];
    const idParams = z.object({ id: z.uuid() });

    app.get(
      '/fusion/payouts/balances',
      {
        schema: {
          tags,
          security,
          summary: 'Saldo de cada parceiro: a receber, disponível, repassado',
          response: { 200: balancesResponse },
        },
      },
      async () => ({ data: await payouts.balances(s) }),
    );

    app.get(
      '/fusion/payouts',
      {
        schema: {
          tags,
          security,
          summary: 'Repasses (os 200 mais recentes)',
          querystring: payoutsQuery,
          response: { 200: payoutListResponse },
        },
      },
      async (request) => ({ data: await payouts.listPayouts(s, { status: request.query.status }) }),
    );

    app.post(
      '/fusion/payouts',
      {
        schema: {
          tags,
          security,
          summary: 'Cria o repasse de tudo o que está disponível para o parceiro (422 se nada)',
          body: createPayoutBody,
          response: { 201: payoutResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await payouts.createPayout(s, currentUser(request), request.body.partner_uuid) }),
    );

    app.post(
      '/fusion/payouts/:id/paid',
      {
        schema: {
          tags,
          security,
          summary: 'Registra o repasse como pago, com o comprovante (e avisa o parceiro)',
          params: idParams,
          body: payPayoutBody,
          response: { 200: payoutResponse },
        },
      },
      async (request) => ({ data: await payouts.payPayout(s, request.params.id, request.body.reference) }),
    );

    app.post(
      '/fusion/payouts/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancela um repasse pendente (as linhas voltam a ficar disponíveis)',
          params: idParams,
          response: { 200: payoutResponse },
        },
      },
      async (request) => ({ data: await payouts.cancelPayout(s, request.params.id) }),
    );

    app.post(
      '/fusion/exportPayouts',
      {
        schema: {
          tags,
          security,
          summary: 'Planilha Repasses-{início}-{fim}.xlsx, com conta bancária e chave Pix de cada parceiro',
          body: dateRangeBody,
          ...spreadsheetAnswer('Planilha dos repasses'),
        },
      },
      async (request, reply) =>
        reply
          .type(XLSX)
          .header(
            'Content-Disposition',
            contentDisposition(`Repasses-${request.body.dateInit}-${request.body.dateEnd}.xlsx`),
          )
          .header('Cache-Control', 'no-store')
          .send(exportPayouts(s, request.body)),
    );
  };
