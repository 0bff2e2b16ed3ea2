import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  seriesBody,
  seriesChangeResponse,
  seriesCreatedResponse,
  seriesListResponse,
  seriesPreviewResponse,
  seriesSkipBody,
} from '#common/contracts/series';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as seriesService from './series.service.ts';

const tags = ['horário fixo'];
const security = [{ bearer: [] }];
const params = z.object({ uuid: z.uuid() });

/** Horário fixo (decision 0024): those who book (specialists, partners), each on their own series. */
export const seriesRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('customer', 'partner'));

    app.post(
      '/customer/series/preview',
      {
        schema: {
          tags,
          security,
          summary: 'Simula um horário fixo: cada semana livre ou ocupada, e a cobrança de cada mês',
          body: seriesBody,
          response: { 200: seriesPreviewResponse },
        },
      },
      async (request) => ({ data: await seriesService.previewSeries(s, request.body) }),
    );

    app.post(
      '/customer/series',
      {
        schema: {
          tags,
          security,
          summary: 'Reserva um horário fixo e paga o primeiro mês (409 lista as semanas ocupadas)',
          body: seriesBody,
          response: { 201: seriesCreatedResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await seriesService.createSeries(s, currentUser(request), request.body) }),
    );

    app.get(
      '/customer/series',
      { schema: { tags, security, summary: 'Meus horários fixos', response: { 200: seriesListResponse } } },
      async (request) => ({ data: await seriesService.listSeries(s, currentUser(request)) }),
    );

    app.post(
      '/customer/series/:uuid/skip',
      {
        schema: {
          tags,
          security,
          summary: 'Pula uma semana do horário fixo',
          params,
          body: seriesSkipBody,
          response: { 200: seriesChangeResponse },
        },
      },
      async (request) => ({
        data: await seriesService.skipWeek(s, currentUser(request), request.params.uuid, request.body.date),
      }),
    );

    app.post(
      '/customer/series/:uuid/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancela o horário fixo (as semanas futuras seguem a política de cancelamento)',
          params,
          response: { 200: seriesChangeResponse },
        },
      },
      async (request) => ({
        data: await seriesService.cancelWhole(s, currentUser(request), request.params.uuid),
      }),
    );
  };
