import ExcelJS from 'exceljs';
import { appToday, calendarLabel, isoDate } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { keepScreen } from './support/screens.ts';
import { closeDialog, DEMO_PASSWORD, demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

const iso = isoDate;

/** Picks a period (both ends in one month) in the "Período" picker, moving back to that month. */
async function pickPeriod(page: Page, from: Date, to: Date) {
  await page.getByRole('button', { name: 'Período' }).click();
  const month = `${new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(from)} ${from.getFullYear()}`;
  for (let i = 0; i < 24; i++) {
    if (await page.getByRole('button', { name: month, exact: true }).isVisible()) break;
    await page.getByRole('button', { name: 'Mês anterior' }).click();
  }
  await page.getByRole('button', { name: calendarLabel(from), exact: true }).click();
  await page.getByRole('button', { name: calendarLabel(to), exact: true }).click();
}

async function readXlsx(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0]!;
}

test('the operator creates and then suspends a specialist, whose open session dies at once', async ({
  page,
  browser,
}) => {
  const email = `paula.${Date.now()}@salas.test`;
  await signInByApi(page, demo.owner);
  await expect(page).toHaveURL(/\/admin\/gestao\/especialistas$/);

  // Found by CPF, opened, with the name in the breadcrumb.
  await page
    .getByRole('textbox', { name: 'Buscar por' })
    .or(page.getByRole('combobox', { name: 'Buscar por' }))
    .click();
  await page.getByRole('option', { name: 'CPF' }).click();
  await page.getByRole('textbox', { name: 'Busca' }).fill('529.982.247-25');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Mariana Costa' }).click();
  await expect(page.getByRole('heading', { name: 'Mariana Costa', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: /breadcrumb|Você está em/i }).getByText('Mariana Costa'),
  ).toBeVisible();
  await expectAccessible(page);

  // A new specialist, who sets the password from the mail and signs in.
  await page.goto('/admin/gestao/especialistas');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Novo especialista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo especialista' });
  await dialog.getByLabel('Nome completo').fill('Paula Andrade');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
  await expect(page.getByText(`Enviamos a ${email} o link para definir a senha.`)).toBeVisible();
  const link = await waitForMail(email, /(\/password-reset\?token=[\w-]+&email=[^\s]+)/, since);

  const paula = await (await browser.newContext()).newPage();
  await paula.goto(link[1]!);
  await paula.getByLabel(/^Nova senha/).fill(DEMO_PASSWORD);
  await paula.getByLabel('Confirme a nova senha').fill(DEMO_PASSWORD);
  await paula.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(paula).toHaveURL(/\/signin$/);
  await signInByApi(paula, email);
  await expect(paula).toHaveURL(/\/especialista\//);

  // Suspended: her open session ends and the next sign-in says why.
  await page.getByRole('textbox', { name: 'Busca' }).fill('Paula Andrade');
  await page.getByRole('switch', { name: 'Conta ativa: Paula Andrade' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('A conta de Paula Andrade foi desativada.')).toBeVisible();
  await keepScreen(page, { path: 'test-results/screens/admin-specialists-desktop.png', fullPage: true });

  await paula.goto('/especialista/agendamentos');
  await expect(paula).not.toHaveURL(/\/especialista\//);
  await paula.goto('/signin');
  await paula.getByLabel('E-mail').fill(email);
  await paula.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  await paula.getByRole('button', { name: 'Continuar' }).click();
  await expect(paula.getByText(/Sua conta foi suspensa temporariamente/)).toBeVisible();
  await paula.context().close();

  // The trail on her page says who did it.
  await page.getByRole('link', { name: 'Paula Andrade' }).click();
  await expect(page.getByText('Conta desativada')).toBeVisible();
  await expect(
    page
      .locator('.mantine-Timeline-root')
      .getByText(/admin@salas\.test/)
      .first(),
  ).toBeVisible();
});

test('the operator creates a partner on a plan and pins a room that then leads the public search', async ({
  page,
}) => {
  const email = `clinica.${Date.now()}@salas.test`;
  await signInByApi(page, demo.owner, undefined, '/admin/gestao/parceiros');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Novo parceiro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo parceiro' });
  await dialog.getByLabel('Nome do responsável').fill('Renata Lopes');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog
    .getByRole('textbox', { name: 'Plano' })
    .or(dialog.getByRole('combobox', { name: 'Plano' }))
    .click();
  await page.getByRole('option', { name: /Premium/ }).click();
  await dialog.getByLabel('CNPJ ou CPF (opcional)').fill('11.222.333/0001-81');
  await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
  await expect(page.getByText(/Parceiro criado/)).toBeVisible();
  await waitForMail(email, /Definir minha senha/, since);
  // Starts with her name: another partner's row may name her (same CNPJ, decision 0046).
  await expect(page.getByRole('row', { name: /^Renata Lopes/ })).toContainText('Premium (7,00%)');
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/admin-partners-desktop.png', fullPage: true });

  // A taken e-mail gets the SPEC's message.
  await page.getByRole('button', { name: 'Novo parceiro' }).click();
  await dialog.getByLabel('Nome do responsável').fill('Outra Pessoa');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog
    .getByRole('textbox', { name: 'Plano' })
    .or(dialog.getByRole('combobox', { name: 'Plano' }))
    .click();
  await page.getByRole('option', { name: /Premium/ }).click();
  await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
  await expect(dialog.getByText('Email já existe no sistema')).toBeVisible();
  await closeDialog(page);

  await page.goto('/admin/gestao/salas');
  await page.getByRole('textbox', { name: 'Busca' }).fill('Corcovado');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('switch', { name: 'Fixar Sala Corcovado no topo da busca' }).click();
  await expect(page.getByText('Sala Corcovado aparece primeiro na busca.')).toBeVisible();
  await keepScreen(page, { path: 'test-results/screens/admin-rooms-desktop.png', fullPage: true });

  await page.goto('/rooms?search=Botafogo');
  await expect(page.locator('a.mantine-Card-root').first()).toHaveAccessibleName(/^Sala Corcovado/);

  // Back as it was, for the other journeys.
  await page.goto('/admin/gestao/salas');
  await page.getByRole('textbox', { name: 'Busca' }).fill('Corcovado');
  await page.getByRole('switch', { name: 'Fixar Sala Corcovado no topo da busca' }).click();
  await expect(page.getByText('Sala Corcovado deixou de ser fixada.')).toBeVisible();
});

test('the operator downloads last month’s appointments and finance as xlsx with the right totals, and sees the dashboard', async ({
  page,
}) => {
  const now = await appToday(page);
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  await signInByApi(page, demo.owner, undefined, '/admin/gestao/agendamentos');
  // The count is read once last month's list has arrived (the list keeps the previous one meanwhile).
  const listed = page.waitForResponse(
    (r) =>
      r.url().includes('/api/fusion/appointments') &&
      r.request().postDataJSON()?.dateInit === iso(first) &&
      r.request().postDataJSON()?.dateEnd === iso(last),
  );
  await pickPeriod(page, first, last);
  await listed;
  // "11 agendamentos · Dia e horário no fuso de cada clínica." (the count, then which clock).
  const count = page.getByText(/^[\d.]+ agendamentos?\b/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\./g, '').match(/\d+/)![0]);
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/admin-appointments-desktop.png', fullPage: true });

  const [appointments] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar agendamentos' }).click(),
  ]);
  expect(appointments.suggestedFilename()).toBe(`Agendamentos-${iso(first)}-${iso(last)}.xlsx`);
  await expect(page.getByText('Arquivo exportado com sucesso')).toBeVisible();
  const sheet = await readXlsx(await appointments.path());
  expect(sheet.getRow(1).getCell(1).value).toBe('Data e hora');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.actualRowCount - 1).toBe(total);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);

  const [finance] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar finanças' }).click(),
  ]);
  expect(finance.suggestedFilename()).toBe(`Finanças-${iso(first)}-${iso(last)}.xlsx`);
  const money = await readXlsx(await finance.path());
  const rows = money.getRows(2, money.actualRowCount - 2) ?? [];
  const sum = (col: number) => Math.round(rows.reduce((t, r) => t + Number(r.getCell(col).value), 0) * 100);
  const totals = money.getRow(money.actualRowCount);
  expect(totals.getCell(1).value).toBe('Total');
  const result = (col: number) =>
    Math.round(Number((totals.getCell(col).value as { result: number }).result) * 100);
  expect(result(8)).toBe(sum(8));
  expect(result(9)).toBe(sum(9));
  expect(result(10)).toBe(sum(8) - sum(9));
  for (const r of rows) {
    const gross = Math.round(Number(r.getCell(8).value) * 100);
    const percent = Number(r.getCell(7).value);
    expect(Math.round(Number(r.getCell(9).value) * 100)).toBe(Math.round((gross * percent) / 100));
  }

  await page.goto('/admin/dashboard');
  await expect(page.getByText('Faturamento', { exact: true })).toBeVisible();
  await expect(page.getByText('Dias e horários mais procurados')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/admin-dashboard-desktop.png', fullPage: true });
});

