import { appToday, calendarLabel, isoDate } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { showDay } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * "Bloquear horários" never lands silently on held hours (DESIGN §9 "The partner's day", issue 31):
 * the form starts empty, a block over a confirmed booking lists it, then the partner blocks only the
 * free parts, or cancels the booking with a full refund (the specialist is mailed).
 */
test.describe.configure({ mode: 'serial' });

interface Appointment {
  uuid: string;
  date_time: string;
  status: string;
  series: boolean;
  room: { uuid: string; name: string };
  clinic: { uuid: string; name: string };
  customer: { name: string; email: string };
}

/** The day of the first journey's interval, left alone by the second. */
let firstDay: string | undefined;

const pad = (n: number) => String(n).padStart(2, '0');
const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const hourOf = (a: Appointment) => Number(a.date_time.slice(11, 13));
const dayOf = (a: Appointment) => a.date_time.slice(0, 10);
/** "30/11 10:00", as the conflicts list shows an hour. */
const dayHour = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)} ${iso.slice(11, 16)}`;

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('salas.token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/**
 * The partner's appointments from `fromDay` to `toDay` days ahead of the app's today, every page.
 */
async function appointments(page: Page, fromDay: number, toDay: number): Promise<Appointment[]> {
  const today = await appToday(page);
  const from = isoDate(plusDays(today, fromDay));
  const to = isoDate(plusDays(today, toDay));
  const headers = await bearer(page);
  const all: Appointment[] = [];
  for (let n = 1; n <= 30; n++) {
    const res = await page.request.get(
      `/api/partner/appointments/${from}/${to}/todas?page=${n}&per_page=100`,
      {
        headers,
      },
    );
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: Appointment[]; meta: { last_page: number } };
    all.push(...body.data);
    if (n >= body.meta.last_page) break;
  }
  return all;
}

/**
 * A confirmed hour of someone other than the demo specialists, outside a horário fixo, past the
 * days the other journeys book in (demo-bookings.ts keeps 16 days for them), 01:00–22:00 so that
 * an hour either side stays in the same day; none of the days in `avoid`.
 */
async function confirmedHour(page: Page, avoid: string[] = []): Promise<Appointment> {
  const mine = [demo.specialist, demo.specialist2] as string[];
  const fits = (a: Appointment) =>
    a.status === 'confirmed' &&
    !a.series &&
    !mine.includes(a.customer.email) &&
    hourOf(a) >= 1 &&
    hourOf(a) <= 22 &&
    !avoid.includes(dayOf(a));
  const found = (await appointments(page, 18, 45)).find(fits) ?? (await appointments(page, 2, 45)).find(fits);
  expect(found, 'a confirmed booking of the demo partner in the coming weeks').toBeTruthy();
  return found!;
}

async function appointmentStatus(page: Page, a: Appointment): Promise<string | undefined> {
  const day = dayOf(a);
  const headers = await bearer(page);
  const res = await page.request.get(
    `/api/partner/appointments/${day}/${day}/${a.clinic.uuid}?room=${a.room.uuid}&per_page=100`,
    { headers },
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: Appointment[] };
  return body.data.find((x) => x.uuid === a.uuid)?.status;
}

/** The rooms page's "Bloquear horários" dialog. */
async function openBlockForm(page: Page): Promise<Locator> {
  await page.goto('/parceiro/gestao/salas');
  await page.getByRole('button', { name: 'Bloquear horários' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear horários' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses the appointment's room, its day and the hours [from, to) in the form. */
async function fillInterval(page: Page, dialog: Locator, a: Appointment, from: number, to: number) {
  await dialog.getByRole('combobox', { name: 'Salas' }).click();
  await page.getByRole('option', { name: `${a.room.name} — ${a.clinic.name}`, exact: true }).click();
  // Tab, not Escape: an Escape once a dropdown has closed would close the dialog.
  await page.keyboard.press('Tab');
  const [y, m, d] = dayOf(a).split('-').map(Number);
  const day = new Date(y!, m! - 1, d!);
  await dialog.getByRole('button', { name: 'Dia' }).click();
  const calendar = page.locator('.mantine-Popover-dropdown');
  await showDay(calendar, day);
  await calendar.getByRole('button', { name: calendarLabel(day), exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Das' }).fill(`${pad(from)}:00`);
  await page.keyboard.press('Tab');
  await dialog.getByRole('combobox', { name: 'Até' }).fill(`${pad(to)}:00`);
  await page.keyboard.press('Tab');
}

/** The conflicts alert, its count from the title, and the booked hour listed in it. */
async function expectConflicts(dialog: Locator, a: Appointment): Promise<number> {
  const alert = dialog.getByTestId('block-conflicts');
  await expect(alert).toBeVisible();
  const title = alert.getByText(/^Há \d+ reservas? nesse intervalo$/);
  await expect(title).toBeVisible();
  const count = Number((await title.textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThanOrEqual(1);
  const list = alert.getByRole('list', { name: 'Reservas no intervalo' });
  // Who holds it, too (the partner owns the room).
  await expect(
    list.getByText(`${a.room.name} — ${dayHour(a.date_time)} · ${a.customer.name}`, { exact: true }),
  ).toBeVisible();
  await expect(dialog.page().getByText(/^Horário bloqueado/)).toHaveCount(0);
  return count;
}

/** Nothing scrolls sideways: neither the page nor the dialog. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const doc = document.documentElement;
    const content = document.querySelector('.mantine-Modal-content');
    return {
      page: doc.scrollWidth - doc.clientWidth,
      dialog: content ? content.scrollWidth - content.clientWidth : 0,
    };
  });
  expect(overflow).toEqual({ page: 0, dialog: 0 });
}

test('the form starts empty, and a block over a booking offers to block only the free hours', async ({
  page,
}) => {
  await signInByApi(page, demo.partner);
  const booked = await confirmedHour(page);
  const hour = hourOf(booked);

  const dialog = await openBlockForm(page);
  // No room chosen, no hours filled in.
  await expect(dialog.locator('.mantine-MultiSelect-pill')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Das' })).toHaveValue('');
  await expect(dialog.getByRole('combobox', { name: 'Até' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(dialog.getByText('Escolha pelo menos uma sala.')).toBeVisible();
  await expect(dialog.getByText('Escolha o dia.')).toBeVisible();
  await expect(dialog.getByText('Informe a hora de início (hh:mm).')).toBeVisible();
  await expect(dialog.getByText('Informe a hora de fim (hh:mm).')).toBeVisible();

  await fillInterval(page, dialog, booked, hour - 1, hour + 1);
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const held = await expectConflicts(dialog, booked);
  await expect(dialog.getByRole('button', { name: 'Bloquear só os horários livres' })).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Cancelar essas reservas com reembolso total' }),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/block-conflicts-desktop.png' });
  for (const width of [768, 390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
  }
  await keepScreen(page, { path: 'test-results/screens/block-conflicts-phone.png' });
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectNoSidewaysScroll(page);

  await dialog.getByRole('button', { name: 'Bloquear só os horários livres' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^(Horários livres bloqueados|Nenhum horário livre para bloquear); ${held} reservas? mantidas?\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // The booking stays; the free hour of the interval, if any, is blocked.
  expect(await appointmentStatus(page, booked)).toBe('confirmed');
  const blocks = await page.request.get(`/api/partner/blockedschedule/room/${booked.room.uuid}`, {
    headers: await bearer(page),
  });
  expect(blocks.status()).toBe(200);
  const rows = ((await blocks.json()) as { data: { starts_at: string; ends_at: string }[] }).data;
  const start = new Date(booked.date_time).getTime();
  for (const b of rows) {
    // None of them covers the booked hour.
    const covers =
      new Date(b.starts_at).getTime() < start + 3_600_000 && new Date(b.ends_at).getTime() > start;
    expect(covers, `${b.starts_at}–${b.ends_at} over ${booked.date_time}`).toBe(false);
  }
  firstDay = dayOf(booked);
});

test('a block over a booking may cancel it with a full refund, after a confirm', async ({ page }) => {
  await signInByApi(page, demo.partner);
  // Another day than the first journey's interval.
  const booked = await confirmedHour(page, firstDay ? [firstDay] : []);
  const hour = hourOf(booked);

  const dialog = await openBlockForm(page);
  await fillInterval(page, dialog, booked, hour, hour + 1);
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expectConflicts(dialog, booked);

  // "Voltar" goes back to the interval; submitting again lists the same booking.
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog.getByTestId('block-conflicts')).toBeHidden();
  await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const held = await expectConflicts(dialog, booked);

  await dialog.getByRole('button', { name: 'Cancelar essas reservas com reembolso total' }).click();
  await expect(dialog.getByText(/reembolso total e um e-mail/)).toBeVisible();
  await expectAccessible(page);
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Sim, cancelar e bloquear' }).click();
  await expect(
    page.getByText(
      held === 1
        ? 'Horário bloqueado; 1 reserva cancelada com reembolso total.'
        : `Horário bloqueado; ${held} reservas canceladas com reembolso total.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await appointmentStatus(page, booked)).toBe('canceled');
  await waitForMail(booked.customer.email, /cancelou/, since);
});
