import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signInAs } from './support/session.ts';

test('header, footer, help button and the search bar for visitors', async ({ page }) => {
  await page.goto('/rooms');
  await expect(page.getByRole('link', { name: 'Salas — página inicial' })).toHaveAttribute('href', '/rooms');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2024 Salas. Todos os direitos reservados.')).toBeVisible();
  for (const name of ['Parceiros', 'política de cancelamento']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  for (const name of ['Facebook', 'LinkedIn', 'Instagram', 'YouTube']) {
    await expect(footer.getByRole('link', { name: `Salas no ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Ajuda pelo WhatsApp' })).toHaveAttribute(
    'href',
    /wa\.me\/\d+\?text=Ol/,
  );
  await expect(page.getByRole('link', { name: 'Abrir chat com o Salas' })).toHaveCount(0);
  await expectAccessible(page);

  // Desktop search: inline; empty goes to /rooms; text and date go into the URL.
  await page.getByRole('textbox', { name: 'Onde?' }).fill('São Paulo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms\?search=S%C3%A3o\+Paulo$/);
  await page.getByRole('button', { name: 'Limpar texto da busca' }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms$/);
});

test('breadcrumb and section menus in the partner area', async ({ page }) => {
  await signInAs(page, demo.partner2);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toHaveCount(0);
  const section = page.getByRole('navigation', { name: 'Menu da seção Gestão' });
  await expect(section.getByRole('link', { name: 'Agendamentos' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/parceiro\/configuracoes\/dados-parceiro$/);
  const trail = page.getByRole('navigation', { name: 'Você está em' });
  await expect(trail.getByRole('link', { name: 'Configuracoes' })).toBeVisible();
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Dados parceiro');
  await expect(page.getByRole('heading', { name: 'Dados do parceiro' })).toBeVisible();
  await expectAccessible(page);
});