test('a partner sees the dashboard of its own rooms, revenue net of commission', async ({ page }) => {
  await signInByApi(page, demo.partner2, undefined, '/parceiro/dashboard');
  await expect(page.getByText('Receita líquida')).toBeVisible();
  await expect(page.getByText('Receita por dia (líquida de comissão)')).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/partner-dashboard-desktop.png', fullPage: true });
});

test('suspending a partner first lists its rooms’ bookings ahead; the operator keeps them, then reactivates', async ({
  page,
}) => {
  await signInByApi(page, demo.owner, undefined, '/admin/gestao/parceiros');
  await page.getByRole('link', { name: 'Rodrigo Nunes' }).click();
  await expect(page.getByRole('heading', { name: 'Rodrigo Nunes', level: 1 })).toBeVisible();

  await page.getByRole('switch', { name: 'Conta ativa: Rodrigo Nunes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspender Rodrigo Nunes?' });
  await expect(dialog).toBeVisible();
  // The demo's upcoming booking of Lucas Ferreira in Sala Pão de Açúcar is among them.
  await expect(dialog.getByText(/^\d+ reservas? futuras?$/)).toBeVisible();
  await expect(dialog.getByText(/^Total: R\$\s?\d/)).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Reservas futuras nas salas do parceiro' });
  const item = list
    .getByRole('listitem')
    .filter({ hasText: 'Sala Pão de Açúcar' })
    .filter({ hasText: 'Lucas Ferreira' });
  await expect(item.first()).toBeVisible();
  await expect(item.first()).toContainText(/\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/);
  await expect(dialog.getByRole('button', { name: 'Manter as reservas' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar e reembolsar' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await keepScreen(page, { path: 'test-results/screens/suspend-partner-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreen(page, { path: 'test-results/screens/suspend-partner-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  await dialog.getByRole('button', { name: 'Manter as reservas' }).click();
  await expect(
    page.getByText(/^A conta de Rodrigo Nunes foi suspensa\. .*continuam? na agenda\.$/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Conta ativa: Rodrigo Nunes' })).not.toBeChecked();

  // Back as it was, for the other journeys: reactivation asks nothing.
  await page.getByRole('switch', { name: 'Conta ativa: Rodrigo Nunes' }).click();
  await expect(page.getByText('Rodrigo Nunes pode entrar de novo.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Conta ativa: Rodrigo Nunes' })).toBeChecked();
});
