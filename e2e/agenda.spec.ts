import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

test("a partner sees its rooms' upcoming appointments; a future one offers only the cancellation", async ({
  page,
}) => {
  await signInByApi(page, demo.partner);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Calendário da agenda' })).toBeVisible();
  await page.getByText('Lista', { exact: true }).click();
  const row = page.getByRole('row', { name: /Mariana Costa/ }).first();
  await expect(row).toBeVisible();
  // The list hides canceled hours like the calendar, behind the same switch.
  await expect(page.getByRole('switch', { name: 'Mostrar cancelados' })).toBeVisible();
  await expectAccessible(page);

  // Before the start, the partner may only cancel: no "Concluída" nor "Não compareceu" (DESIGN §8).
  const status = row
    .getByRole('textbox', { name: /^Situação de/ })
    .or(row.getByRole('combobox', { name: /^Situação de/ }));
  await expect(status.first()).toHaveValue('Confirmada');
  await status.first().click();
  const options = page.getByRole('option');
  await expect(page.getByRole('option', { name: 'Cancelada' })).toBeVisible();
  await expect(options).toHaveText(['Confirmada', 'Cancelada']);
  await expect(page.getByRole('option', { name: 'Concluída' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Não compareceu' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
