import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi, typeCode, verificationCode } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Clinics that sign themselves up (issue 31, docs/decisions/0039): "Anuncie sua sala" opens the
 * partner sign-up; one mailed code confirms the e-mail and signs in; the partner area says the
 * sign-up is in review until the operator approves it from the partners list or the partner's page.
 * The CNPJ is the demo partner Helena Martins's: taken, and the operator is warned (issue 42).
 */
const shots = 'test-results/screens';
const PASSWORD = 'Consultorio2026';

async function openAdvertise(page: Page, width: number) {
  await page.goto('/rooms');
  if (width < 769) {
    // The drawer loads on this first tap, and opens (e2e/on-demand-parts.spec.ts).
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Anuncie sua sala' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Anuncie sua sala' })
      .click();
  }
  await expect(page).toHaveURL(/\/anuncie$/);
  await expect(page.getByRole('heading', { name: 'Anuncie sua sala', level: 1 })).toBeVisible();
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: a clinic signs up with its CNPJ, types the mailed code, waits in review and is approved by the operator`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const w = viewport.width;
    const run = `${Date.now().toString(36)}${w}`;
    const email = `clinica.${run}@exemplo.com.br`;
    const company = `Clínica Horizonte ${run} Ltda.`;

    await openAdvertise(page, w);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // A wrong CNPJ is refused beside the field, with the shared rule; the mask types itself.
    const cnpj = page.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.pressSequentially('11222333000180');
    await expect(cnpj).toHaveValue('11.222.333/0001-80');
    await page.getByLabel('Razão social').fill(company);
    await page.getByLabel('Nome do responsável').fill('Aline Prado Moraes');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Telefone').pressSequentially('11987654321');
    await page.getByLabel(/^Senha/).fill(PASSWORD);
    await page.getByLabel('Confirme a senha').fill(PASSWORD);
    await expect(page.getByRole('meter', { name: 'Força da senha' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar conta de parceiro' }).click();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();
    await expect(page.getByText('Para continuar, aceite a política de privacidade.')).toBeVisible();

    await cnpj.fill('');
    await cnpj.pressSequentially('11222333000181');
    await page.getByRole('checkbox', { name: /Li e aceito a Política de privacidade/ }).check();
    await keepScreen(page, { path: `${shots}/partner-signup-form-${w}.png`, fullPage: true });
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Criar conta de parceiro' }).click();

    // One code: it confirms the address and opens the session (decision 0017).
    await expect(page).toHaveURL(/\/verificacao\?email=/);
    await typeCode(page, await verificationCode(email, since));
    await expect(page).toHaveURL(/\/parceiro\/gestao\/clinicas$/);
    const banner = page.getByRole('status').filter({ hasText: 'Seu cadastro está em análise' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dados do parceiro' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await keepScreen(page, { path: `${shots}/partner-signup-pending-${w}.png`, fullPage: true });
    // The banner stays over the rest of the area, e.g. the company data (filled at sign-up).
    await page.goto('/parceiro/configuracoes/dados-parceiro');
    await expect(banner).toBeVisible();
    await expect(page.getByLabel(/^Razão social/)).toHaveValue(company);

    // The operator finds it among the pending sign-ups, warned that its CNPJ is the demo partner
    // Helena Martins's (Vida Plena), and approves it: from the list at 1366, from its page at 390.
    const operator = await browser.newContext({ viewport });
    const desk = await operator.newPage();
    await signInByApi(desk, demo.owner, undefined, '/admin/gestao/parceiros');
    const filter = desk.getByRole('radiogroup', { name: 'Filtrar parceiros pelo cadastro' });
    await filter.locator('label').filter({ hasText: 'Pendentes' }).click();
    await expect(desk).toHaveURL(/cadastro=pendentes/);
    // A row by its own partner's cell: the warnings in the other rows name this company too.
    const rowOf = () =>
      desk
        .locator('tr')
        .filter({ has: desk.locator('td:first-child p', { hasText: new RegExp(`^${company}$`) }) });
    const row = rowOf();
    await expect(row.getByText('Em análise', { exact: true })).toBeVisible();
    const helena = 'Vida Plena Serviços de Saúde Ltda.';
    await expect(row.getByText('Mesmo CNPJ de:')).toBeVisible();
    await expect(row.getByRole('link', { name: helena })).toHaveAttribute(
      'href',
      /^\/admin\/gestao\/parceiros\//,
    );
    await expectAccessible(desk);
    await keepScreen(desk, { path: `${shots}/partner-signup-operator-${w}.png`, fullPage: true });
    if (w < 769) await row.getByRole('link', { name: 'Aline Prado Moraes' }).click();
    await desk.getByRole('button', { name: `Aprovar ${company}` }).click();
    const confirm = desk.getByRole('dialog', { name: `Aprovar o cadastro de ${company}?` });
    await expect(confirm.getByText(/^Mesmo CNPJ de outros? /)).toBeVisible();
    await expect(confirm.getByRole('link', { name: helena })).toBeVisible();
    await expectAccessible(desk);
    await keepScreen(desk, { path: `${shots}/partner-signup-approve-${w}.png` });
    await confirm.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await expect(
      desk.getByText(`Cadastro de ${company} aprovado. Avisamos o parceiro por e-mail.`),
    ).toBeVisible();
    if (w >= 769) {
      await expect(rowOf()).toHaveCount(0);
      await filter.locator('label').filter({ hasText: 'Todos' }).click();
      const approved = rowOf();
      await expect(approved.getByText('Aprovado', { exact: true })).toBeVisible();
      await approved.getByRole('link', { name: 'Aline Prado Moraes' }).click();
    }
    // The partner's page: approved, and the same warning with the link to the other account.
    await expect(desk.getByRole('heading', { name: 'Aline Prado Moraes', level: 1 })).toBeVisible();
    await expect(desk.getByText('Aprovado', { exact: true })).toBeVisible();
    const warning = desk.getByRole('alert').filter({ hasText: /^Mesmo CNPJ de outros? / });
    await expect(warning.getByRole('link', { name: helena })).toBeVisible();
    await expectNoSidewaysScroll(desk);
    await keepScreen(desk, { path: `${shots}/partner-signup-partner-page-${w}.png`, fullPage: true });
    await warning.getByRole('link', { name: helena }).click();
    await expect(desk.getByRole('heading', { name: 'Helena Martins', level: 1 })).toBeVisible();
    await operator.close();

    // The partner reloads: the banner is gone.
    await page.reload();
    await expect(page.getByLabel(/^Razão social/)).toHaveValue(company);
    await expect(page.getByText('Seu cadastro está em análise')).toHaveCount(0);
  });
}
