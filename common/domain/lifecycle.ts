/**
 * The booking lifecycle (DESIGN §8): who may move an appointment from which status to which, and
 * when. Pure data and functions: the server's lifecycle module enforces it, the web offers only the
 * moves it allows, docs/decisions/0010 publishes it.
 */
import { FREE_CANCELLATION_HOURS } from './booking.ts';

export type AppointmentState =
  | 'pending_payment'
  | 'confirmed'
  | 'canceled'
  | 'completed'
  | 'no_show'
  | 'expired';
export type Actor = 'customer' | 'partner' | 'operator' | 'provider' | 'hold_job';

/** When a move may happen, relative to the appointment's hours. */
export type TimeGuard = 'hold_open' | 'hold_passed' | 'any' | 'before_start' | 'before_end' | 'after_start';

export interface Transition {
  from: AppointmentState;
  to: AppointmentState;
  who: readonly Actor[];
  guard: TimeGuard;
  /** Share of the price given back (only for cancellations of paid hours). */
  refund: 'none' | 'full' | 'policy';
  note: string;
}

export const transitions: readonly Transition[] = [
  {
    from: 'pending_payment',
    to: 'confirmed',
    who: ['provider'],
    guard: 'hold_open',
    refund: 'none',
    note: 'pagamento aprovado com a reserva ainda guardada; depois disso, o valor é devolvido',
  },
  {
    from: 'pending_payment',
    to: 'expired',
    who: ['hold_job'],
    guard: 'hold_passed',
    refund: 'none',
    note: 'Pix não pago em 15 minutos; um pagamento que chegue depois é devolvido por inteiro',
  },
  {
    from: 'pending_payment',
    to: 'canceled',
    who: ['customer', 'partner', 'operator'],
    guard: 'any',
    refund: 'none',
    note: 'a reserva inteira de uma vez; nada a devolver',
  },
  {
    from: 'pending_payment',
    to: 'canceled',
    who: ['provider'],
    guard: 'any',
    refund: 'none',
    note: 'pagamento recusado pelo provedor (payment.failed): a reserva fica como falha',
  },
  {
    from: 'confirmed',
    to: 'canceled',
    who: ['customer'],
    guard: 'before_start',
    refund: 'policy',
    note: `reembolso de 100 % até ${FREE_CANCELLATION_HOURS} h antes do início, depois 0`,
  },
  {
    from: 'confirmed',
    to: 'canceled',
    who: ['partner', 'operator'],
    guard: 'before_end',
    refund: 'full',
    note: 'reembolso de 100 %',
  },
  {
    from: 'confirmed',
    to: 'completed',
    who: ['partner'],
    guard: 'after_start',
    refund: 'none',
    note: 'só depois do início',
  },
  {
    from: 'confirmed',
    to: 'no_show',
    who: ['partner'],
    guard: 'after_start',
    refund: 'none',
    note: 'só depois do início',
  },
];

export interface Hours {
  startsAt: Date;
  endsAt: Date;
  /** End of the payment hold (Pix), if any. */
  holdExpiresAt?: Date | null;
}

export function guardHolds(guard: TimeGuard, hours: Hours, now: Date): boolean {
  const t = now.getTime();
  switch (guard) {
    case 'any':
      return true;
    case 'hold_open':
      return !hours.holdExpiresAt || hours.holdExpiresAt.getTime() > t;
    case 'hold_passed':
      return !!hours.holdExpiresAt && hours.holdExpiresAt.getTime() <= t;
    case 'before_start':
      return t < hours.startsAt.getTime();
    case 'before_end':
      return t < hours.endsAt.getTime();
    case 'after_start':
      return t >= hours.startsAt.getTime();
  }
}

/** The transition that allows this move now, if any. */
export function findTransition(
  from: string,
  to: string,
  actor: Actor,
  hours: Hours,
  now: Date,
): Transition | undefined {
  return transitions.find(
    (tr) => tr.from === from && tr.to === to && tr.who.includes(actor) && guardHolds(tr.guard, hours, now),
  );
}

/** The statuses this actor may move an appointment to right now (for menus). */
export function allowedMoves(from: string, actor: Actor, hours: Hours, now: Date): AppointmentState[] {
  return transitions
    .filter((tr) => tr.from === from && tr.who.includes(actor) && guardHolds(tr.guard, hours, now))
    .map((tr) => tr.to);
}

/** Centavos given back when this transition cancels a paid hour of this price. */
export function refundFor(tr: Transition, priceCents: number, startsAt: Date, now: Date): number {
  if (tr.refund === 'full') return priceCents;
  if (tr.refund === 'policy')
    return startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * 3_600_000 ? priceCents : 0;
  return 0;
}

export const lifecycleMessages = {
  notAllowed: 'Esta mudança de situação não é permitida agora.',
  notCancelable: 'Esta reserva não pode mais ser cancelada.',
  closed: 'Este agendamento já foi encerrado.',
  notStarted: 'Só é possível marcar como concluído ou não compareceu depois do início do horário.',
  wholeBooking: 'A reserva ainda não foi paga: todos os horários dela foram cancelados juntos.',
} as const;
