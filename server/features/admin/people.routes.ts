import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBasicDataBody,
  adminPartnerSchema,
  adminSpecialistPage,
  adminSpecialistSchema,
  adminUserActivitySchema,
  adminUserDetailSchema,
  allUsersSchema,
  customerSearchBody,
  customerStoreBody,
  inviteResponse,
  partnerFutureResponse,
  partnerStoreBody,
  setActiveBody,
  setActiveResponse,
  sortedQuery,
  usersQuery,
} from '#common/contracts/admin';
import { pageMeta, pageQuery } from '#common/contracts/rooms';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as activity from './people.activity.ts';
import * as people from './people.service.ts';

const tags = ['operador: pessoas'];
const security = [{ bearer: [] }];
const userParams = z.object({ id: z.uuid() });

/** Specialists and partners for the operator (SPEC §7 Specialists and Partners). */
export const peopleRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));

    app.get(
      '/fusion/customer/sorted',
      {
        schema: {
          tags,
          security,
          summary:
            'Especialistas em páginas, ordenados (sort = name | email | created_at, order = asc | desc)',
          querystring: sortedQuery,
          response: { 200: adminSpecialistPage },
        },
      },
      async (request) => people.specialistsSorted(s, request.query),
    );

    app.get(
      '/fusion/customer/search',
      {
        schema: {
          tags,
          security,
          summary: 'Busca de especialistas por nome, e-mail ou CPF (na query)',
          querystring: pageQuery.extend(customerSearchBody.shape),
          response: { 200: adminSpecialistPage },
        },
      },
      async (request) =>
        people.searchSpecialists(s, request.query, request.query.page, request.query.per_page),
    );

    app.post(
      '/fusion/customer/search',
      {
        schema: {
          tags,
          security,
          summary: 'Busca de especialistas por nome, e-mail ou CPF',
          querystring: pageQuery,
          body: customerSearchBody,
          response: { 200: adminSpecialistPage },
        },
      },
      async (request) =>
        people.searchSpecialists(s, request.body, request.query.page, request.query.per_page),
    );

    app.get(
      '/fusion/users/:role',
      {
        schema: {
          tags,
          security,
          summary:
            'Especialistas (customer) ou parceiros (partner); paginate=false traz todos; approval=pending filtra os parceiros em análise',
          params: z.object({
            role: z.enum(['customer', 'partner'], { message: 'Use customer ou partner.' }),
          }),
          querystring: usersQuery,
          response: {
            200: z.object({
              data: z.array(z.union([adminSpecialistSchema, adminPartnerSchema])),
              meta: pageMeta,
            }),
          },
        },
      },
      async (request) =>
        people.usersByRole(
          s,
          request.params.role,
          request.query.paginate === 'true',
          request.query.page,
          request.query.per_page,
          request.query.approval,
        ),
    );

    app.get(
      '/fusion/allusers/:x',
      {
        schema: {
          tags,
          security,
          summary: 'Todas as contas, ou as de um papel ({x} = todos | customer | partner | admin | owner)',
          params: z.object({
            x: z.enum(['todos', 'customer', 'partner', 'admin', 'owner'], { message: 'Papel inválido.' }),
          }),
          querystring: pageQuery,
          response: { 200: z.object({ data: z.array(allUsersSchema), meta: pageMeta }) },
        },
      },
      async (request) => people.allUsers(s, request.params.x, request.query.page, request.query.per_page),
    );

    app.get(
      '/fusion/user/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Uma conta com seus dados, clínicas e salas, e o histórico de ações do operador',
          params: userParams,
          response: { 200: z.object({ data: adminUserDetailSchema }) },
        },
      },
      async (request) => ({ data: await people.userDetail(s, request.params.id) }),
    );

    app.post(
      '/fusion/customer/store',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um especialista, que recebe um e-mail para definir a senha',
          body: customerStoreBody,
          response: { 201: z.object({ data: adminSpecialistSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await people.createSpecialist(s, currentUser(request), request.body) }),
    );

    app.post(
      '/fusion/user',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um parceiro num plano, que recebe um e-mail para definir a senha',
          body: partnerStoreBody,
          response: { 201: z.object({ data: adminPartnerSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await people.createPartner(s, currentUser(request), request.body) }),
    );

    app.post(
      '/fusion/setActiveStatus',
      {
        schema: {
          tags,
          security,
          summary: 'Ativa (1) ou desativa (0) uma conta, com efeito imediato',
          body: setActiveBody,
          response: { 200: setActiveResponse },
        },
      },
      async (request) => ({ data: await people.setActive(s, currentUser(request), request.body) }),
    );

    app.get(
      '/fusion/partner/:id/future-appointments',
      {
        schema: {
          tags,
          security,
          summary: 'Agendamentos futuros das salas de um parceiro (antes de suspendê-lo)',
          params: z.object({ id: z.uuid() }),
          response: { 200: partnerFutureResponse },
        },
      },
      async (request) => ({ data: await people.partnerFuture(s, request.params.id) }),
    );

    app.put(
      '/fusion/basicdata/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Nome, telefone, razão social e plano de um parceiro',
          params: userParams,
          body: adminBasicDataBody,
          response: { 200: z.object({ data: adminPartnerSchema }) },
        },
      },
      async (request) => ({
        data: await people.updatePartnerBasic(s, currentUser(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/fusion/user/:id/activity',
      {
        schema: {
          tags,
          security,
          summary:
            'Horários fixos, listas de espera, cartões salvos (bandeira e final) e se o convite para definir a senha está em aberto',
          params: userParams,
          response: { 200: z.object({ data: adminUserActivitySchema }) },
        },
      },
      async (request) => ({ data: await activity.userActivity(s, request.params.id) }),
    );

    app.post(
      '/fusion/user/:id/invite',
      {
        schema: {
          tags,
          security,
          summary: 'Reenvia o convite para definir a senha (conta ativa que ainda não tem senha)',
          params: userParams,
          response: { 200: inviteResponse },
        },
      },
      async (request) => ({
        data: await activity.resendInvitation(s, currentUser(request), request.params.id),
      }),
    );
  };
