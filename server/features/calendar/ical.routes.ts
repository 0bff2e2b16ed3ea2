import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { icalFeedResponse } from '#common/contracts/booking';
import { clientHas, etagOf } from '../../lib/http-cache.ts';
import { currentUserNamed, requireRole, requireSelf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { createFeed, feedCalendar, feedStatus, removeFeed } from './ical.service.ts';

const tags = ['agenda do parceiro'];
const security = [{ bearer: [] }];
const params = z.object({ partner: z.uuid() });

/** The partner's private iCal feed (issue: "Partners get a private iCal feed URL of their agenda"). */
export const icalRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/partner/:partner/ical',
      {
        preValidation: [requireRole('partner'), requireSelf('partner')],
        schema: {
          tags,
          security,
          summary: 'Se o link da agenda existe',
          params,
          response: { 200: icalFeedResponse },
        },
      },
      async (request) => ({ data: await feedStatus(s, currentUserNamed(request, request.params.partner)) }),
    );

    app.post(
      '/partner/:partner/ical',
      {
        preValidation: [requireRole('partner'), requireSelf('partner')],
        schema: {
          tags,
          security,
          summary: 'Cria um novo link privado da agenda (o anterior deixa de funcionar)',
          params,
          response: { 201: icalFeedResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await createFeed(s, currentUserNamed(request, request.params.partner)) }),
    );

    app.delete(
      '/partner/:partner/ical',
      {
        preValidation: [requireRole('partner'), requireSelf('partner')],
        schema: {
          tags,
          security,
          summary: 'Desliga o link da agenda',
          params,
          response: { 200: icalFeedResponse },
        },
      },
      async (request) => ({ data: await removeFeed(s, currentUserNamed(request, request.params.partner)) }),
    );

    app.get(
      '/calendar/:file',
      {
        schema: {
          tags,
          summary: 'A agenda do parceiro em iCalendar, para assinar num app de calendário',
          params: z.object({ file: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const token = request.params.file.replace(/\.ics$/, '');
        const body = await feedCalendar(s, token);
        const etag = etagOf(body);
        reply.header('Cache-Control', 'private, max-age=300').header('ETag', etag);
        // Calendar apps poll the feed: an unchanged agenda costs them an empty answer.
        if (clientHas(request, etag)) return reply.code(304).send();
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Content-Disposition', 'inline; filename="agenda-salas.ics"')
          .send(body);
      },
    );
  };
