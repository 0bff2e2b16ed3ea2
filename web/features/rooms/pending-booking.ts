/**
 * The hours a person picked on a room page, kept in this tab while they sign in, sign up, confirm
 * the e-mail or complete their data, so the room page can reopen the confirm step with them
 * (docs/decisions/0017). sessionStorage: one tab, gone with it, and stale after two hours.
 */
export const PENDING_BOOKING_KEY = 'salas:pending-booking';
export const PENDING_BOOKING_TTL_MS = 2 * 60 * 60_000;

export interface PendingBooking {
  room: string;
  dateTimes: string[];
  /** The day shown in the calendar (yyyy-MM-dd). */
  day: string | null;
  /** "Repetir toda semana por": the number of weeks chosen. */
  weeks: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStore = (): Store | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked: the address still carries the hours
  }
};

const SLOT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function savePendingBooking(pending: PendingBooking, store = browserStore(), now = Date.now()): void {
  try {
    store?.setItem(
      PENDING_BOOKING_KEY,
      JSON.stringify({ ...pending, expiresAt: now + PENDING_BOOKING_TTL_MS }),
    );
  } catch {
    /* full or blocked: the address still carries the hours */
  }
}

/** The kept hours of `room`, once: read and removed. Expired or unreadable entries are dropped. */
export function takePendingBooking(
  room: string,
  store = browserStore(),
  now = Date.now(),
): PendingBooking | undefined {
  const raw = store?.getItem(PENDING_BOOKING_KEY);
  if (!raw) return undefined;
  let value: Partial<PendingBooking & { expiresAt: number }>;
  try {
    value = JSON.parse(raw);
  } catch {
    store?.removeItem(PENDING_BOOKING_KEY);
    return undefined;
  }
  const expired = typeof value.expiresAt !== 'number' || value.expiresAt <= now;
  if (expired) store?.removeItem(PENDING_BOOKING_KEY);
  if (expired || value.room !== room) return undefined;
  store?.removeItem(PENDING_BOOKING_KEY);
  const dateTimes = Array.isArray(value.dateTimes)
    ? value.dateTimes.filter((s): s is string => typeof s === 'string' && SLOT.test(s))
    : [];
  const day = typeof value.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.day) ? value.day : null;
  const weeks = typeof value.weeks === 'string' && /^\d{1,2}$/.test(value.weeks) ? value.weeks : '3';
  return { room, dateTimes, day, weeks };
}
