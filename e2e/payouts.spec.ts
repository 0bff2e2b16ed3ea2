import { appToday } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Statements and payouts (DESIGN §9, issue 30): the operator pays a partner who is not connected
 * to Mercado Pago and the partner sees it; the partner's statement follows the month picked. The
 * demo data carries months of history, so the partners have money available.
 */

/** The demo partners who can sign in, by the name the operator's page shows. */
const partners = [{ email: demo.partner, name: 'Helena Martins' }];

/** "outubro de 2026", the name of a month in the month picker. */
const monthName = (d: Date) => new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' }).format(d);
const yyyyMm = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** Picks a month in the "Mês" picker, moving back through the years if needed. */
async function pickMonth(page: Page, month: Date) {
  await page.getByRole('button', { name: 'Mês', exact: true }).click();
  const target = page.getByRole('button', { name: monthName(month), exact: true });
  for (let i = 0; i < 5 && !(await target.isVisible()); i++) {
    await page.getByRole('button', { name: /anterior/i }).click();
  }
  await target.click();
}

test('the operator pays a partner not connected to Mercado Pago, and the partner sees the payout as paid', async ({
  page,
  browser,
}) => {
  await signInByApi(page, demo.owner);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Repasses' })
    .click();
  await expect(page).toHaveURL(/\/admin\/repasses$/);
  await expect(page.getByRole('heading', { name: 'Repasses', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Saldos por parceiro/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();

  // A demo partner paid by payouts (not by the split) with money available.
  let partner: (typeof partners)[number] | undefined;
  for (const candidate of partners) {
    if (await page.getByRole('button', { name: `Criar repasse para ${candidate.name}` }).isVisible()) {
      partner = candidate;
      break;
    }
  }
  expect(partner, 'a demo partner on payouts with money available').toBeDefined();
  const { email, name } = partner!;
  await expect(
    page.getByRole('region', { name: /^Saldos por parceiro/ }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('Repasse');
  await expectAccessible(page);

  // Created after a confirmation that names the amount: everything available.
  await page.getByRole('button', { name: `Criar repasse para ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Criar repasse' });
  const body = (await confirm.textContent()) ?? '';
  const amount = body.match(/Criar um repasse de (R\$\s[\d.,]+) para/)?.[1];
  expect(amount, body).toBeTruthy();
  await confirm.getByRole('button', { name: 'Criar repasse' }).click();
  await expect(page.getByText(`Repasse de ${amount} criado para ${name}.`)).toBeVisible();
  // Nothing is left to pay out, so the button goes.
  await expect(page.getByRole('button', { name: `Criar repasse para ${name}` })).toHaveCount(0);

  // The pending payout is marked paid with its proof (a too-short proof is refused first).
  const list = page.getByRole('region', { name: /^Lista de repasses/ });
  const row = list.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText(amount!);
  await row.getByRole('button', { name: `Marcar como pago o repasse de ${name}` }).click();
  const pay = page.getByRole('dialog', { name: 'Registrar pagamento do repasse' });
  await expect(pay).toContainText(`${amount} para ${name}.`);
  await pay.getByLabel(/^Comprovante/).fill('E1');
  await pay.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(pay.getByText(/Informe o comprovante/)).toBeVisible();
  await expectAccessible(page);
  const reference = `E00000000${Date.now()}PIX0001`;
  const since = Date.now() - 1000;
  await pay.getByLabel(/^Comprovante/).fill(reference);
  await pay.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(page.getByText(`Repasse de ${name} registrado como pago.`)).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(row).toContainText('Pago');
  await expect(row).toContainText(reference);
  await expect(row.getByRole('button', { name: /Marcar como pago/ })).toHaveCount(0);
  await keepScreen(page, { path: 'test-results/screens/admin-payouts-desktop.png', fullPage: true });

  // The partner is mailed, with the proof.
  await waitForMail(email, new RegExp(`Comprovante: ${reference}`), since);

  // The partner opens Repasses from the section menu and sees it paid, with the amount and the proof.
  const partnerPage = await (await browser.newContext()).newPage();
  await signInByApi(partnerPage, email);
  await partnerPage
    .getByRole('navigation', { name: 'Seções' })
    .getByRole('link', { name: 'Repasses' })
    .click();
  await expect(partnerPage).toHaveURL(/\/parceiro\/repasses$/);
  const mine = partnerPage.getByRole('region', { name: /^Repasses( \(|$)/ });
  const paid = mine.getByRole('row', { name: new RegExp(reference) });
  await expect(paid).toContainText(amount!);
  await expect(paid).toContainText('Pago');
  await expectAccessible(partnerPage);
  await partnerPage.context().close();
});

test('the partner’s Repasses page shows the month’s lines and totals, follows the month and the room, and downloads the month', async ({
  page,
}) => {
  await signInByApi(page, demo.partner, undefined, '/parceiro/repasses');
  await expect(page.getByRole('heading', { name: 'Repasses', level: 1 })).toBeVisible();
  const today = await appToday(page);
  await expect(page.getByRole('button', { name: 'Mês', exact: true })).toHaveText(monthName(today));

  const totals = page.getByRole('group', { name: 'Valores do mês escolhido' });
  for (const label of ['A receber', 'Disponível', 'Repassado']) await expect(totals).toContainText(label);
  const lines = page.getByRole('region', { name: /^Linhas do extrato/ });
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  const summary = page.getByText(/atendimentos? no mês: bruto/);
  const thisMonth = await summary.textContent();
  const thisTotals = await totals.textContent();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/partner-payouts-desktop.png', fullPage: true });

  // Last month: every line of it, different totals.
  const last = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  await pickMonth(page, last);
  await expect(page.getByRole('button', { name: 'Mês', exact: true })).toHaveText(monthName(last));
  await expect(summary).not.toHaveText(thisMonth!);
  await expect(totals).not.toHaveText(thisTotals!);
  const suffix = `/${String(last.getMonth() + 1).padStart(2, '0')}/${String(last.getFullYear()).slice(2)}`;
  const firstDates = await lines.locator('tbody tr td:first-child').allTextContents();
  expect(firstDates.length).toBeGreaterThan(0);
  for (const d of firstDates) expect(d).toContain(suffix);
  // A month long past: the lines are available (or held by a dispute), never "available on" a future day.
  await expect(lines.getByText(/Disponível desde|Retido|Repasse de/).first()).toBeVisible();

  // One room: only its lines.
  await page
    .getByRole('textbox', { name: 'Sala' })
    .or(page.getByRole('combobox', { name: 'Sala' }))
    .click();
  const option = page.getByRole('option').nth(1);
  const room = (await option.textContent())!.trim();
  await option.click();
  await expect(page.getByText(/atendimentos? nesta sala: bruto/)).toBeVisible();
  const rooms = await lines.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(rooms.length).toBeGreaterThan(0);
  expect(new Set(rooms)).toEqual(new Set([room]));

  // The month as xlsx.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar extrato do mês (xlsx)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`Extrato-${yyyyMm(last)}.xlsx`);
  await expect(page.getByText('Extrato baixado.')).toBeVisible();
});
