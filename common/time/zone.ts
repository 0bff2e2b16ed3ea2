/** Wall-clock time in an IANA zone <-> instants, with Intl only (no Node, no DOM). */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock read from ICU (slow: a few microseconds per call). */
function icuWallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Offsets only change at transitions that fall on a quarter hour (every zone since 1970), so the
 * offset is read from ICU once per zone and quarter hour and kept: the slot arithmetic of a search
 * over hundreds of rooms asks for thousands of them (docs/performance.md).
 */
const QUARTER = 900_000;
const offsets = new Map<string, number>();
function offsetAt(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER);
  const key = `${timeZone}|${bucket}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const at = new Date(bucket * QUARTER);
    const w = icuWallClock(at, timeZone);
    off = Math.round(
      (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at.getTime()) / 60_000,
    );
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

/** The zone's wall clock at `instant` as numbers. */
export function wallClock(instant: Date, timeZone: string) {
  formatter(timeZone); // an unknown zone throws here, as ICU would
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** Offset of the zone from UTC at `instant`, in minutes (São Paulo: -180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetAt(instant.getTime(), timeZone);
}

/** The instant when the zone's clock shows `date` (yyyy-MM-dd) at `time` (HH:mm). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  let instant = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  // Second pass settles instants next to an offset change.
  instant = guess - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The zone's calendar date (yyyy-MM-dd) at `instant`. */
export function zonedDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** ISO 8601 with the zone's offset, e.g. 2026-12-01T09:00:00-03:00 (DESIGN §4). */
export function toZonedIso(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const off = zoneOffsetMinutes(instant, timeZone);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Adds whole days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = domingo ... 6 = sábado, for a yyyy-MM-dd date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
