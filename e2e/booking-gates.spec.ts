import { appToday, weekdayAhead } from './support/dates.ts';
import { completeDataForm, rioSpecialist } from './support/profile.ts';
import { bookingPanel, pickDay, reserve } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import {
  expectAccessible,
  signInByApi,
  signUpSpecialist,
  typeCode,
  verificationCode,
} from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

const PASSWORD = 'Consultorio2026';

/** Opens Sala Corcovado on the booking day and picks 08:00; answers the availability section. */
async function pickAnHour(page: Page) {
  await page.goto('/rooms?search=Corcovado');
  await page.getByRole('link', { name: /Sala Corcovado/ }).click();
  const section = await bookingPanel(page);
  // The next weekday at least three days ahead (clear of the other journeys' days).
  await pickDay(section, weekdayAhead(3, await appToday(page)));
  await section.getByText('08:00', { exact: true }).click();
  await expect(section.getByText('1 horário escolhido')).toBeVisible();
  return section;
}

test('a verified specialist without the completed data is refused in the booking modal, completes it and comes back to the same hour', async ({
  page,
}) => {
  const email = `gate.perfil.${Date.now()}@exemplo.com.br`;
  const since = await signUpSpecialist(page, 'Clara Souza Prado', email, PASSWORD);
  await typeCode(page, await verificationCode(email, since));
  await expect(page).toHaveURL(/\/especialista\/new-account$/);

  // Straight to a room instead of completing the data: the server refuses the booking (403).
  const section = await pickAnHour(page);
  const roomUrl = page.url();
  await reserve(section);
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await dialog.getByLabel('Usar um novo cartão').check();
  await dialog.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Nome impresso no cartão').fill('Clara Souza Prado');
  await dialog.getByLabel('Mês').fill('12');
  await dialog.getByLabel('Ano').fill('2031');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pagar R\$/ }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Erro ao efetuar reserva!');
  await expect(refusal).toContainText(
    'Complete seu cadastro (CPF, nascimento, telefone, conselho e endereço) antes de reservar.',
  );
  const complete = refusal.getByRole('link', { name: 'Completar meu cadastro' });
  await expect(complete).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Pagar R\$/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await keepScreen(page, { path: 'test-results/screens/booking-refusal-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreen(page, { path: 'test-results/screens/booking-refusal-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The missing step, then back on the room page with the same day and hour, the confirm step open.
  await complete.click();
  await expect(page).toHaveURL(/\/especialista\/new-account\?redirect=%2Frooms%2F/);
  await completeDataForm(page, rioSpecialist);
  await expect(page).toHaveURL(roomUrl);
  const back = await bookingPanel(page);
  await expect(back.getByText('1 horário escolhido')).toBeVisible();
  const again = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await expect(again.getByRole('button', { name: /^Pagar R\$/ })).toBeVisible();
  await expect(again.getByRole('alert')).toHaveCount(0);
});

test('a specialist who has not confirmed the e-mail is told so before paying, confirms it and is led on to the data', async ({
  page,
}) => {
  const email = `gate.email.${Date.now()}@exemplo.com.br`;
  const since = await signUpSpecialist(page, 'Rafael Teixeira Lima', email, PASSWORD);
  // The code is left for later: a plain two-step sign-in opens a session without it.
  await signInByApi(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verificacao$/);

  const section = await pickAnHour(page);
  const roomPath = new URL(page.url()).pathname;
  await reserve(section);
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Confirme seu e-mail antes de reservar');
  await expect(dialog.getByRole('button', { name: /^Pagar R\$/ })).toHaveCount(0);
  await refusal.getByRole('link', { name: 'Confirmar meu e-mail' }).click();

  await expect(page).toHaveURL(/\/verificacao\?redirect=%2Frooms%2F/);
  await typeCode(page, await verificationCode(email, since));
  // Still without the specialist data: that step comes next, keeping the way back to the room.
  await expect(page).toHaveURL(
    new RegExp(`/especialista/new-account\\?redirect=${encodeURIComponent(roomPath)}`),
  );
});
