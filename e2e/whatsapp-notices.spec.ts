import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The demo's second specialist has not opted in (the first has: DESIGN §10's demo).
test('a specialist turns WhatsApp notices on, sees the number and the consent time, and turns them off', async ({
  page,
}) => {
  await signInByApi(page, demo.specialist2, undefined, '/especialista/perfil');
  const notices = page.getByRole('switch', { name: 'Receber avisos pelo WhatsApp' });
  await notices.scrollIntoViewIfNeeded();
  await expect(notices).not.toBeChecked();
  await expect(
    page.getByText('Ao ativar, os avisos vão para (21) 99876-1234, o celular do seu perfil.'),
  ).toBeVisible();
  // What is sent, how to stop and the policy are read with the switch.
  await expect(notices).toHaveAccessibleDescription(/confirmações de reserva.*respondendo PARAR/);

  await notices.click();
  await expect(notices).toBeChecked();
  await expect(page.getByText('Os avisos vão para (21) 99876-1234, o celular do seu perfil.')).toBeVisible();
  await expect(page.getByText(/^Ativado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/)).toBeVisible();
  await expectAccessible(page);

  // The choice is the server's: it is there after a reload, and off again when turned off.
  await page.reload();
  await expect(notices).toBeChecked();
  await notices.click();
  await expect(notices).not.toBeChecked();
  await expect(page.getByText(/^Ativado em/)).toHaveCount(0);
  await page.reload();
  await expect(notices).not.toBeChecked();
});
