/**
 * A room page's booking state: the picked hours and the shown day live in the address (`h`, `dia`;
 * the list's `date` is the first day shown), so a link, a reload or a sign-in keeps them; the
 * repeat option and the confirm step live here. Leaving for a missing step (sign-in, sign-up, the
 * e-mail code, the specialist data) keeps them in the tab, and coming back reopens the confirm
 * step (pending-booking.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RoomDetail } from '#common/contracts/rooms';
import { minimumStretch, ruleMessages, shortStretches } from '#common/domain/booking-rules';
import { shownDayIn as dayIn, pickedIn as selectedIn, shownMonthIn } from '#common/domain/rooms';
import { slotPriceCents } from '#common/money';
import { withMinimum } from '#web/features/bookings/selection.ts';
import { useSession } from '#web/lib/session.tsx';
import { latest, settle, type Written } from './address-writes.ts';
import { useToday } from './api.ts';
import { savePendingBooking, takePendingBooking } from './pending-booking.ts';

type Slot = { date_time: string; available: boolean };
type Change = (selected: string[], day: string | null) => string[];

/**
 * The address after a change of the picked hours (and of the shown day, and of the shown month:
 * `mes` is written only when it differs from the shown day's).
 */
function paramsAfter(base: URLSearchParams, change: Change, nextDay?: string | null, month?: string) {
  const p = new URLSearchParams(base);
  const next = change(selectedIn(base), dayIn(base));
  if (next.length) p.set('h', [...new Set(next)].sort().join(','));
  else p.delete('h');
  const shownDay = nextDay === undefined ? dayIn(base) : nextDay;
  if (shownDay) p.set('dia', shownDay);
  if (month && month !== shownDay?.slice(0, 7)) p.set('mes', month);
  else if (month || nextDay !== undefined) p.delete('mes');
  return p;
}

/** Drops every picked hour of `date`. */
const without =
  (date: string): Change =>
  (picked) =>
    picked.filter((s) => !s.startsWith(date));

/** Picks or drops a slot; picking one short of the room's minimum stretch picks up to it (withMinimum). */
const toggled =
  (iso: string, daySlots: Slot[], rules: RoomDetail['booking_rules']): Change =>
  (picked) =>
    picked.includes(iso)
      ? picked.filter((s) => s !== iso)
      : withMinimum([...picked, iso], iso, daySlots, rules);

export function useRoomBooking(room: RoomDetail) {
  const [params, setParams] = useSearchParams();
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const selected = selectedIn(params);
  const day = dayIn(params);
  const today = useToday(room.clinic.timezone);
  const month = shownMonthIn(params, today);
  // Two quick taps must build on each other, not both on the address of the last render.
  const written = useRef<Written>([]);
  useEffect(() => {
    written.current = settle(written.current, params.toString());
  }, [params]);
  const latestParams = () => new URLSearchParams(latest(written.current, params.toString()));
  const [weeks, setWeeks] = useState('3');
  const [confirming, setConfirming] = useState(false);
  // A draft's preview (its partner's eyes only, decision 0038) takes no booking.
  const preview = Boolean(room.preview);
  const mayBook = !preview && (!user || user.role_name === 'customer' || user.role_name === 'partner');
  const here = `/rooms/${room.uuid}?${params.toString()}`;

  const rules = room.booking_rules;
  /** Writes the picked hours (and the shown day) from the latest ones: `change(selected, day)`. */
  const update = (change: Change, nextDay?: string | null, nextMonth?: string) => {
    const p = paramsAfter(latestParams(), change, nextDay, nextMonth);
    written.current = [...written.current, p.toString()];
    setParams(p, { replace: true, preventScrollReset: true });
  };
  /**
   * The same change as a link, for the calendar and the hours drawn as links: before the page's
   * scripts run (or without them) a tap loads the page with that address (decision 0044).
   */
  const linkTo = (change: Change, nextDay?: string | null, nextMonth?: string) =>
    `/rooms/${room.uuid}?${paramsAfter(params, change, nextDay, nextMonth).toString()}`;

  // A tap on "Reservar" right after an hour may come before the router shows that hour: what is
  // kept, and where sign-in comes back to, is the latest address written, not the one drawn.
  const hereNow = () => `/rooms/${room.uuid}?${latestParams().toString()}`;
  const keep = () => {
    const p = latestParams();
    savePendingBooking({ room: room.uuid, dateTimes: selectedIn(p), day: dayIn(p), weeks });
  };

  // Back from sign-in, sign-up or a missing step: the same hours, the confirm step open. Once per
  // arrival of the signed-in person on this room.
  useEffect(() => {
    if (loading || !user || !mayBook) return;
    const pending = takePendingBooking(room.uuid);
    if (!pending) return;
    setWeeks(pending.weeks);
    const hours = selected.length ? selected : pending.dateTimes;
    if (!selected.length && hours.length) update(() => hours, pending.day ?? day);
    if (hours.length) setConfirming(true);
  }, [loading, user?.uuid, room.uuid]);

  return {
    selected,
    day,
    today,
    /** The calendar's month (yyyy-MM). */
    month,
    weeks,
    setWeeks,
    totalCents: selected.length * slotPriceCents(room.price_per_minute, rules.slot_minutes),
    slotMinutes: rules.slot_minutes,
    /** Why "Reservar" waits: a picked stretch shorter than the room's minimum. */
    tooShort: shortStretches(selected.map(Date.parse), rules).length
      ? ruleMessages.tooShort(minimumStretch(rules))
      : null,
    here,
    mayBook,
    preview,
    signedIn: Boolean(user),
    /** Specialists may join a day's waitlist. */
    canWait: user?.role_name === 'customer',
    confirming,
    pickDay: (d: string | null) => update((picked) => picked, d),
    dayLink: (d: string) => linkTo((picked) => picked, d),
    showMonth: (m: string) => update((picked) => picked, undefined, m),
    monthLink: (m: string) => linkTo((picked) => picked, undefined, m),
    /**
     * Picks or drops a slot. Picking one that would leave a stretch shorter than the room's
     * minimum also picks the free slots right after it (or before, at the day's end) up to it.
     */
    toggle: (iso: string, daySlots: Slot[] = []) => update(toggled(iso, daySlots, rules)),
    toggleLink: (iso: string, daySlots: Slot[]) => linkTo(toggled(iso, daySlots, rules)),
    add: (slots: string[]) => update((picked) => [...picked, ...slots]),
    /** Drops every picked hour of `date`. */
    remove: (date: string) => update(without(date)),
    removeLink: (date: string) => linkTo(without(date)),
    clear: () => update(() => []),
    clearLink: () => linkTo(() => []),
    /** "Reservar": the confirm step, or sign-in first (the hours wait in the tab). */
    reserve: () => {
      if (user) return setConfirming(true);
      keep();
      navigate(`/signin?redirect=${encodeURIComponent(hereNow())}`);
    },
    /** The confirm step sends the person to a missing step (e-mail, data): the hours wait. */
    leaveForStep: keep,
    closeConfirm: () => setConfirming(false),
    booked: () => {
      setConfirming(false);
      update(() => []);
      if (user?.role_name === 'customer') navigate('/especialista/agendamentos');
    },
  };
}

export type RoomBooking = ReturnType<typeof useRoomBooking>;
