/**
 * The shapes the demo history is built in (demo-history.ts, demo-market.ts) and written from
 * (demo-bulk.ts): the rooms and people it draws on, and a booking with its hours, payment and refunds.
 */
import type { AppointmentStatus, RefundReason } from '../schema.ts';

export interface HistoryRoom {
  id: number;
  name: string;
  timezone: string;
  priceCents: number;
  kind: string;
  city: string;
  partnerId: number;
  /** Bookable whole hours (start hours) per weekday, 0 = Sunday. */
  hours: Map<number, number[]>;
  /** Demand relative to the others (location, price, photos). */
  popularity: number;
  /** The clinic's first day on the marketplace (yyyy-MM-dd), if it joined during the history. */
  openedOn?: string;
  /** Bookings of other people start no earlier than this (the demo partner's agenda opens on a demo account). */
  othersFrom?: Date;
  /** Future hours kept free for the browser journeys. */
  keepFree?: (date: string, hour: number) => boolean;
}

export interface HistoryCustomer {
  id: number;
  cardId: number;
  city: string;
  /** Weight per room kind; 0 or missing = never. */
  roomKinds: Partial<Record<string, number>>;
  activity: number;
  since: Date;
  /** Only these rooms (by name), if set. */
  rooms?: string[];
  /** Only hours before this: the demo accounts' today and future are written by hand. */
  until?: Date;
  /** At most this many hours from the random history. */
  maxHours?: number;
  /** One of the accounts of DESIGN §3. */
  demoAccount?: boolean;
}

export interface AppointmentRow {
  roomId: number;
  customerId: number;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  priceCents: number;
  refundCents: number;
  canceledAt: Date | null;
  canceledBy: number | null;
  reminderSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RefundRow {
  uuid: string;
  amountCents: number;
  reason: RefundReason;
  createdAt: Date;
}

export interface BookingRows {
  uuid: string;
  customerId: number;
  roomId: number;
  status: 'confirmed' | 'canceled' | 'expired';
  amountCents: number;
  paymentMethod: 'card' | 'pix';
  holdExpiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  appointments: AppointmentRow[];
  payment: {
    uuid: string;
    providerRef: string;
    method: 'card' | 'pix';
    status: 'paid' | 'partially_refunded' | 'refunded' | 'expired';
    amountCents: number;
    refundedCents: number;
    cardId: number | null;
    pixCopyPaste: string | null;
    pixExpiresAt: Date | null;
    paidAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
  };
  refunds: RefundRow[];
}

/** What happens to one paid hour. */
export type Outcome =
  | { kind: 'held' }
  | { kind: 'canceled'; by: 'customer' | 'partner' | 'operator'; at: Date }
  | { kind: 'no_show' };

export interface BookRequest {
  room: HistoryRoom;
  customer: HistoryCustomer;
  starts: Date[];
  createdAt: Date;
  method: 'card' | 'pix';
  outcomes?: Outcome[];
}
