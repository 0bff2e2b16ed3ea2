import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clinicBody,
  clinicListResponse,
  clinicResponse,
  weekHoursBody,
  weekHoursResponse,
} from '#common/contracts/supply';
import { currentUser, currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as clinics from './clinic.service.ts';

const tags = ['clínicas'];
const security = [{ bearer: [] }];
const partnerParams = z.object({ partner: z.uuid() });
const clinicParams = partnerParams.extend({ clinic: z.uuid() });

/** SPEC §7 Clinics and clinic opening hours; partners only, each on its own clinics. */
export const clinicRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    app.addHook('preValidation', requireSelf('partner'));

    app.get(
      '/partner/coworkings',
      { schema: { tags, security, summary: 'Clínicas do parceiro', response: { 200: clinicListResponse } } },
      async (request) => ({ data: await clinics.listClinics(s, currentUser(request).id) }),
    );

    app.get(
      '/partner/:partner/coworking',
      {
        schema: {
          tags,
          security,
          summary: 'Clínicas do parceiro',
          params: partnerParams,
          response: { 200: clinicListResponse },
        },
      },
      async (request) => ({
        data: await clinics.listClinics(s, currentUserNamed(request, request.params.partner).id),
      }),
    );

    app.post(
      '/partner/:partner/coworking',
      {
        schema: {
          tags,
          security,
          summary: 'Cria uma clínica',
          params: partnerParams,
          body: clinicBody,
          response: { 201: clinicResponse },
        },
      },
      async (request, reply) => {
        const partner = currentUserNamed(request, request.params.partner);
        return reply.code(201).send({ data: await clinics.createClinic(s, partner.id, request.body) });
      },
    );

    app.get(
      '/partner/:partner/coworking/:clinic',
      {
        schema: {
          tags,
          security,
          summary: 'Uma clínica',
          params: clinicParams,
          response: { 200: clinicResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return { data: await clinics.getClinic(s, partner.id, request.params.clinic) };
      },
    );

    app.put(
      '/partner/:partner/coworking/:clinic',
      {
        schema: {
          tags,
          security,
          summary: 'Altera uma clínica',
          params: clinicParams,
          body: clinicBody,
          response: { 200: clinicResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return {
          data: await clinics.updateClinic(s, partner.id, request.params.clinic, request.body, request.log),
        };
      },
    );

    app.delete(
      '/partner/:partner/coworking/:clinic',
      {
        schema: {
          tags,
          security,
          summary: 'Exclui uma clínica sem salas nem agendamentos pendentes',
          params: clinicParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const partner = currentUserNamed(request, request.params.partner);
        await clinics.deleteClinic(s, partner.id, request.params.clinic);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/partner/:partner/coworking/:clinic/opening-hour',
      {
        schema: {
          tags,
          security,
          summary: 'Horário de funcionamento da clínica',
          params: clinicParams,
          response: { 200: weekHoursResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return { data: await clinics.getOpeningHours(s, partner.id, request.params.clinic) };
      },
    );

    app.post(
      '/partner/:partner/coworking/:clinic/opening-hour',
      {
        schema: {
          tags,
          security,
          summary: 'Substitui o horário semanal da clínica (00:00–23:59 = 24 horas)',
          params: clinicParams,
          body: weekHoursBody,
          response: { 200: weekHoursResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return {
          data: await clinics.setOpeningHours(s, partner.id, request.params.clinic, request.body.hours),
        };
      },
    );
  };
