/** The operator's view of the mail outbox: mails given up on after a day of retries (DESIGN §8). */
import { z } from 'zod';

export const failedMailSchema = z.object({
  uuid: z.uuid(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailList = z.object({ data: z.array(failedMailSchema) });

export const mailMessages = {
  requeued: 'E-mail colocado de novo na fila de envio.',
  notFound: 'E-mail não encontrado entre os não entregues.',
} as const;
