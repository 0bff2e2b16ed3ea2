import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

test('phone: "Buscar salas" opens the panel, a search fills the URL and closes it after 0.8 s', async ({
  page,
}) => {
  await page.goto('/rooms');
  await expect(page.getByRole('textbox', { name: 'Onde?' })).toBeHidden();
  await page.getByRole('button', { name: 'Buscar salas' }).click();
  await page.getByRole('textbox', { name: 'Onde?' }).fill('Savassi');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms\?search=Savassi$/);
  await expect(page.getByRole('textbox', { name: 'Onde?' })).toBeHidden({ timeout: 3000 });
  await expectAccessible(page);
});

/** The header's drawer, opened from the person's button. */
async function openDrawer(page: Page, button: RegExp | string) {
  await page.getByRole('button', { name: button }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  return drawer;
}

test('phone: the partner’s menu and every section menu live in the header’s drawer', async ({ page }) => {
  await signInByApi(page, demo.partner2);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  // The section strip of wider screens is not drawn off screen on a phone.
  await expect(page.getByRole('navigation', { name: 'Seções' })).toBeHidden();
  let drawer = await openDrawer(page, /Menu de Rodrigo Nunes/);
  for (const section of ['Gestão', 'Dashboard', 'Configurações']) {
    await expect(drawer.getByRole('navigation', { name: `Menu da seção ${section}` })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: 'Agendamentos' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await drawer.getByRole('link', { name: 'Dados bancários' }).click();
  await expect(page).toHaveURL(/\/parceiro\/configuracoes\/dados-bancarios$/);
  await expect(drawer).toBeHidden();
  drawer = await openDrawer(page, /Menu de Rodrigo Nunes/);
  await drawer
    .getByRole('navigation', { name: 'Menu da seção Gestão' })
    .getByRole('link', { name: 'Clínicas' })
    .click();
  await expect(page).toHaveURL(/\/parceiro\/gestao\/clinicas$/);
});

test('phone: the operator reaches Planos and the dashboard from the drawer', async ({ page }) => {
  await signInByApi(page, demo.owner);
  const drawer = await openDrawer(page, /Menu de /);
  await drawer.getByRole('link', { name: 'Planos' }).click();
  await expect(page).toHaveURL(/\/admin\/gestao\/planos$/);
  await expect(page.getByText('Deslize para ver mais')).toBeVisible();
  await expectAccessible(page);
  await (await openDrawer(page, /Menu de /)).getByRole('link', { name: 'Visão geral' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('phone: a visitor’s menu opens in the drawer; the help button leaves the footer free', async ({
  page,
}) => {
  await page.goto('/');
  const drawer = await openDrawer(page, 'Abrir menu');
  await expect(drawer.getByRole('link', { name: 'Salas' })).toHaveAttribute('href', '/rooms');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const help = await page.getByRole('link', { name: 'Ajuda pelo WhatsApp' }).boundingBox();
  const footer = await page.getByRole('contentinfo').boundingBox();
  expect(help && footer && help.y >= footer.y + footer.height).toBe(true);
});
