import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signInAs } from './support/session.ts';

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

test('phone: the menu links move into the user dropdown', async ({ page }) => {
  await signInAs(page, demo.partner2);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  await page.getByRole('button', { name: /Menu de Rodrigo Nunes/ }).click();
  await page.getByRole('menuitem', { name: 'Clínicas' }).click();
  await expect(page).toHaveURL(/\/parceiro\/gestao\/clinicas$/);
  await expectAccessible(page);
});
