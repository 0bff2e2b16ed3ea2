import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountBody, deleteAccountResponse } from '#common/contracts/privacy';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as privacy from './privacy.service.ts';

const tags = ['LGPD'];
const security = [{ bearer: [] }];

/** LGPD self-service for every role: the caller's own data only, never anyone else's. */
export const privacyRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user/export',
      {
        preValidation: requireUser,
        schema: {
          tags,
          security,
          summary: 'Baixa meus dados (zip com dados.json e fotos)',
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await privacy.exportPersonalData(s, currentUser(request));
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${zip.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength));
      },
    );

    app.post(
      '/user/delete',
      {
        preValidation: requireUser,
        schema: {
          tags,
          security,
          summary: 'Exclui minha conta (dados pessoais apagados; reservas e pagamentos anonimizados)',
          body: deleteAccountBody,
          response: { 200: deleteAccountResponse },
        },
      },
      async (request) => ({
        message: await privacy.deleteAccount(s, currentUser(request), request.body, request.log),
      }),
    );
  };
