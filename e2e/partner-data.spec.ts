import sharp from 'sharp';
import { closeDialog, demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('a partner keeps company, bank and Pix data, with field errors beside the fields', async ({ page }) => {
  await signInByApi(page, demo.partner2, undefined, '/parceiro/configuracoes/dados-parceiro');
  await expect(page.getByLabel(/^Razão social/)).toHaveValue('Rede Acolher Coworking em Saúde Ltda.');
  await page.getByLabel(/^CPF ou CNPJ/).fill('11.222.333/0001-80');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('CNPJ inválido.')).toBeVisible();
  await page.getByLabel(/^CPF ou CNPJ/).fill('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sucesso!' }).getByText('Informações Atualizadas com Sucesso!'),
  ).toBeVisible();
  await closeDialog(page);
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Menu da seção Configurações' })
    .getByRole('link', { name: 'Dados bancários' })
    .click();
  await expect(page.getByRole('combobox', { name: 'Banco' })).toHaveValue(/260/);
  await page.getByRole('combobox', { name: 'Banco' }).fill('Caixa');
  await page.getByRole('option', { name: /104 — Caixa/ }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(page);
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Menu da seção Configurações' })
    .getByRole('link', { name: 'Dados de pagamento' })
    .click();
  await page.getByRole('combobox', { name: 'Tipo de chave' }).click();
  await page.getByRole('option', { name: 'Celular' }).click();
  await page.getByLabel(/^Chave Pix/).fill('1133334444');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Celular inválido: DDD e 9 dígitos.')).toBeVisible();
  await page.getByLabel(/^Chave Pix/).fill('(31) 99123-4567');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(page);
  await page.reload();
  await expect(page.getByLabel(/^Chave Pix/)).toHaveValue('(31) 99123-4567');
  await expectAccessible(page);

  await page.goto('/parceiro/gestao/perfil');
  await expect(page.getByText('Essencial')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'eu.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } })
      .png()
      .toBuffer(),
  });
  await expect(page.getByRole('button', { name: 'Trocar foto' })).toBeVisible();
  await page.getByLabel(/^Nome/).fill('Rodrigo Nunes Almeida');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(page);
  await expect(page.getByRole('button', { name: /Menu de Rodrigo Nunes Almeida/ })).toBeVisible();
});
