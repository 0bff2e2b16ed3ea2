import { appToday, weekdayAhead } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { bhSpecialist, completeDataForm } from './support/profile.ts';
import { bookingPanel, oneHour, pickDay, pickFreeHours, reserve, shortDay } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import {
  closeDialog,
  expectAccessible,
  signUpSpecialist,
  typeCode,
  verificationCode,
} from './support/session.ts';
import { expect, test } from './support/test.ts';

const shots = 'test-results/screens';
const PASSWORD = 'Consultorio2026';

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: a visitor picks hours, signs up with one code, completes the data and lands back on the confirm step`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const w = viewport.width;
    const day = weekdayAhead(w > 900 ? 15 : 17, await appToday(page));
    await page.goto('/rooms?search=Savassi');
    await page
      .getByRole('link', { name: /— Acolher Savassi$/ })
      .first()
      .click();
    const roomPath = new URL(page.url()).pathname;

    // Two hours, repeated one more week: four hours.
    const panel = await bookingPanel(page);
    await pickDay(panel, day);
    const hours = await pickFreeHours(panel, 1);
    await panel.getByLabel('Repetir toda semana por').selectOption({ label: 'mais 1 semana' });
    await panel.getByRole('button', { name: 'Repetir horários' }).click();
    await expect(panel.getByText('1 horário adicionado.')).toBeVisible();
    await expect(panel.getByText('2 horários escolhidos')).toBeVisible();
    const total = (await panel.getByText(/^Total: R\$/).textContent())!.replace('Total: ', '');
    await reserve(panel);

    // Signing in is offered first; the account is made from there, the hours kept.
    await expect(page).toHaveURL(/\/signin\?redirect=%2Frooms%2F/);
    await expect(page.getByText(/Seus horários escolhidos ficam guardados/)).toBeVisible();
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await expect(page).toHaveURL(/\/signup\?redirect=%2Frooms%2F/);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/signup-in-booking-${w}.png` });

    const email = `reserva.cadastro.${w}.${Date.now()}@exemplo.com.br`;
    const since = await signUpSpecialist(page, 'Júlia Andrade Rocha', email, PASSWORD, '');
    await expect(page).toHaveURL(/\/verificacao\?email=.+&redirect=%2Frooms%2F/);
    await expect(page.getByText(`Digite o código de 6 dígitos que enviamos para ${email}.`)).toBeVisible();
    await keepScreen(page, { path: `${shots}/signup-code-${w}.png` });
    await typeCode(page, await verificationCode(email, since));

    // One code: no sign-in code was mailed.
    await expect(waitForMail(email, /token=(\d{6})/, since, 1500)).rejects.toThrow();
    await expect(page).toHaveURL(/\/especialista\/new-account\?redirect=%2Frooms%2F/);
    await completeDataForm(page, bhSpecialist);

    // Back on the room, the same hours and the repeat option, the confirm step open.
    await expect(page).toHaveURL(new RegExp(`${roomPath}\\?.*h=`));
    const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
    await expect(dialog).toBeVisible();
    const list = dialog.getByRole('list', { name: 'Datas e horários' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: shortDay(day) })).toContainText(
      oneHour(hours[0]!),
    );
    await expect(dialog.getByText(`Total: ${total}`)).toBeVisible();
    if (w > 900)
      await expect(
        page.getByRole('combobox', { name: 'Repetir toda semana por' }).locator('option:checked'),
      ).toHaveText('mais 1 semana');
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/signup-back-to-room-${w}.png` });

    await dialog.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Nome impresso no cartão').fill('Julia A Rocha');
    await dialog.getByLabel('Mês').fill('12');
    await dialog.getByLabel('Ano').fill('2031');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: `Pagar ${total}` }).click();
    await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
    await closeDialog(page);
    await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
    // One row for the booking and its two weeks (decision 0037).
    const booked = page
      .getByRole('row')
      .or(page.locator('.mantine-Card-root'))
      .filter({ hasText: 'Confirmada' });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText(oneHour(hours[0]!));
  });
}
