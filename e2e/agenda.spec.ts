import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signInAs } from './support/session.ts';

test("a partner sees its rooms' upcoming appointments with the specialist and marks one completed", async ({
  page,
}) => {
  await signInAs(page, demo.partner);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /Mariana Costa/ }).first();
  await expect(row).toBeVisible();
  await expect(page.getByLabel('Semana')).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('textbox').or(row.getByRole('combobox')).first().click();
  await page.getByRole('option', { name: 'Concluída' }).click();
  await expect(page.getByText('Informações Atualizadas com Sucesso!')).toBeVisible();
});
