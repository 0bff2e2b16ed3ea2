import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clinicRulesBody,
  clinicRulesResponse,
  roomRulesBody,
  roomRulesResponse,
} from '#common/contracts/booking-rules';
import { currentUser, currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as rules from './booking-rules.service.ts';

const tags = ['regras de reserva'];
const security = [{ bearer: [] }];
const clinicParams = z.object({ partner: z.uuid(), clinic: z.uuid() });
const roomParams = z.object({ id: z.uuid() });

/** Booking rules of the partner's clinics and rooms (decision 0023); partners only, on their own. */
export const bookingRulesRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));
    app.addHook('preValidation', requireSelf('partner'));

    app.get(
      '/partner/:partner/coworking/:clinic/booking-rules',
      {
        schema: {
          tags,
          security,
          summary: 'Regras de reserva da clínica (padrão das salas)',
          params: clinicParams,
          response: { 200: clinicRulesResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return { data: await rules.getClinicRules(s, partner.id, request.params.clinic) };
      },
    );

    app.put(
      '/partner/:partner/coworking/:clinic/booking-rules',
      {
        schema: {
          tags,
          security,
          summary: 'Altera as regras de reserva da clínica',
          params: clinicParams,
          body: clinicRulesBody,
          response: { 200: clinicRulesResponse },
        },
      },
      async (request) => {
        const partner = currentUserNamed(request, request.params.partner);
        return { data: await rules.setClinicRules(s, partner.id, request.params.clinic, request.body) };
      },
    );

    app.get(
      '/partner/room/:id/booking-rules',
      {
        schema: {
          tags,
          security,
          summary: 'Regras de reserva da sala (as próprias, as da clínica e as que valem)',
          params: roomParams,
          response: { 200: roomRulesResponse },
        },
      },
      async (request) => ({ data: await rules.getRoomRules(s, currentUser(request).id, request.params.id) }),
    );

    app.put(
      '/partner/room/:id/booking-rules',
      {
        schema: {
          tags,
          security,
          summary: 'Altera as regras de reserva da sala (null = a da clínica)',
          params: roomParams,
          body: roomRulesBody,
          response: { 200: roomRulesResponse },
        },
      },
      async (request) => ({
        data: await rules.setRoomRules(s, currentUser(request).id, request.params.id, request.body),
      }),
    );
  };
