import { zonedDate, zoneOffsetMinutes } from '#common/time/zone';

/** dd/mm/aaaa typed by a person -> yyyy-MM-dd, or null when it is not a real date. */
export function parseBrazilianDate(value: string): string | null {
  const match = value.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!match) return null;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * "Today" on the right clock (issue 42). The marketplace's own figures — the operator's pages,
 * payouts — count Brasília's days; a partner's pages count its clinics' days.
 */
export const MARKETPLACE_ZONE = 'America/Sao_Paulo';

/** The browser's IANA zone (the marketplace's if the platform does not say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || MARKETPLACE_ZONE;
  } catch {
    return MARKETPLACE_ZONE;
  }
}

/** Today's date (yyyy-MM-dd) on the zone's clock. */
export const todayIn = (zone: string, now = new Date()): string => zonedDate(now, zone);

/**
 * The zone of a partner's "today": the chosen clinic's; else the one all its clinics share (a
 * partner whose rooms are all in Manaus counts Manaus' days wherever it opens the page); else the
 * browser's.
 */
export function partnerZone(
  clinics: readonly { uuid: string; timezone: string }[],
  chosen?: string | null,
  fallback: string = browserZone(),
): string {
  const picked = chosen ? clinics.find((c) => c.uuid === chosen) : undefined;
  if (picked) return picked.timezone;
  const zones = new Set(clinics.map((c) => c.timezone));
  return zones.size === 1 ? [...zones][0]! : fallback;
}

/** Clinics whose clock shows another time than the viewer's now, grouped by zone. */
export interface ZoneDifference {
  zone: string;
  /** Minutes the zone's clock is ahead of the viewer's (negative: behind). */
  minutes: number;
  clinics: string[];
}

export function zoneDifferences(
  clinics: readonly { name: string; timezone: string }[],
  viewer: string,
  now = new Date(),
): ZoneDifference[] {
  const own = zoneOffsetMinutes(now, viewer);
  const byZone = new Map<string, ZoneDifference>();
  for (const c of clinics) {
    const minutes = zoneOffsetMinutes(now, c.timezone) - own;
    if (minutes === 0) continue;
    const group = byZone.get(c.timezone) ?? { zone: c.timezone, minutes, clinics: [] };
    if (!group.clinics.includes(c.name)) group.clinics.push(c.name);
    byZone.set(c.timezone, group);
  }
  return [...byZone.values()].sort((a, b) => a.minutes - b.minutes);
}
