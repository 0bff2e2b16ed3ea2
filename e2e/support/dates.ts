/**
 * Dates as the screens name them: Mantine's calendar buttons and the yyyy-MM-dd of URLs and files.
 * A journey's days count from the app's today (`appToday`), never from the machine's calendar: at
 * 23:30 in São Paulo the machine (UTC) is already on the next day, or the next month.
 */
import type { Page } from '@playwright/test';

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** "30 novembro 2026", the accessible name of a day in the calendars. */
export const calendarLabel = (d: Date) =>
  `${d.getDate()} ${new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(d)} ${d.getFullYear()}`;

/**
 * Today as the app sees it: the date the page's own clock gives in the clinics' zone (the browser
 * runs in America/Sao_Paulo), as a Date at local midnight so that its getters name that day on a
 * machine in any zone.
 */
export async function appToday(page: Page): Promise<Date> {
  const iso = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
  );
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** A weekday `ahead` days or more after `from` (the app's today, `appToday`). */
export function weekdayAhead(ahead: number, from: Date): Date {
  const d = new Date(from);
  d.setDate(d.getDate() + ahead);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return d;
}

/** The weekday after `d` (Friday → Monday): two "ahead" counts can land on the same Monday. */
export const weekdayAfter = (d: Date): Date => weekdayAhead(1, d);

/** The next `weekday` (0 = Sunday) after `from`. */
export function nextWeekday(weekday: number, from: Date): Date {
  const d = new Date(from);
  do d.setDate(d.getDate() + 1);
  while (d.getDay() !== weekday);
  return d;
}
