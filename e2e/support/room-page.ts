/** The room page's booking card (desktop) or bottom bar and sheet (phones), as the journeys use them. */
import { expect, type Locator, type Page } from '@playwright/test';
import { calendarLabel } from './dates.ts';

/** The width from which the booking card sits beside the room (web rooms/components/room-page.css, 62em). */
const CARD_MIN_WIDTH = 992;

export const isPhoneLayout = (page: Page) => (page.viewportSize()?.width ?? 1280) < CARD_MIN_WIDTH;

/**
 * The booking panel: the card beside the room, or on phones the sheet the bottom bar's "Reservar"
 * opens (opened here when it is not already).
 */
export async function bookingPanel(page: Page): Promise<Locator> {
  if (!isPhoneLayout(page)) {
    const card = page.getByRole('region', { name: 'Horários livres' });
    await expect(card).toBeVisible();
    return card;
  }
  const sheet = page.getByRole('dialog', { name: 'Horários livres' });
  if (!(await sheet.isVisible())) {
    // A real click: the floating help buttons sit above the bar (--salas-booking-bar-height), so
    // Playwright would refuse to click a button they covered.
    await page
      .getByRole('region', { name: 'Horários livres' })
      .getByRole('button', { name: 'Reservar' })
      .click();
  }
  await expect(sheet).toBeVisible();
  return sheet;
}

/**
 * A day of the room's calendar, a link (it works before the page's scripts): its name starts with
 * the calendar label ("16 dezembro 2026").
 */
export const dayButton = (scope: Locator, d: Date) =>
  scope.getByRole('link', { name: new RegExp(`^${calendarLabel(d)}(,|$)`) });

/**
 * Moves an open calendar (a date picker's popover, the agenda's period) on until it shows `d`: the
 * calendar says which month it shows, so nothing here counts months on the machine's calendar.
 */
export async function showDay(scope: Page | Locator, d: Date): Promise<void> {
  const day = scope.getByRole('button', { name: calendarLabel(d), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++)
    await scope.getByRole('button', { name: 'Próximo mês' }).first().click();
}

/** Shows `d` in the calendar (moving on a month or two when needed) and picks it. */
export async function pickDay(panel: Locator, d: Date): Promise<void> {
  const day = dayButton(panel, d);
  const next = panel.getByRole('link', { name: 'Próximo mês' });
  await expect(next).toBeVisible();
  // The month shown is in the address: wait for each move to land before looking again.
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    const month = await panel.locator('.salas-month-title').textContent();
    await next.click();
    await expect(panel.locator('.salas-month-title')).not.toHaveText(month ?? '');
  }
  await day.click();
}

/** Picks the hour chips (HH:mm) of the shown day. */
export async function pickHours(panel: Locator, ...hours: string[]): Promise<void> {
  for (const hour of hours) await panel.getByText(hour, { exact: true }).click();
}

/** "Reservar" in the panel: the confirm step, or sign-in first for a visitor. */
export async function reserve(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Reservar', exact: true }).click();
}

/** Opens the panel, picks `d` and the hours: the usual start of a booking. */
export async function pickHoursOn(page: Page, d: Date, ...hours: string[]): Promise<Locator> {
  const panel = await bookingPanel(page);
  await pickDay(panel, d);
  await pickHours(panel, ...hours);
  return panel;
}

/** Nothing scrolls sideways. */
export const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Nothing scrolls sideways once the page has settled (a width just changed: the layout switches
 * from table to cards, transitions end), and if something does, the message names what sticks out.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = () =>
    page.evaluate(() => {
      const by = document.documentElement.scrollWidth - window.innerWidth;
      if (by <= 0) return '';
      const out = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map(
          (e) =>
            `<${e.tagName.toLowerCase()} class="${String(e.className).slice(0, 60)}">${(e.textContent ?? '').slice(0, 60)}`,
        );
      return `${by} px sideways: ${out.join(' | ')}`;
    });
  await expect.poll(overflow).toBe('');
}

/** The names of the shown day's free hours not picked yet, once the list has settled. */
async function freeHourNames(panel: Locator): Promise<string[]> {
  const free = panel.getByRole('checkbox', { name: /^\d\d:\d\d livre$/, checked: false });
  // Right after a day is picked the list may still be the previous day's, or loading: read it
  // until two reads agree with nothing loading.
  let names: string[] = [];
  await expect
    .poll(
      async () => {
        const loading = await panel.getByText('Carregando horários...').count();
        const now = await free.evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label') ?? ''));
        const settled = loading === 0 && now.length > 0 && now.join() === names.join();
        names = now;
        return settled;
      },
      { intervals: [150, 150, 250, 500] },
    )
    .toBe(true);
  return names;
}

/** Picks the first `count` free hours of the shown day (the demo's own bookings may hold some). */
export async function pickFreeHours(panel: Locator, count: number): Promise<string[]> {
  const hours = (await freeHourNames(panel)).slice(0, count).map((n) => n.slice(0, 5));
  expect(hours).toHaveLength(count);
  await pickHours(panel, ...hours);
  return hours;
}

/**
 * Picks the first day, this month or the next, with at least `count` free hours, and those hours:
 * late in the day, today may still be marked free with a single hour left.
 */
export async function pickFreeDayAndHours(panel: Locator, count: number): Promise<string[]> {
  for (let month = 0; month < 2; month++) {
    const days = panel.getByRole('link', { name: /, com horários livres$/ });
    const labels = await days.evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''));
    for (const label of labels) {
      await panel.getByRole('link', { name: label, exact: true }).click();
      await expect(panel.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'date',
      );
      if ((await freeHourNames(panel)).length >= count) return pickFreeHours(panel, count);
    }
    const shown = await panel.locator('.salas-month-title').textContent();
    await panel.getByRole('link', { name: 'Próximo mês' }).click();
    await expect(panel.locator('.salas-month-title')).not.toHaveText(shown ?? '');
  }
  throw new Error(`nenhum dia com ${count} horários livres neste mês nem no próximo`);
}

/** "Ter., 16/12": how the summary and the confirm step name a day. */
export const shortDay = (d: Date) => {
  const s = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', day: '2-digit', month: '2-digit' }).format(
    d,
  );
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** "09:00–10:00" for one hour. */
export const oneHour = (hour: string) =>
  `${hour}–${String(Number(hour.slice(0, 2)) + 1).padStart(2, '0')}:00`;
