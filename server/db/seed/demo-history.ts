/**
 * The demo's bookings, as rows ready to insert: what one paid booking (card or Pix) becomes — hours
 * kept, completed, missed or canceled, refunds by the table and the sandbox gateway's books — and
 * the Pix left unpaid. Pure: no database, no clock; demo-market.ts draws the marketplace with it.
 *
 * Every row follows the booking lifecycle (common/domain/lifecycle.ts, DESIGN §8) and the ledger
 * check (server/features/lifecycle/ledger.ts): one holder per hour, confirmed hours paid, amounts
 * = price × hours, refunds by the table (customer ≥ 24 h before: all; later: nothing; partner or
 * operator: all), `refunded_cents` = the sum of the refunds, and the sandbox gateway's own books.
 */
import { randomUUID } from 'node:crypto';
import { brCode } from '#common/br/pix';
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { zonedDate, zonedInstant } from '#common/time/zone';
import type {
  AppointmentRow,
  BookingRows,
  BookRequest,
  HistoryCustomer,
  HistoryRoom,
  Outcome,
  RefundRow,
} from './demo-rows.ts';
import type { Random } from './random.ts';

export type { BookingRows, HistoryCustomer, HistoryRoom, Outcome } from './demo-rows.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOLD = 15 * 60_000;
export const REPORT_ZONE = 'America/Sao_Paulo';

export class HistoryBuilder {
  readonly bookings: BookingRows[] = [];
  private readonly held = new Map<number, Set<number>>();
  private readonly hoursOf = new Map<number, number>();
  private readonly todayStart: number;

  constructor(
    readonly random: Random,
    readonly now: Date,
    private readonly operatorId: number,
  ) {
    this.todayStart = zonedInstant(zonedDate(now, REPORT_ZONE), '00:00', REPORT_ZONE).getTime();
  }

  private readonly instants = new Map<string, Date>();

  /** The instant of a whole hour on a zone's wall clock (the rooms share zones and days: cached). */
  instant(date: string, hour: number, timezone: string): Date {
    const key = `${timezone}|${date}|${hour}`;
    let at = this.instants.get(key);
    if (!at) {
      at = zonedInstant(date, `${String(hour).padStart(2, '0')}:00`, timezone);
      this.instants.set(key, at);
    }
    return at;
  }

  private readonly busy = new Map<number, Set<number>>();

  /** Whether this person already has a booked hour starting then (in any room). */
  isBusy(customerId: number, t: number): boolean {
    return this.busy.get(customerId)?.has(t) ?? false;
  }

  isHeld(roomId: number, t: number): boolean {
    return this.held.get(roomId)?.has(t) ?? false;
  }

  private hold(roomId: number, t: number) {
    const set = this.held.get(roomId) ?? new Set<number>();
    set.add(t);
    this.held.set(roomId, set);
  }

  /** A paid booking (card or Pix) with each hour's fate, its refunds and the gateway's books. */
  book(req: BookRequest): BookingRows {
    const { room, customer, starts, createdAt, method } = req;
    const now = this.now;
    const uuid = randomUUID();
    const paymentUuid = randomUUID();
    const paidAt = new Date(
      createdAt.getTime() + (method === 'card' ? 4_000 : this.random.int(60, 540) * 1000),
    );
    const refunds: RefundRow[] = [];
    const appointments = starts.map((startsAt, i): AppointmentRow => {
      const endsAt = new Date(startsAt.getTime() + HOUR);
      const outcome = req.outcomes?.[i] ?? this.outcomeFor(startsAt, createdAt);
      // A canceled hour is not offered to the random history again: its booking came first.
      this.hold(room.id, startsAt.getTime());
      const mine = this.busy.get(customer.id) ?? new Set<number>();
      mine.add(startsAt.getTime());
      this.busy.set(customer.id, mine);
      const base = {
        roomId: room.id,
        customerId: customer.id,
        startsAt,
        endsAt,
        priceCents: room.priceCents,
        refundCents: 0,
        canceledAt: null,
        canceledBy: null,
        reminderSentAt: null,
        createdAt,
        updatedAt: createdAt,
      };
      if (outcome.kind === 'canceled') {
        const early = startsAt.getTime() - outcome.at.getTime() >= FREE_CANCELLATION_HOURS * HOUR;
        const refund = outcome.by === 'customer' && !early ? 0 : room.priceCents;
        if (refund > 0)
          refunds.push({
            uuid: randomUUID(),
            amountCents: refund,
            reason: `${outcome.by}_cancel`,
            createdAt: new Date(outcome.at.getTime() + 2_000),
          });
        const by =
          outcome.by === 'customer'
            ? customer.id
            : outcome.by === 'partner'
              ? room.partnerId
              : this.operatorId;
        return {
          ...base,
          status: 'canceled',
          refundCents: refund,
          canceledAt: outcome.at,
          canceledBy: by,
          updatedAt: outcome.at,
        };
      }
      if (startsAt >= now) {
        // The generated people's reminders for tomorrow count as sent: a first start mails no crowd.
        const soon = !customer.demoAccount && startsAt.getTime() - now.getTime() < 2 * DAY;
        return { ...base, status: 'confirmed', reminderSentAt: soon ? now : null };
      }
      const marked = new Date(Math.min(endsAt.getTime() + this.random.int(5, 600) * 60_000, now.getTime()));
      if (outcome.kind === 'no_show') return { ...base, status: 'no_show', updatedAt: marked };
      // The partner marks the hours of the last two days as they find time; older ones are closed.
      const recent = now.getTime() - startsAt.getTime() < 2 * DAY && startsAt.getTime() < this.todayStart;
      if (recent && this.random.chance(0.4)) return { ...base, status: 'confirmed' };
      return { ...base, status: 'completed', updatedAt: marked };
    });
    const amount = room.priceCents * starts.length;
    const refunded = refunds.reduce((t, r) => t + r.amountCents, 0);
    const holding = appointments.some((a) => a.status !== 'canceled');
    const last = new Date(Math.max(createdAt.getTime(), ...appointments.map((a) => a.updatedAt.getTime())));
    const row: BookingRows = {
      uuid,
      customerId: customer.id,
      roomId: room.id,
      status: holding ? 'confirmed' : 'canceled',
      amountCents: amount,
      paymentMethod: method,
      holdExpiresAt: new Date(createdAt.getTime() + HOLD),
      createdAt,
      updatedAt: holding ? paidAt : last,
      appointments,
      payment: {
        uuid: paymentUuid,
        providerRef: `${method === 'card' ? 'ch' : 'pix'}_sandbox_${paymentUuid}`,
        method,
        status: refunded === 0 ? 'paid' : refunded >= amount ? 'refunded' : 'partially_refunded',
        amountCents: amount,
        refundedCents: refunded,
        cardId: method === 'card' ? customer.cardId : null,
        pixCopyPaste: method === 'pix' ? pix(amount, paymentUuid) : null,
        pixExpiresAt: method === 'pix' ? new Date(createdAt.getTime() + HOLD) : null,
        paidAt,
        createdAt,
        updatedAt: refunds.length ? refunds.at(-1)!.createdAt : paidAt,
      },
      refunds,
    };
    this.bookings.push(row);
    this.countHours(customer, appointments.filter((a) => a.status !== 'canceled').length);
    return row;
  }

