import { appToday, nextWeekday } from './support/dates.ts';
import { bookingPanel, pickDay } from './support/room-page.ts';
import { expectAccessible } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('a visitor searches rooms without accents, sorts them and opens a room page with its free slots', async ({
  page,
}) => {
  await page.goto('/rooms');
  await expect(page.getByText(/^\d+ salas encontradas$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Onde?' }).fill('sao paulo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms\?search=sao\+paulo$/);
  await expect(page.getByRole('heading', { name: 'Resultados para “sao paulo”' })).toBeVisible();
  await expect(page.getByText('5 salas encontradas')).toBeVisible();
  // Pinned rooms come first.
  await expect(page.locator('a[href^="/rooms/"]').first()).toContainText('Destaque');
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Maior preço' });
  await expect(page).toHaveURL(/ordem=price_desc/);
  await expect(page.locator('a[href^="/rooms/"]').nth(1)).toContainText('Sala de Grupo');

  await page.getByRole('link', { name: /Sala Ipê — Vida Plena Pinheiros/ }).click();
  await expect(page.getByRole('heading', { name: 'Sala Ipê', level: 1 })).toBeVisible();
  await expect(page.getByText('R$ 50,00').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toHaveCount(0);
  await expect(page).toHaveTitle(/Sala Ipê/);
  // "Voltar" keeps the search.
  await expect(page.getByRole('link', { name: 'Voltar para as salas' })).toHaveAttribute(
    'href',
    /\/rooms\?search=sao\+paulo/,
  );
  const calendar = await bookingPanel(page);
  // The next Tuesday has slots from 08:00 (Pinheiros opens 08:00–20:00 on weekdays).
  await pickDay(calendar, nextWeekday(2, await appToday(page)));
  await expect(calendar.getByText('08:00', { exact: true })).toBeVisible();
  await expect(calendar.getByText('19:00', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
