import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeDataBodyAt, healthAdviceResponse, specialistProfileResponse } from '#common/contracts/auth';
import { currentUser, requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as profiles from './profile.service.ts';

const tags = ['especialista'];
const security = [{ bearer: [] }];

export const specialistProfileRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health-advice',
      {
        schema: {
          tags,
          summary: 'Conselhos profissionais (CRP, CRM, CREFITO...)',
          response: { 200: healthAdviceResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { data: await profiles.listCouncils(s) };
      },
    );

    app.get(
      '/customer/profile',
      {
        preValidation: requireRole('customer'),
        schema: {
          tags,
          summary: 'Dados do especialista (null até completar o cadastro)',
          security,
          response: { 200: specialistProfileResponse },
        },
      },
      async (request) => ({ data: await profiles.getProfile(s, currentUser(request).id) }),
    );

    app.post(
      '/customer/completeData',
      {
        preValidation: requireRole('customer'),
        schema: {
          tags,
          summary: 'Completa o cadastro do especialista',
          security,
          body: completeDataBodyAt(s.clock),
          response: { 200: specialistProfileResponse },
        },
      },
      async (request) => ({ data: await profiles.completeData(s, currentUser(request).id, request.body) }),
    );
  };
