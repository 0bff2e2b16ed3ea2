/**
 * Mails to the operators (every active owner and admin) about money that needs a person: a payment
 * the customer disputed at the provider, one charged back by the card's issuer, a dispute settled,
 * and refunds the provider has not accepted after a day of retries. Written with the transaction
 * that found it, so they go out once and only if it commits.
 */
import { formatBrl } from '#common/money';
import { type RenderedMail, renderMail } from '../../../lib/mail-template.ts';
import { when } from './booking.mails.ts';

const operatorsMail = (publicUrl: string, content: { subject: string; paragraphs: string[] }) =>
  renderMail({
    ...content,
    greeting: 'Olá, equipe Salas!',
    action: { label: 'Abrir o painel', url: `${publicUrl}/admin/dashboard` },
  });

export type DisputeNews = 'disputed' | 'charged_back' | 'settled';

/** What the dispute mail reads of a payment (notifications.repository.ts `disputedPayment`). */
export interface DisputedPayment {
  payment: {
    uuid: string;
    amountCents: number;
    paidAt: Date | null;
    createdAt: Date;
    providerRef: string | null;
  };
  room: string;
  clinic: string;
  tz: string;
  customer: { name: string; email: string };
}

/** A payment entered a dispute, was charged back, or its dispute ended in our favour. */
export function disputeNewsMail(publicUrl: string, row: DisputedPayment, news: DisputeNews): RenderedMail {
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
  return operatorsMail(publicUrl, content);
}

export interface StuckRefund {
  uuid: string;
  amountCents: number;
  lastError: string | null;
  createdAt: Date;
}

/** Refunds still not accepted by the provider a day after they were written (one mail per round). */
export function refundsStuckMail(publicUrl: string, stuck: StuckRefund[]): RenderedMail {
  const total = formatBrl(stuck.reduce((t, r) => t + r.amountCents, 0));
  return operatorsMail(publicUrl, {
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
