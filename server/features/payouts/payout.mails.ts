/** The mail a partner gets when a payout to them is made (marked paid by the operator). */
import { sql } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import { type Executor, queryRows } from '../../db/client.ts';
import { type RenderedMail, renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';

export async function sendPayoutPaid(s: Services, payoutId: number, db: Executor = s.db): Promise<void> {
  const [p] = await queryRows<{
    email: string;
    name: string;
    amount_cents: number;
    reference: string;
    lines: number;
  }>(
    db,
    sql`select u.email, u.name, po.amount_cents, po.reference,
               (select count(*) from payout_items i where i.payout_id = po.id)::int as lines
        from payouts po join users u on u.id = po.partner_id where po.id = ${payoutId}`,
  );
  if (!p) return;
  const mail = payoutPaidMail(s.config.publicUrl, {
    name: String(p.name),
    amountCents: Number(p.amount_cents),
    reference: p.reference,
    lines: p.lines,
  });
  await s.mailer.send({ to: p.email, ...mail }, db);
}

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
