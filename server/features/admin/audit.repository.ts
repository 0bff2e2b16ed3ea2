/** The audit trail of operator actions on other people's data (who, what, when). */
import { desc, eq } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export type AuditAction =
  | 'user.deactivated'
  | 'user.activated'
  | 'user.created'
  | 'room.pinned'
  | 'room.unpinned'
  | 'partner.plan_changed'
  | 'partner.updated'
  | 'partner.future_canceled'
  | 'booking.canceled'
  | 'user.invited'
  // A clinic's own sign-up and its approval (docs/decisions/0039).
  | 'partner.signed_up'
  | 'partner.approved'
  | 'partner.rejected'
  | 'partner.review_requested'
  // The operator hid a review of a room (DESIGN §10 "Reviews"): on its author's trail, with the reason.
  | 'review.hidden';

export async function record(
  db: Executor,
  entry: {
    actorId: number;
    targetUserId: number;
    action: AuditAction;
    details?: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    targetUserId: entry.targetUserId,
    action: entry.action,
    details: entry.details ?? {},
    createdAt: entry.now,
  });
}

const fieldNames: Record<string, string> = { name: 'nome', phone: 'telefone', legal_name: 'razão social' };

/** The sentence shown on the person's page. */
export function describe(action: string, d: Record<string, unknown>): string {
  switch (action) {
    case 'user.deactivated':
      return 'Conta desativada';
    case 'user.activated':
      return 'Conta reativada';
    case 'user.created':
      return 'Conta criada pelo operador (e-mail para definir a senha enviado)';
    case 'room.pinned':
      return `Sala "${d.room}" fixada no topo da busca`;
    case 'room.unpinned':
      return `Sala "${d.room}" deixou de ser fixada`;
    case 'partner.plan_changed':
      return `Plano alterado de ${d.from ?? 'nenhum'} para ${d.to}`;
    case 'partner.updated':
      return `Dados alterados: ${((d.fields as string[]) ?? []).map((f) => fieldNames[f] ?? f).join(', ')}`;
    case 'booking.canceled':
      return `Reserva cancelada pela operação (${Number(d.canceled_appointments) === 1 ? '1 horário' : `${d.canceled_appointments} horários`}, ${formatBrl(Number(d.refunded_cents ?? 0))} a devolver). Motivo: ${d.reason}`;
    case 'user.invited':
      return 'Convite para definir a senha reenviado';
    case 'partner.signed_up':
      return 'Cadastro feito pela própria clínica (política de privacidade aceita)';
    case 'partner.approved':
      return 'Cadastro aprovado';
    case 'partner.rejected':
      return `Cadastro recusado. Motivo: ${d.reason ?? ''}`;
    case 'partner.review_requested':
      return 'Nova análise do cadastro pedida pelo parceiro';
    case 'review.hidden':
      return `Avaliação de sala ocultada (${d.rating} ${Number(d.rating) === 1 ? 'estrela' : 'estrelas'}). Motivo: ${d.reason}`;
    default:
      return action;
  }
}

export async function trailOf(db: Executor, targetUserId: number, limit = 100) {
  const rows = await db
    .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.targetUserId, targetUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    action: r.entry.action,
    description: describe(r.entry.action, r.entry.details),
    actor: r.actorName ? { name: r.actorName, email: r.actorEmail! } : null,
    created_at: r.entry.createdAt.toISOString(),
  }));
}
