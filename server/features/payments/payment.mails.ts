/**
 * Mails to the operators (every active owner and admin) about money that needs a person: a payment
 * the customer disputed at the provider, one charged back by the card's issuer, a dispute settled,
 * and refunds the provider has not accepted after a day of retries. Written with the transaction
 * that found it, so they go out once and only if it commits.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import type { Executor } from '../../db/client.ts';
import { bookings, clinics, payments, rooms, users } from '../../db/schema.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';
import { when } from '../bookings/booking.mails.ts';

async function operators(db: Executor) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.role, ['owner', 'admin']), eq(users.active, true), isNull(users.deletedAt)));
}

async function mailOperators(
  s: Services,
  db: Executor,
  content: { subject: string; paragraphs: string[] },
): Promise<void> {
  const mail = renderMail({
    ...content,
    greeting: 'Olá, equipe Salas!',
    action: { label: 'Abrir o painel', url: `${s.config.publicUrl}/admin/dashboard` },
  });
  for (const op of await operators(db)) await s.mailer.send({ to: op.email, ...mail }, db);
}

export type DisputeNews = 'disputed' | 'charged_back' | 'settled';

/** A payment entered a dispute, was charged back, or its dispute ended in our favour. */
export async function sendDisputeNews(
  s: Services,
  bookingId: number,
  news: DisputeNews,
  db: Executor = s.db,
): Promise<void> {
  const [row] = await db
    .select({
      payment: payments,
      room: rooms.name,
      clinic: clinics.name,
      tz: clinics.timezone,
      customer: users,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(payments.bookingId, bookingId));
  if (!row) return;
  const amount = formatBrl(row.payment.amountCents);
  // No article before the room's name ("Consultório Jardim", "Sala 1"): it follows a dash.
  const what = `o pagamento de ${amount} feito por ${row.customer.name} (${row.customer.email}) em ${when(row.payment.paidAt ?? row.payment.createdAt, row.tz)} — reserva de ${row.room} (${row.clinic})`;
  const ids = `Pagamento ${row.payment.uuid}${row.payment.providerRef ? `, ${row.payment.providerRef} no provedor` : ''}.`;
  const content =
    news === 'disputed'
      ? {
          subject: `Pagamento em disputa: ${amount} (${row.room})`,
          paragraphs: [
            `O cliente abriu uma disputa sobre ${what}.`,
            'O valor fica retido no Mercado Pago e a parte do parceiro fica bloqueada até a decisão. Responda à disputa no painel do Mercado Pago com o comprovante da reserva; reembolsos deste pagamento esperam o resultado.',
            ids,
          ],
        }
      : news === 'charged_back'
        ? {
            subject: `Estorno (chargeback): ${amount} (${row.room})`,
            paragraphs: [
              `O banco emissor do cartão devolveu ao cliente ${what}.`,
              'A parte do parceiro fica bloqueada. Se ainda couber contestação, envie a documentação pelo Mercado Pago; os horários seguem reservados até alguém os cancelar.',
              ids,
            ],
          }
        : {
            subject: `Disputa encerrada a favor da plataforma: ${amount} (${row.room})`,
            paragraphs: [
              `A disputa sobre ${what} terminou, e o valor ficou com a plataforma.`,
              'A parte do parceiro volta a ficar disponível e os reembolsos que esperavam a decisão seguem para o provedor.',
              ids,
            ],
          };
  await mailOperators(s, db, content);
}

/** Refunds still not accepted by the provider a day after they were written (one mail per round). */
export async function sendRefundsStuck(
  s: Services,
  stuck: { uuid: string; amountCents: number; lastError: string | null; createdAt: Date }[],
  db: Executor = s.db,
): Promise<void> {
  if (stuck.length === 0) return;
  const total = formatBrl(stuck.reduce((t, r) => t + r.amountCents, 0));
  await mailOperators(s, db, {
    subject:
      stuck.length === 1
        ? `Reembolso pendente há mais de um dia: ${total}`
        : `${stuck.length} reembolsos pendentes há mais de um dia: ${total}`,
    paragraphs: [
      'O provedor de pagamentos ainda não aceitou estes reembolsos; o Salas continua tentando a cada hora. Confira o saldo e as credenciais da conta do Mercado Pago.',
      ...stuck.map(
        (r) =>
          `• ${formatBrl(r.amountCents)} (reembolso ${r.uuid}, desde ${when(r.createdAt, 'America/Sao_Paulo')})${r.lastError ? `: ${r.lastError}` : ''}`,
      ),
    ],
  });
}
