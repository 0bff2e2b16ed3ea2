/**
 * Search people can narrow (issue 32, decision 0042), at a desktop's and a phone's width: the
 * autocomplete picks a city, a filter narrows the results, and a search with a date shows free
 * hours on the cards, one of which opens the room on that day with that hour picked. Only reads
 * the demo (Curitiba, which no other journey books).
 */

import { appToday, isoDate, weekdayAhead } from './support/dates.ts';
import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { expectAccessible } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

const count = (page: Page) => page.getByText(/^\d+ salas? encontradas?$/);
const total = async (page: Page) => Number((await count(page).textContent())?.match(/\d+/)?.[0]);

async function journey(page: Page, phone: boolean) {
  const tag = phone ? '390' : '1366';
  await page.goto('/rooms');
  await expect(count(page)).toBeVisible();
  if (phone) await page.getByRole('button', { name: 'Buscar salas' }).click();

  // The autocomplete: its code arrives on the field's first focus, then suggests as one types.
  const where = page.getByRole('textbox', { name: 'Onde?' });
  await where.click();
  await expect(where).toHaveAttribute('aria-autocomplete', 'list');
  await where.pressSequentially('curiti');
  const city = page.getByRole('option', { name: /^Curitiba\s*PR\s*Cidade$/ });
  await expect(city).toBeVisible();
  await where.press('ArrowDown');
  await expect(where).toHaveAttribute('aria-activedescendant', /.+/);
  await city.click();
  await expect(page).toHaveURL(/\/rooms\?search=Curitiba&campo=city$/);
  await expect(page.getByRole('heading', { name: 'Resultados para “Curitiba”' })).toBeVisible();
  const before = await total(page);
  expect(before).toBeGreaterThan(2);

  // A filter narrows: on a phone in a drawer, on a desktop in the column beside the results.
  const filters = phone
    ? page.getByRole('dialog', { name: 'Filtros' })
    : page.getByRole('complementary', { name: 'Filtros' });
  if (phone) await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await filters.getByRole('combobox', { name: 'Bairro' }).selectOption('Água Verde');
  await expect(page).toHaveURL(/bairro=%C3%81gua\+Verde/);
  await expect(count(page)).toHaveText('2 salas encontradas');
  await expectAccessible(page);
  await keepScreen(page, { path: `test-results/screens/search-filters-${tag}.png`, fullPage: !phone });
  if (phone) await filters.getByRole('button', { name: 'Ver 2 salas' }).click();
  await expectNoSidewaysScroll(page);

  // With a date (as a shared link carries it), each card shows that day's first free hours.
  const day = isoDate(weekdayAhead(3, await appToday(page)));
  await page.goto(`/rooms?search=Curitiba&campo=city&bairro=%C3%81gua+Verde&date=${day}`);
  const hour = page.getByRole('link', { name: /^\d\d:\d\d, reservar Sala / }).first();
  await expect(hour).toBeVisible();
  await keepScreen(page, { path: `test-results/screens/search-hours-${tag}.png`, fullPage: !phone });
  const time = (await hour.textContent())!.trim();
  await hour.click();
  await expect(page).toHaveURL(
    new RegExp(`/rooms/[0-9a-f-]{36}\\?.*date=${day}.*&h=${day}T${time.replace(':', '%3A')}`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The card's footer on a desktop, the bottom bar on a phone (the other is hidden).
  await expect(page.getByText(/^\d+ horários? escolhidos?$/).filter({ visible: true })).toBeVisible();
}

/** The <title> the server writes into a page's HTML, as the tab reads it. */
async function serverTitle(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

test('the list pages by links: page 2 without JavaScript; once the pages run, in place, each title the server’s', async ({
  browser,
  page,
}) => {
  // Without scripts: the pager is links the server drew.
  const off = await browser.newContext({ javaScriptEnabled: false });
  const plain = await off.newPage();
  await plain.goto('/rooms');
  await plain.getByRole('link', { name: 'Página 2' }).click();
  await expect(plain).toHaveURL(/\/rooms\?page=2$/);
  await expect(plain.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(plain.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/rooms');
  await off.close();

  // With them: every page below is drawn by the browser alone, its title by the browser's builder.
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('link', { name: /^São Paulo – SP/ }).click();
  await expect(page).toHaveURL(/\/salas\/sao-paulo$/);
  await expect(page).toHaveTitle(await serverTitle(page, '/salas/sao-paulo'));
  await page.getByRole('link', { name: 'Ver salas de todas as cidades' }).click();
  await expect(page).toHaveTitle(await serverTitle(page, '/rooms'));
  await page.getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\/rooms\?page=2$/);
  await expect(page).toHaveTitle(await serverTitle(page, '/rooms?page=2'));
  // A room card of page 2.
  await page.locator('a[href^="/rooms/"][aria-label]').first().click();
  await expect(page).toHaveURL(/\/rooms\/[0-9a-f-]{36}/);
  await expect(page).toHaveTitle(await serverTitle(page, new URL(page.url()).pathname));
  // No page was loaded again on the way: the same document throughout.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test('1366 px: a city from the autocomplete, a neighbourhood filter, a free hour that opens the room on its day', async ({
    page,
  }) => {
    await journey(page, false);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('390 px: the same with the filters in a drawer', async ({ page }) => {
    await journey(page, true);
  });
});
