import { appToday, weekdayAhead } from './support/dates.ts';
import { bookingPanel, pickDay, reserve } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('phone: a specialist sees each booking as a card with its status and the cancel button in view', async ({
  page,
}) => {
  await signInByApi(page, demo.specialist, undefined, '/especialista/agendamentos');
  const upcoming = page
    .locator('.mantine-Card-root', { has: page.getByRole('button', { name: 'Cancelar' }) })
    .first();
  await expect(upcoming).toBeVisible();
  await expect(upcoming.getByText('Confirmada')).toBeInViewport();
  await expect(upcoming.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
});

const fitsTheScreen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('phone: a specialist picks an hour on the room page and pays with Pix, the QR code in view', async ({
  page,
}) => {
  await signInByApi(page, demo.specialist2, undefined, '/rooms?search=Savassi');
  await page
    .getByRole('link', { name: /— Acolher Savassi$/ })
    .first()
    .click();
  // The bottom bar opens the sheet with the calendar.
  await expect(
    page.getByRole('region', { name: 'Horários livres' }).getByRole('button', { name: 'Reservar' }),
  ).toBeInViewport();
  await keepScreen(page, { path: 'test-results/screens/room-phone.png', fullPage: true });
  const section = await bookingPanel(page);
  await pickDay(section, weekdayAhead(2, await appToday(page)));
  await section.getByText('11:00', { exact: true }).click();
  await expect(section.getByText('1 horário escolhido')).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);

  await reserve(section);
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await dialog.getByText('Pix', { exact: true }).click();
  await dialog.getByRole('button', { name: /^Pagar R\$/ }).click();
  const pix = page.getByRole('dialog', { name: 'Pague com Pix para confirmar' });
  const qr = pix.getByRole('img', { name: 'QR Code do Pix para pagar no app do banco' });
  await expect(qr).toBeInViewport();
  await expect(pix.getByRole('button', { name: 'Copiar código' })).toBeVisible();
  await keepScreen(page, { path: 'test-results/screens/pix-phone.png' });
  await expectAccessible(page);
  await pix.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(pix.getByText('Pagamento recebido')).toBeVisible();
});

test('phone: a partner’s agenda is one card per appointment with the status choice in view', async ({
  page,
}) => {
  await signInByApi(page, demo.partner);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await page.getByText('Lista', { exact: true }).click();
  const first = page
    .locator('.mantine-Card-root', {
      has: page
        .getByRole('textbox', { name: /^Situação de/ })
        .or(page.getByRole('combobox', { name: /^Situação de/ })),
    })
    .first();
  await expect(first).toBeVisible();
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByText(/Mariana Costa|Lucas Ferreira/)).toBeInViewport();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await fitsTheScreen(page)).toBe(true);
  await keepScreen(page, { path: 'test-results/screens/agenda-phone.png', fullPage: true });
  await expectAccessible(page);
});

test('phone: the operator’s dashboard and lists fit the screen', async ({ page }) => {
  await signInByApi(page, demo.owner, undefined, '/admin/dashboard');
  await expect(page.getByText('Faturamento', { exact: true })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await keepScreen(page, { path: 'test-results/screens/admin-dashboard-phone.png', fullPage: true });
  await expectAccessible(page);
  await page.goto('/admin/gestao/especialistas');
  await expect(page.getByRole('link', { name: 'Mariana Costa' })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await keepScreen(page, { path: 'test-results/screens/admin-specialists-phone.png', fullPage: true });
});
