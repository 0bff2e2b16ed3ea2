import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  waitlistBody,
  waitlistClaimBody,
  waitlistClaimResponse,
  waitlistEntryResponse,
  waitlistListResponse,
} from '#common/contracts/waitlist';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import { noContent } from '../../plugins/openapi.ts';
import type { Services } from '../../services.ts';
import * as waitlist from './waitlist.service.ts';

const tags = ['lista de espera'];
const security = [{ bearer: [] }];
const params = z.object({ uuid: z.uuid() });

/** Waitlist (decision 0025): specialists, each on their own entries. */
export const waitlistRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('customer'));

    app.post(
      '/customer/waitlist',
      {
        schema: {
          tags,
          security,
          summary: 'Entra na lista de espera de um horário (ou de um período do dia) de uma sala',
          body: waitlistBody,
          response: { 201: waitlistEntryResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await waitlist.joinWaitlist(s, currentUser(request), request.body) }),
    );

    app.get(
      '/customer/waitlist',
      {
        schema: {
          tags,
          security,
          summary: 'Minhas listas de espera',
          response: { 200: waitlistListResponse },
        },
      },
      async (request) => ({ data: await waitlist.myWaitlist(s, currentUser(request)) }),
    );

    app.delete(
      '/customer/waitlist/:uuid',
      {
        schema: {
          tags,
          security,
          summary: 'Sai da lista de espera (um horário guardado passa para o próximo)',
          params,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        await waitlist.leaveWaitlist(s, currentUser(request), request.params.uuid);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/customer/waitlist/:uuid/claim',
      {
        schema: {
          tags,
          security,
          summary: 'Paga o horário guardado para você pela lista de espera',
          params,
          body: waitlistClaimBody,
          response: { 201: waitlistClaimResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await waitlist.claimOffer(s, currentUser(request), request.params.uuid, request.body),
        }),
    );
  };
