import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAppointmentPage,
  adminAppointmentsBody,
  adminFacilitySchema,
  adminRoomPage,
  adminRoomsQuery,
  availableRoomsSchema,
  coworkingCountSchema,
  dashboardQuery,
  dateRangeBody,
  facilityBody,
  frequentSchedulesSchema,
  planBody,
  planSchema,
  salesTurnoverSchema,
  setFixedBody,
  specialistsStatsSchema,
} from '#common/contracts/admin';
import { pageMeta, pageQuery } from '#common/contracts/rooms';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import { spreadsheetAnswer, XLSX } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as dashboard from './dashboard.service.ts';
import { exportAppointments, exportFileName, exportFinance } from './exports.service.ts';
import * as market from './marketplace.service.ts';

const tags = ['operador: marketplace'];
const security = [{ bearer: [] }];
const uuidParams = z.object({ id: z.uuid() });

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export const contentDisposition = (name: string) =>
  `attachment; filename="${name.normalize('NFD').replace(/[^\x20-\x7e]/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const dashboards = {
  coworkingcount: {
    summary: 'Clínicas e salas',
    schema: coworkingCountSchema,
    run: dashboard.coworkingCount,
  },
  frequentschedules: {
    summary: 'Agendamentos por dia da semana e hora',
    schema: frequentSchedulesSchema,
    run: dashboard.frequentSchedules,
  },
  salesturnover: {
    summary: 'Faturamento, comissão e líquido',
    schema: salesTurnoverSchema,
    run: dashboard.salesTurnover,
  },
  specialists: {
    summary: 'Especialistas novos e ativos',
    schema: specialistsStatsSchema,
    run: dashboard.specialistsStats,
  },
  availableRooms: {
    summary: 'Ocupação das salas ativas',
    schema: availableRoomsSchema,
    run: dashboard.availableRooms,
  },
} as const;

/** Rooms, appointments, exports, facilities, plans and dashboards for the operator (SPEC §7). */
export const marketplaceRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));

    app.get(
      '/fusion/rooms',
      {
        schema: {
          tags,
          security,
          summary: 'Todas as salas, com busca e filtros (parceiro, fixada, ativa)',
          querystring: adminRoomsQuery,
          response: { 200: adminRoomPage },
        },
      },
      async (request) => market.listRooms(s, request.query),
    );

    app.post(
      '/fusion/room/setFixed',
      {
        schema: {
          tags,
          security,
          summary: 'Fixa (1) ou solta (0) uma sala no topo da busca pública',
          body: setFixedBody,
          response: { 200: z.object({ data: z.object({ uuid: z.uuid(), fixed: z.number().int() }) }) },
        },
      },
      async (request) => ({ data: await market.setFixed(s, currentUser(request), request.body) }),
    );

    app.post(
      '/fusion/appointments',
      {
        schema: {
          tags,
          security,
          summary: 'Agendamentos de um período, com filtros de parceiro, clínica, sala e situação',
          querystring: pageQuery,
          body: adminAppointmentsBody,
          response: { 200: adminAppointmentPage },
        },
      },
      async (request) => market.listAppointments(s, request.body, request.query.page, request.query.per_page),
    );

    app.post(
      '/fusion/appointment/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Agendamentos de uma pessoa ({id} = uuid do especialista ou do parceiro) num período',
          params: uuidParams,
          querystring: pageQuery,
          body: dateRangeBody,
          response: { 200: adminAppointmentPage },
        },
      },
      async (request) =>
        market.appointmentsOfUser(
          s,
          request.params.id,
          request.body,
          request.query.page,
          request.query.per_page,
        ),
    );

    for (const [path, prefix, write, description] of [
      ['/fusion/exportAppointments', 'Agendamentos', exportAppointments, 'Planilha dos agendamentos'],
      ['/fusion/exportFinance', 'Finanças', exportFinance, 'Planilha financeira'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            security,
            summary: `Planilha ${prefix}-{início}-{fim}.xlsx`,
            body: dateRangeBody,
            ...spreadsheetAnswer(description),
          },
        },
        async (request, reply) =>
          reply
            .type(XLSX)
            .header('Content-Disposition', contentDisposition(exportFileName(prefix, request.body)))
            .header('Cache-Control', 'no-store')
            .send(write(s, request.body)),
      );
    }

    app.get(
      '/fusion/facility',
      {
        schema: {
          tags,
          security,
          summary: 'Diferenciais em páginas',
          querystring: pageQuery,
          response: { 200: z.object({ data: z.array(adminFacilitySchema), meta: pageMeta }) },
        },
      },
      async (request) => {
        const page = await market.listFacilities(s, {
          page: request.query.page,
          perPage: request.query.per_page,
        });
        return { data: page.data, meta: page.meta! };
      },
    );

    app.get(
      '/fusion/facilitywithoutpaginate',
      {
        schema: {
          tags,
          security,
          summary: 'Todos os diferenciais',
          response: { 200: z.object({ data: z.array(adminFacilitySchema) }) },
        },
      },
      async () => ({ data: (await market.listFacilities(s)).data }),
    );

    app.get(
      '/fusion/facility/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Um diferencial',
          params: uuidParams,
          response: { 200: z.object({ data: adminFacilitySchema }) },
        },
      },
      async (request) => ({ data: await market.getFacility(s, request.params.id) }),
    );

    app.post(
      '/fusion/facility',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um diferencial',
          body: facilityBody,
          response: { 201: z.object({ data: adminFacilitySchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await market.saveFacility(s, null, request.body) }),
    );

    app.put(
      '/fusion/facility/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Renomeia um diferencial',
          params: uuidParams,
          body: facilityBody,
          response: { 200: z.object({ data: adminFacilitySchema }) },
        },
      },
      async (request) => ({ data: await market.saveFacility(s, request.params.id, request.body) }),
    );

    app.delete(
      '/fusion/facility/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Exclui um diferencial, tirando-o das salas que o têm',
          params: uuidParams,
          response: { 200: z.object({ data: z.object({ uuid: z.uuid(), detached: z.number().int() }) }) },
        },
      },
      async (request) => ({ data: await market.deleteFacility(s, request.params.id) }),
    );

    app.get(
      '/fusion/plan',
      {
        schema: {
          tags,
          security,
          summary: 'Planos',
          response: { 200: z.object({ data: z.array(planSchema) }) },
        },
      },
      async () => ({ data: await market.listPlans(s) }),
    );

    app.post(
      '/fusion/plan',
      {
        schema: {
          tags,
          security,
          summary: 'Cria um plano (comissão em %, mensalidade em centavos)',
          body: planBody,
          response: { 201: z.object({ data: planSchema }) },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await market.savePlan(s, null, request.body) }),
    );

    app.put(
      '/fusion/plan/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Edita um plano',
          params: uuidParams,
          body: planBody,
          response: { 200: z.object({ data: planSchema }) },
        },
      },
      async (request) => ({ data: await market.savePlan(s, request.params.id, request.body) }),
    );

    for (const [name, d] of Object.entries(dashboards)) {
      app.get(
        `/fusion/dashboard/${name}`,
        {
          schema: {
            tags,
            security,
            summary: d.summary,
            querystring: dashboardQuery,
            response: { 200: z.object({ data: d.schema }) },
          },
        },
        async (request) => ({ data: await d.run(s, request.query) }),
      );
    }
  };

/** The same figures for a partner's own rooms (revenue net of the plan's commission). */
export const partnerDashboardRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    for (const [name, d] of Object.entries(dashboards)) {
      app.get(
        `/partner/dashboard/${name}`,
        {
          schema: {
            tags: ['painel do parceiro'],
            security,
            summary: `${d.summary} (salas do parceiro)`,
            querystring: dashboardQuery,
            response: { 200: z.object({ data: d.schema }) },
          },
        },
        async (request) => ({
          data: await d.run(s, { ...request.query, partnerId: currentUser(request).id }),
        }),
      );
    }
  };
