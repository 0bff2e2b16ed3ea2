/**
 * The specialist's bookings (issue 31 item 7, decision 0037), at 1366 and 390 px: a new specialist
 * books two hours with Pix, closes the Pix dialog, finds the booking as one row in "Meus
 * agendamentos" and reopens its Pix from there (QR, copia e cola, amount, "expira às"); reads the
 * booking's page (the clinic's address with a map link, the hours, the payment) and, once paid, its
 * printable receipt. Sala Capibaribe (Recife) is used by no other journey.
 */

import { decodeQr } from '../server/test/qr.ts';
import { appToday, weekdayAhead } from './support/dates.ts';
import { completeDataForm, rioSpecialist } from './support/profile.ts';
import {
  bookingPanel,
  expectNoSidewaysScroll,
  pickDay,
  pickFreeHours,
  reserve,
} from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { expectAccessible, signUpSpecialist, typeCode, verificationCode } from './support/session.ts';
import { expect, type Locator, test } from './support/test.ts';

const shots = 'test-results/screens';
const PASSWORD = 'Consultorio2026';
const ADDRESS = 'Avenida Conselheiro Aguiar, 2205 — Sala 708, Boa Viagem, Recife - PE, 51020-020';

/** The Pix as a panel shows it: the code, the QR (decoded as a bank app would), the deadline. */
async function readPix(scope: Locator) {
  const code = await scope.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  const qr = await scope
    .getByRole('img', { name: 'QR Code do Pix para pagar no app do banco' })
    .getAttribute('src');
  expect(await decodeQr(Buffer.from(qr!.replace('data:image/png;base64,', ''), 'base64'))).toBe(code);
  const timer = scope.getByRole('timer');
  await expect(timer).toContainText(/Este Pix expira às \d\d:\d\d \(faltam 1[0-5] minutos\)/);
  const until = (await timer.textContent())!.match(/expira às (\d\d:\d\d)/)![1]!;
  return { code, until };
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: a specialist books with Pix, reopens the Pix from Meus agendamentos and reads the booking and its receipt`, async ({
    page,
  }) => {
    // Sign-up, booking, three pages read and checked with axe: a long journey.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const w = viewport.width;
    const day = weekdayAhead(w > 900 ? 20 : 23, await appToday(page));

    // Two hours of Sala Capibaribe, then a new account on the way (the hours wait).
    await page.goto('/rooms?search=Capibaribe');
    await page
      .getByRole('link', { name: /Sala Capibaribe/ })
      .first()
      .click();
    const panel = await bookingPanel(page);
    await pickDay(panel, day);
    const hours = await pickFreeHours(panel, 2);
    await reserve(panel);
    await expect(page).toHaveURL(/\/signin\?redirect=%2Frooms%2F/);
    // The sign-in page itself (not the room page's header, still shown while it loads).
    await expect(page.getByText(/Seus horários escolhidos ficam guardados/)).toBeVisible();
    await page.getByRole('link', { name: 'Cadastre-se', exact: true }).click();
    await expect(page).toHaveURL(/\/signup\?redirect=%2Frooms%2F/);
    const email = `reserva.pix.${w}.${Date.now()}@exemplo.com.br`;
    const since = await signUpSpecialist(page, 'Helena Duarte Maia', email, PASSWORD, '');
    await typeCode(page, await verificationCode(email, since));
    await expect(page).toHaveURL(/\/especialista\/new-account\?redirect=%2Frooms%2F/);
    await completeDataForm(page, rioSpecialist);

    // Pix: the dialog says until when, as a time of day, and how much.
    const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
    await expect(dialog).toBeVisible();
    await dialog.getByText('Pix', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Pagar R$ 90,00' }).click();
    const pix = page.getByRole('dialog', { name: 'Pague com Pix para confirmar' });
    await expect(pix.getByText('R$ 90,00')).toBeVisible();
    const first = await readPix(pix);
    await expect(pix.getByText(/Reservados por/)).toHaveCount(0);
    // The data form's "saved" notice leaves first: axe would judge it halfway through its exit.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/specialist-pix-dialog-${w}.png` });
    await pix.getByRole('button', { name: 'Fechar' }).last().click();

    // One row for the two hours, one "Cancelar", and the Pix to pay again.
    await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
    const row = page
      .getByRole('row')
      .or(page.locator('.mantine-Card-root'))
      .filter({ hasText: 'Sala Capibaribe' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Aguardando pagamento');
    await expect(row).toContainText(hours[0]!);
    await expect(row.getByRole('button', { name: /^Cancelar/ })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/specialist-bookings-${w}.png`, fullPage: true });
    await row.getByRole('link', { name: /^Pagar Pix/ }).click();

    // The booking's page: the same Pix, reopened, then where, when and how it is paid.
    await expect(page).toHaveURL(/\/especialista\/agendamentos\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Sala Capibaribe', level: 1 })).toBeVisible();
    const again = page.getByRole('region', { name: 'Pague com Pix para confirmar' });
    const reopened = await readPix(again);
    expect(reopened).toEqual(first);
    await expect(again.getByText('R$ 90,00')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    const where = page.getByRole('region', { name: 'Onde' });
    await expect(where).toContainText('Casa Nordeste Boa Viagem');
    await expect(where).toContainText(ADDRESS);
    const map = where.getByRole('link', { name: /Ver Casa Nordeste Boa Viagem no Google Maps/ });
    const href = (await map.getAttribute('href'))!;
    expect(href.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    expect(decodeURIComponent(href.split('query=')[1]!)).toContain('Avenida Conselheiro Aguiar, 2205');
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('region', { name: 'Horários' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText('Aguardando pagamento');
    await expect(page.getByRole('region', { name: 'Reembolsos' })).toContainText('Nenhum reembolso.');
    await expect(page.getByText('O recibo fica disponível depois do pagamento.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/specialist-booking-pix-${w}.png`, fullPage: true });

    // Paid (the sandbox's button stands for the bank app): confirmed, and the receipt opens.
    await again.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByRole('region', { name: 'Pague com Pix para confirmar' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText('Pago');
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Confirmada');
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/specialist-booking-paid-${w}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Recibo' }).click();

    await expect(page).toHaveURL(/\/especialista\/agendamentos\/[0-9a-f-]{36}\/recibo$/);
    const receipt = page.getByRole('article', { name: 'Recibo' });
    await expect(receipt.getByRole('heading', { name: 'Recibo', level: 1 })).toBeVisible();
    await expect(receipt).toContainText('Helena Duarte Maia');
    await expect(receipt).toContainText(
      'Aluguel de sala por hora: Sala Capibaribe (Casa Nordeste Boa Viagem)',
    );
    // Payer and payee by their documents, in full (issue 42).
    await expect(receipt).toContainText(/CPF \d{3}\.\d{3}\.\d{3}-\d{2}/);
    await expect(receipt).toContainText('Casa Nordeste Saúde Integrada Ltda.');
    await expect(receipt).toContainText('CNPJ 36.451.987/0001-08');
    await expect(receipt).toContainText(ADDRESS);
    await expect(receipt).toContainText('Total pago');
    await expect(receipt.getByText('R$ 90,00').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/specialist-receipt-${w}.png`, fullPage: true });
    // "Imprimir" opens the browser's print (recorded here instead of a print dialog).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await receipt.getByRole('button', { name: 'Imprimir' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // Printed, the receipt is all there is on the page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });
}