  /**
   * A Pix left unpaid: its hold expired and the hours went back. Now and then the money arrives
   * after the hold anyway, and goes back in full (`late_payment`).
   */
  expiredPix(
    room: HistoryRoom,
    customer: HistoryCustomer,
    starts: Date[],
    createdAt: Date,
    latePaid = false,
  ) {
    const uuid = randomUUID();
    const paymentUuid = randomUUID();
    const amount = room.priceCents * starts.length;
    const expiresAt = new Date(createdAt.getTime() + HOLD);
    const paidAt = latePaid ? new Date(expiresAt.getTime() + this.random.int(2, 40) * 60_000) : null;
    const refunds: RefundRow[] = paidAt
      ? [
          {
            uuid: randomUUID(),
            amountCents: amount,
            reason: 'late_payment',
            createdAt: new Date(paidAt.getTime() + 1_000),
          },
        ]
      : [];
    this.bookings.push({
      uuid,
      customerId: customer.id,
      roomId: room.id,
      status: 'expired',
      amountCents: amount,
      paymentMethod: 'pix',
      holdExpiresAt: expiresAt,
      createdAt,
      updatedAt: expiresAt,
      appointments: starts.map((startsAt) => ({
        roomId: room.id,
        customerId: customer.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        status: 'expired',
        priceCents: room.priceCents,
        refundCents: 0,
        canceledAt: null,
        canceledBy: null,
        reminderSentAt: null,
        createdAt,
        updatedAt: expiresAt,
      })),
      payment: {
        uuid: paymentUuid,
        providerRef: `pix_sandbox_${paymentUuid}`,
        method: 'pix',
        status: paidAt ? 'refunded' : 'expired',
        amountCents: amount,
        refundedCents: paidAt ? amount : 0,
        cardId: null,
        pixCopyPaste: pix(amount, paymentUuid),
        pixExpiresAt: expiresAt,
        paidAt,
        createdAt,
        updatedAt: refunds[0]?.createdAt ?? expiresAt,
      },
      refunds,
    });
  }

  private countHours(customer: HistoryCustomer, n: number) {
    this.hoursOf.set(customer.id, (this.hoursOf.get(customer.id) ?? 0) + n);
  }

  hoursBooked(customer: HistoryCustomer): number {
    return this.hoursOf.get(customer.id) ?? 0;
  }

  /** A random hour's fate: mostly kept; some canceled (early or late), some missed. */
  private outcomeFor(startsAt: Date, createdAt: Date): Outcome {
    const r = this.random.next();
    const latest = Math.min(this.now.getTime(), startsAt.getTime());
    const between = (from: number, to: number) => new Date(from + this.random.next() * (to - from));
    const freeUntil = startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR - 60_000;
    if (r < 0.035 && createdAt.getTime() < Math.min(freeUntil, latest))
      return {
        kind: 'canceled',
        by: 'customer',
        at: between(createdAt.getTime(), Math.min(freeUntil, latest)),
      };
    const lateFrom = Math.max(
      createdAt.getTime(),
      startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR + 60_000,
    );
    if (r < 0.05 && lateFrom < latest - 60_000)
      return { kind: 'canceled', by: 'customer', at: between(lateFrom, latest - 60_000) };
    if (r < 0.058 && createdAt.getTime() < latest - 60_000)
      return { kind: 'canceled', by: 'partner', at: between(createdAt.getTime(), latest - 60_000) };
    if (r < 0.06 && createdAt.getTime() < latest - 60_000)
      return { kind: 'canceled', by: 'operator', at: between(createdAt.getTime(), latest - 60_000) };
    if (r < 0.1 && startsAt < this.now) return { kind: 'no_show' };
    return { kind: 'held' };
  }
}

const pix = (amountCents: number, paymentUuid: string) =>
  brCode({
    key: 'pagamentos@salas.app',
    amountCents,
    merchantName: 'Salas Marketplace',
    merchantCity: 'Sao Paulo',
    txid: paymentUuid.replace(/-/g, '').slice(0, 25),
  });
