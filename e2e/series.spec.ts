import { appToday, isoDate, weekdayAhead } from './support/dates.ts';
import { bookingPanel, expectNoSidewaysScroll, pickDay, pickFreeHours } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

const shots = 'test-results/screens';

test('a specialist turns a picked hour into a horário fixo paid month by month, skips a week and cancels', async ({
  page,
}) => {
  const day = weekdayAhead(12, await appToday(page));
  await signInByApi(page, demo.specialist, undefined, `/rooms?search=pinheiros&date=${isoDate(day)}`);
  await page.getByRole('link', { name: /Sala Ipê — Vida Plena Pinheiros/ }).click();
  await expect(page.getByRole('heading', { name: 'Sala Ipê', level: 1 })).toBeVisible();
  const panel = await bookingPanel(page);
  await pickDay(panel, day);
  const [hour] = await pickFreeHours(panel, 1);

  // The offer sits under the picked hours; the dialog checks every week and prices each month.
  await panel.getByRole('button', { name: 'Tornar horário fixo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Horário fixo' });
  await expect(dialog.getByText(new RegExp(`^Toda .*, das ${hour} às`))).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Por quanto tempo' }).click();
  await page.getByRole('option', { name: '8 semanas', exact: true }).click();
  await expect(dialog.getByText('Cobrança mês a mês')).toBeVisible();
  await expect(dialog.getByText('pago agora, ao reservar')).toBeVisible();
  // What is charged today is said in full, whatever the day the series is made (issue 31).
  await expect(dialog.getByText(/^Cobrado hoje no cartão: R\$/)).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: /^Reservar horário fixo · R\$ [\d.,]+ hoje$/ }),
  ).toBeVisible();
  await expect(
    dialog
      .getByRole('listitem')
      .filter({ hasText: /^\d\d\/\d\d/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: `${shots}/series-dialog-desktop.png` });

  // Paid with the saved card: the first month is confirmed and the person lands on their bookings.
  await dialog.getByRole('button', { name: /^Reservar horário fixo/ }).click();
  await expect(page).toHaveURL(/\/especialista\/agendamentos/);
  const mine = page.getByRole('region', { name: 'Horários fixos' });
  const card = mine
    .getByRole('listitem')
    .filter({ hasText: `das ${hour}` })
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Ativo')).toBeVisible();
  await expect(card.getByText(/Pago/).first()).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: `${shots}/series-mine-desktop.png`, fullPage: true });

  // Skip the second week.
  await card.getByRole('combobox', { name: 'Semana a pular' }).click();
  await page.getByRole('option').nth(1).click();
  await card.getByRole('button', { name: 'Pular semana' }).click();
  await expect(page.getByText(/^Semana pulada\./)).toBeVisible();
  await expect(card.getByText(/^Semanas puladas: /)).toBeVisible();

  // Cancel the rest: the paid weeks ahead come back.
  await card.getByRole('button', { name: 'Cancelar horário fixo' }).click();
  await page
    .getByRole('dialog', { name: 'Cancelar horário fixo' })
    .getByRole('button', { name: 'Cancelar horário fixo' })
    .click();
  await expect(page.getByText(/^Horário fixo cancelado\./)).toBeVisible();
  await expect(card.getByText('Cancelado', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await keepScreen(page, { path: `${shots}/series-mine-phone.png`, fullPage: true });
});
