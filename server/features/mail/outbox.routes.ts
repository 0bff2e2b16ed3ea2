import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '#common/contracts/auth';
import { failedMailList, mailMessages } from '#common/contracts/mail';
import { AppError } from '#common/errors';
import { requireRole } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import * as repo from './outbox.repository.ts';

const tags = ['operador: e-mails'];
const security = [{ bearer: [] }];

/** Mails the outbox gave up on, and putting one back in line (operator only). */
export const outboxRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireRole('owner', 'admin'));

    app.get(
      '/fusion/mail-outbox',
      {
        schema: {
          tags,
          security,
          summary: 'E-mails não entregues depois de um dia de tentativas (os 200 mais recentes)',
          response: { 200: failedMailList },
        },
      },
      async () => ({
        data: (await repo.listFailed(s.db, 200)).map((m) => ({
          uuid: m.uuid,
          recipient: m.recipient,
          subject: m.subject,
          attempts: m.attempts,
          last_error: m.lastError,
          created_at: m.createdAt.toISOString(),
        })),
      }),
    );

    app.post(
      '/fusion/mail-outbox/:id/retry',
      {
        schema: {
          tags,
          security,
          summary: 'Coloca de novo na fila um e-mail não entregue',
          params: z.object({ id: z.uuid() }),
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        if (!(await repo.requeue(s.db, request.params.id, s.clock())))
          throw new AppError('not_found', mailMessages.notFound);
        s.mailer.kick();
        return { data: { message: mailMessages.requeued } };
      },
    );
  };
