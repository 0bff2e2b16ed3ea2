/**
 * "Repetir toda semana": the chosen hours copied to the same weekday and time of the next weeks.
 * Slots are matched by local date and time of day (`yyyy-MM-dd` + `HH:mm`), so an offset change
 * between weeks (summer time in some zones) still finds the same hour.
 */
import { addDays } from '#common/time/zone';

type Day = { date: string; slots: { date_time: string; available: boolean }[] };

/** The dates to check: each chosen date moved 1..weeks weeks ahead. */
export function repeatDates(selected: string[], weeks: number): string[] {
  const days = [...new Set(selected.map((s) => s.slice(0, 10)))];
  const out = new Set<string>();
  for (const d of days) for (let w = 1; w <= weeks; w++) out.add(addDays(d, 7 * w));
  return [...out].sort();
}

/** The free slots of the checked days that repeat a chosen hour, and the ones already taken. */
export function repeatMatches(selected: string[], weeks: number, days: Day[]) {
  const wanted = new Set<string>();
  for (const s of selected)
    for (let w = 1; w <= weeks; w++) wanted.add(`${addDays(s.slice(0, 10), 7 * w)} ${s.slice(11, 16)}`);
  const free: string[] = [];
  const taken: string[] = [];
  const found = new Set<string>();
  for (const day of days)
    for (const slot of day.slots) {
      const key = `${slot.date_time.slice(0, 10)} ${slot.date_time.slice(11, 16)}`;
      if (!wanted.has(key)) continue;
      found.add(key);
      (slot.available ? free : taken).push(slot.date_time);
    }
  // Hours the room does not open on that week (a holiday, a block of the whole day) count as taken.
  const missing = [...wanted].filter((k) => !found.has(k));
  return {
    free,
    unavailable: [...taken.map((t) => `${t.slice(0, 10)} ${t.slice(11, 16)}`), ...missing].sort(),
  };
}
