/**
 * The booking's cancel for its specialist (decision 0037): every hour DESIGN §8's table still lets
 * the specialist cancel, in one transaction under the booking's lock, under the policy, one event.
 */
import { type CustomerBookingCancel, customerBookingMessages } from '#common/contracts/booking';
import { findTransition, lifecycleMessages } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { cancelLocked, onBooking, transition } from '../lifecycle/lifecycle.service.ts';
import { ownBooking } from './customer-booking.service.ts';

/** Statuses that keep a booking alive (DESIGN §8: canceled once none holds its hour). */
const HOLDS_TIME = ['pending_payment', 'confirmed', 'completed', 'no_show'];

/**
 * Cancels every hour of the booking the specialist may still cancel, in one transaction under the
 * booking's lock: an unpaid booking goes whole with nothing to refund; each paid hour under the
 * policy (100 % up to 24 h before its start, 0 after). Hours already started stay. One event.
 */
export async function cancelMyBooking(
  s: Services,
  user: UserRow,
  uuid: string,
): Promise<CustomerBookingCancel> {
  const { booking } = await ownBooking(s, user, uuid);
  if (booking.seriesId !== null) throw new AppError('conflict', customerBookingMessages.seriesMonth);
  const actor = { kind: 'customer' as const, userId: user.id };
  return transition(s, (tx, fx) =>
    onBooking(tx, booking.id, fx, async (t2, locked, f2) => {
      const now = s.clock();
      const open = locked.items.filter((a) =>
        findTransition(
          a.status,
          'canceled',
          'customer',
          { ...a, holdExpiresAt: locked.booking.holdExpiresAt },
          now,
        ),
      );
      if (open.length === 0)
        throw new AppError('conflict', lifecycleMessages.notCancelable, {
          errors: { status: [lifecycleMessages.notCancelable] },
        });
      let refund = 0;
      const canceled: number[] = [];
      let whole = false;
      for (const a of open) {
        const current = locked.items.find((x) => x.id === a.id)!;
        if (current.status === 'canceled') continue;
        const result = await cancelLocked(s, t2, locked, f2, actor, a.id, false);
        refund += result.refund_cents;
        if (result.whole_booking || a.status === 'pending_payment') {
          // Unpaid: every held hour went with the first.
          for (const x of locked.items.filter((x) => x.status === 'pending_payment')) {
            canceled.push(x.id);
            x.status = 'canceled';
          }
          whole = true;
          break;
        }
        canceled.push(a.id);
        current.status = 'canceled';
      }
      f2.tell({
        kind: 'hours_canceled',
        bookingId: booking.id,
        appointmentIds: canceled,
        actor: 'customer',
        refundCents: refund,
        wholeBooking: whole && canceled.length > 1,
      });
      const holding = locked.items.some((x) => HOLDS_TIME.includes(x.status));
      return {
        uuid: booking.uuid,
        status: holding ? locked.booking.status : 'canceled',
        refund_cents: refund,
        canceled: canceled.length,
        whole_booking: whole,
      };
    }),
  );
}
