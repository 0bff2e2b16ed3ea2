import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSettingsSchema, updateNotificationSettingsBody } from '#common/contracts/notifications';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { notificationSettings, updateNotificationSettings } from './consent.service.ts';

const tags = ['avisos'];
const security = [{ bearer: [] }];
const response = { 200: z.object({ data: notificationSettingsSchema }) };

/** GET/PUT /api/user/notifications: the caller's own choice of WhatsApp notices (every role). */
export const notificationSettingsRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireUser);
    app.get(
      '/user/notifications',
      {
        schema: {
          tags,
          security,
          summary: 'Meus avisos: se recebo pelo WhatsApp, e em qual número',
          response,
        },
      },
      async (request) => ({ data: await notificationSettings(s, currentUser(request)) }),
    );
    app.put(
      '/user/notifications',
      {
        schema: {
          tags,
          security,
          summary:
            'Liga ou desliga os avisos pelo WhatsApp (no celular do perfil; o consentimento fica registrado com a hora)',
          body: updateNotificationSettingsBody,
          response,
        },
      },
      async (request) => ({ data: await updateNotificationSettings(s, currentUser(request), request.body) }),
    );
  };
