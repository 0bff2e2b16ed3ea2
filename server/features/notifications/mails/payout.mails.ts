/** The mail a partner gets when a payout to them is made (marked paid by the operator). */
import { formatBrl } from '#common/money';
import { type RenderedMail, renderMail } from '../../../lib/mail-template.ts';

/** The mail itself: the amount, the receipt's reference, and where each line is explained. */
export function payoutPaidMail(
  publicUrl: string,
  p: { name: string; amountCents: number; reference: string; lines: number },
): RenderedMail {
  const amount = formatBrl(p.amountCents);
  return renderMail({
    subject: `Repasse enviado: ${amount}`,
    greeting: `Olá, ${p.name.trim().split(/\s+/)[0]}!`,
    paragraphs: [
      `Enviamos ${amount} para a sua conta, referentes a ${p.lines === 1 ? '1 agendamento' : `${p.lines} agendamentos`} das suas salas.`,
      `Comprovante: ${p.reference}.`,
      'Cada agendamento, com valor, reembolsos e comissão, está na página Repasses do Salas, onde você também baixa o extrato do mês.',
    ],
    action: { label: 'Ver meus repasses', url: `${publicUrl}/parceiro/repasses` },
  });
}
