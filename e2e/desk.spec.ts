import { calendarLabel } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi, signInToApi } from './support/session.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * The operator's desk (issue 31 item 6, decision 0036): a specialist calls about a booking; the
 * operator finds it by the person's e-mail and the day of its hours, opens it, cancels it with a
 * reason, and sees it canceled with the full refund, the reason in its history and the mails; the
 * same pages at 390 px. The booking is made here through the API, in Sala Frevo (Casa Nordeste,
 * Recife): no other journey books or blocks that clinic.
 */
const ROOM = 'Sala Frevo';
const REASON = 'Sala interditada para manutenção elétrica';

/** Two hours in a row of Sala Frevo, 5 to 9 weeks ahead, booked with the saved card. */
async function bookTwoHours(request: APIRequestContext) {
  const me = await signInToApi(request, demo.specialist2);
  const found = await request.post('/api/customer/room/genericsearch', {
    headers: me.headers,
    data: { value: 'Frevo' },
  });
  const room = (await found.json()).data.find((r: { name: string }) => r.name === ROOM);
  expect(room, ROOM).toBeDefined();
  const card = (
    await (await request.get(`/api/customer/card/${me.user.uuid}`, { headers: me.headers })).json()
  ).data[0];
  expect(card, 'a saved card of especialista2').toBeDefined();
  const start = Date.now() + 35 * 86_400_000;
  const days = Array.from({ length: 28 }, (_, k) =>
    new Date(start + k * 86_400_000).toISOString().slice(0, 10),
  );
  const free = await request.post(`/api/customer/room/${room.uuid}/availability`, {
    headers: me.headers,
    data: { dateBulk: days },
  });
  let pair: string[] | undefined;
  for (const day of (await free.json()).data as { slots: { date_time: string; available: boolean }[] }[]) {
    const i = day.slots.findIndex(
      (s, k) =>
        s.available &&
        day.slots[k + 1]?.available &&
        Date.parse(day.slots[k + 1]!.date_time) - Date.parse(s.date_time) === 3_600_000,
    );
    if (i >= 0) {
      pair = [day.slots[i]!.date_time, day.slots[i + 1]!.date_time];
      break;
    }
  }
  expect(pair, 'two free hours in a row').toBeDefined();
  const booked = await request.post('/api/customer/appointment/bulk', {
    headers: me.headers,
    data: { room_uuid: room.uuid, date_times: pair, payment_method: 'card', card_uuid: card.uuid },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const data = (await booked.json()).data as { uuid: string; amount_cents: number };
  return { uuid: data.uuid, amount: data.amount_cents, hours: pair! };
}

/** "25/11/26 09:00", as the desk writes an hour. */
const deskWhen = (iso: string) =>
  `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)} ${iso.slice(11, 16)}`;
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

/** Picks one day in the "Datas dos horários" range picker, moving forward to its month. */
async function pickDay(page: Page, iso: string) {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const day = new Date(y!, m! - 1, d!);
  await page.getByRole('button', { name: 'Datas dos horários' }).click();
  const target = page.getByRole('button', { name: calendarLabel(day), exact: true });
  for (let i = 0; i < 4 && !(await target.isVisible()); i++)
    await page.getByRole('button', { name: 'Próximo mês' }).click();
  await target.click();
  await target.click();
}

const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the operator finds a specialist’s booking by e-mail, cancels it with a reason and sees the refund', async ({
  page,
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  const booking = await bookTwoHours(request);
  await request.dispose();
  const when = deskWhen(booking.hours[0]!);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, demo.owner);
  await page.getByRole('navigation').getByRole('link', { name: 'Reservas' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeVisible();

  // Found by the person's e-mail and the day of the hours.
  await page.getByRole('searchbox', { name: 'Busca' }).fill(demo.specialist2);
  await expect(page).toHaveURL(/busca=especialista2/);
  await pickDay(page, booking.hours[0]!);
  await expect(page).toHaveURL(/de=\d{4}-\d{2}-\d{2}&ate=/);
  const open = page.getByRole('link', { name: `Abrir a reserva da ${ROOM} de ${when}` });
  await expect(open).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${ROOM}`) }).first()).toContainText('Confirmada');
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/desk-list-desktop.png', fullPage: true });
  await open.click();

  // The booking: its hours, the card payment, the confirmation mail.
  await expect(page).toHaveURL(new RegExp(`/admin/gestao/reservas/${booking.uuid}$`));
  await expect(page.getByRole('heading', { name: `Reserva · ${ROOM}`, level: 1 })).toBeVisible();
  await expect(page.getByText(booking.uuid)).toBeVisible();
  const hours = page.getByRole('region', { name: 'Horários' });
  await expect(hours.getByText('Confirmada')).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'Pagamento' }).getByText(/^Cartão .+ final \d{4}$/),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Especialista' }).getByRole('link', { name: 'Lucas Ferreira' }),
  ).toBeVisible();
  await expectAccessible(page);

  // The cancel asks the reason, in Portuguese, before anything happens.
  await page.getByRole('button', { name: 'Cancelar com reembolso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar reserva com reembolso' });
  await expect(dialog.getByText(`Reembolso total: ${brl(booking.amount)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(dialog.getByText('Diga o motivo do cancelamento.')).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/desk-cancel-desktop.png' });
  const since = Date.now() - 1000;
  await dialog.getByRole('textbox', { name: /Motivo do cancelamento/ }).fill(REASON);
  await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Reserva cancelada. ${brl(booking.amount)} a devolver à pessoa.`),
  ).toBeVisible();

  // Canceled, refunded in full, the reason and who gave it in the history, the mail on its way.
  await expect(
    page.getByRole('heading', { name: `Reserva · ${ROOM}`, level: 1 }).locator('..'),
  ).toContainText('Cancelada');
  await expect(page.getByText(`Devolvido: ${brl(booking.amount)}`)).toBeVisible();
  await expect(page.getByText(`Motivo: ${REASON}`)).toBeVisible();
  await expect(page.getByText('Cancelar com reembolso')).toHaveCount(0);
  await waitForMail(demo.specialist2, /A equipe Salas cancelou/, since);
  await page.reload();
  const mails = page.getByRole('region', { name: 'E-mails enviados' });
  await expect(mails.getByText('Reserva confirmada: Sala Frevo')).toBeVisible();
  await expect(mails.getByText(`Reserva cancelada pela equipe Salas: ${ROOM}`).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reembolsos' })).toContainText(brl(booking.amount / 2));
  await keepScreen(page, { path: 'test-results/screens/desk-booking-desktop.png', fullPage: true });
  await expectAccessible(page);

  // The specialist's page lists the booking (it opens the same page), the saved cards and the trail.
  await page
    .getByRole('region', { name: 'Especialista' })
    .getByRole('link', { name: 'Lucas Ferreira' })
    .click();
  await expect(page.getByRole('heading', { name: 'Lucas Ferreira', level: 1 })).toBeVisible();
  const theirs = page.getByRole('link', { name: `Abrir a reserva da ${ROOM} de ${when}` });
  await expect(theirs).toBeVisible();
  await expect(page.getByText(/•••• \d{4}/).first()).toBeVisible();
  await expect(page.getByText(`Motivo: ${REASON}`).first()).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/desk-person-desktop.png', fullPage: true });
  await theirs.click();
  await expect(page).toHaveURL(new RegExp(`/admin/gestao/reservas/${booking.uuid}$`));

  // The same booking page and the list at 390 px: nothing sideways, the state in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(`Motivo: ${REASON}`)).toBeAttached();
  await expect.poll(() => fitsTheScreen(page)).toBe(true);
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/desk-booking-phone.png', fullPage: true });
  await page.goto(`/admin/gestao/reservas?busca=${encodeURIComponent(demo.specialist2)}`);
  const card = page.getByRole('link', { name: `Abrir a reserva da ${ROOM} de ${when}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Cancelada');
  await expect.poll(() => fitsTheScreen(page)).toBe(true);
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/desk-list-phone.png', fullPage: true });
});
