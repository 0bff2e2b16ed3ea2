/**
 * Clinics that sign themselves up (issue 31, docs/decisions/0039): the public sign-up, the partner's
 * own approval status and its request for another look, and the operator's approve / reject.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPartnerSchema, rejectPartnerBody } from '#common/contracts/admin';
import { userResponse } from '#common/contracts/auth';
import { partnerApprovalResponse, partnerSignupBody } from '#common/contracts/partner';
import { currentUser, currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as signup from './partner-signup.service.ts';

const security = [{ bearer: [] }];
const partnerResponse = z.object({ data: adminPartnerSchema });

/** POST /api/partner/signup: open to visitors, like /api/customer/register. */
const publicRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/partner/signup',
      {
        schema: {
          tags: ['conta'],
          summary:
            'Cadastro de parceiro (clínica ou coworking): conta em análise e código de confirmação por e-mail',
          description:
            'Aberto a visitantes, como o cadastro de especialista: responde 201 com o `User` (papel `partner`, e-mail não confirmado) e envia o código; `POST /api/user/verify-email` confirma e abre a sessão. E-mail já usado: 422 com `errors.email: ["Email existente"]`. O cadastro fica em análise até o operador aprovar.',
          body: partnerSignupBody,
          response: { 201: userResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await signup.signUpPartner(s, request.body, { ip: request.ip }) }),
    );
  };

const params = z.object({ partner: z.uuid() });

/** The partner's own sign-up status. */
const partnerRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    app.addHook('preValidation', requireSelf('partner'));

    app.get(
      '/partner/:partner/approval',
      {
        schema: {
          tags: ['parceiro'],
          security,
          summary: 'Situação do cadastro do parceiro (em análise, aprovado ou recusado, com o motivo)',
          params,
          response: { 200: partnerApprovalResponse },
        },
      },
      async (request) => ({
        data: await signup.approvalStatus(s, currentUserNamed(request, request.params.partner).id),
      }),
    );

    app.post(
      '/partner/:partner/approval/review',
      {
        schema: {
          tags: ['parceiro'],
          security,
          summary: 'Pede uma nova análise de um cadastro recusado (409 se não estiver recusado)',
          params,
          response: { 200: partnerApprovalResponse },
        },
      },
      async (request) => ({
        data: await signup.requestReview(s, currentUserNamed(request, request.params.partner).id),
      }),
    );
  };

/** The operator's decision on a sign-up. */
const operatorRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));
    const tags = ['operador: pessoas'];
    const idParams = z.object({ id: z.uuid() });

    app.post(
      '/fusion/partner/:id/approve',
      {
        schema: {
          tags,
          security,
          summary: 'Aprova o cadastro de um parceiro (e-mail confirmado); o parceiro recebe um e-mail',
          params: idParams,
          response: { 200: partnerResponse },
        },
      },
      async (request) => ({
        data: await signup.approvePartner(s, currentUser(request).id, request.params.id),
      }),
    );

    app.post(
      '/fusion/partner/:id/reject',
      {
        schema: {
          tags,
          security,
          summary: 'Recusa um cadastro em análise, com o motivo, que o parceiro recebe por e-mail',
          params: idParams,
          body: rejectPartnerBody,
          response: { 200: partnerResponse },
        },
      },
      async (request) => ({
        data: await signup.rejectPartner(s, currentUser(request).id, request.params.id, request.body.reason),
      }),
    );
  };

export const partnerSignupRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(publicRoutes(s));
    await app.register(partnerRoutes(s));
    await app.register(operatorRoutes(s));
  };
