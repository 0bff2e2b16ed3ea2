import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  managedReviewPage,
  managedReviewQuery,
  managedReviewSchema,
  pendingReviewsResponse,
  publicReviewPage,
  reviewBody,
  reviewHideBody,
  reviewReplyBody,
  reviewResponse,
} from '#common/contracts/reviews';
import { pageQuery } from '#common/contracts/rooms';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as reviews from './reviews.service.ts';

const tags = ['avaliações'];
const security = [{ bearer: [] }];
const params = z.object({ uuid: z.uuid() });
const managedResponse = z.object({ data: managedReviewSchema });

/** A room's reviews, open to everyone like the room's page (DESIGN §4). */
export const publicReviewRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rooms/:id/reviews',
      {
        schema: {
          tags,
          summary: 'Avaliações visíveis de uma sala, das mais novas às mais antigas (só o primeiro nome)',
          params: z.object({ id: z.uuid() }),
          querystring: pageQuery,
          response: { 200: publicReviewPage },
        },
      },
      async (request) => reviews.roomReviews(s, request.params.id, request.query),
    );
  };

/** The specialist's side, inside /api/customer/* (customers and partners who book, each their own). */
export const customerReviewRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('customer', 'partner'));

    app.post(
      '/customer/booking/:uuid/review',
      {
        schema: {
          tags,
          security,
          summary:
            'Avalia a sala de uma reserva (1 a 5 estrelas e um comentário opcional): uma vez, depois do último horário e por até 30 dias',
          params,
          body: reviewBody,
          response: { 201: reviewResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await reviews.writeReview(s, currentUser(request), request.params.uuid, request.body),
        }),
    );

    app.get(
      '/customer/reviews/pending',
      {
        schema: {
          tags,
          security,
          summary: 'Minhas reservas que ainda posso avaliar (e até quando)',
          response: { 200: pendingReviewsResponse },
        },
      },
      async (request) => ({ data: await reviews.pendingReviews(s, currentUser(request)) }),
    );
  };

/** The partner's side: its own rooms' reviews, and one public reply to each. */
export const partnerReviewRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('partner'));

    app.get(
      '/partner/reviews',
      {
        schema: {
          tags,
          security,
          summary: 'Avaliações visíveis das minhas salas (show=unanswered: só as sem resposta)',
          querystring: managedReviewQuery,
          response: { 200: managedReviewPage },
        },
      },
      async (request) => reviews.partnerReviews(s, currentUser(request), request.query),
    );

    app.post(
      '/partner/review/:uuid/reply',
      {
        schema: {
          tags,
          security,
          summary: 'Responde publicamente a uma avaliação de uma das minhas salas (uma vez)',
          params,
          body: reviewReplyBody,
          response: { 200: managedResponse },
        },
      },
      async (request) => ({
        data: await reviews.replyToReview(s, currentUser(request), request.params.uuid, request.body.text),
      }),
    );
  };

/** The operator's side: every review, hidden ones too, and hiding one with a reason. */
export const operatorReviewRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));

    app.get(
      '/fusion/reviews',
      {
        schema: {
          tags,
          security,
          summary:
            'Todas as avaliações, com as ocultas (show=hidden: só as ocultas; show=unanswered: sem resposta)',
          querystring: managedReviewQuery,
          response: { 200: managedReviewPage },
        },
      },
      async (request) => reviews.operatorReviews(s, request.query),
    );

    app.post(
      '/fusion/review/:uuid/hide',
      {
        schema: {
          tags,
          security,
          summary:
            'Oculta uma avaliação (sai da página da sala e da média); o motivo fica no histórico de auditoria',
          params,
          body: reviewHideBody,
          response: { 200: managedResponse },
        },
      },
      async (request) => ({
        data: await reviews.hideReview(s, currentUser(request), request.params.uuid, request.body.reason),
      }),
    );
  };
