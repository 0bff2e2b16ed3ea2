import { expectAccessible, typeCode, verificationCode } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('sign-up measures the password as it is typed and refuses a weak one before sending it', async ({
  page,
}) => {
  const email = `jurema.ximenestra.${Date.now()}@exemplo.com.br`;
  const registerCalls: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/customer/register'))
      registerCalls.push(req.url());
  });

  await page.goto('/signup');
  await page.getByLabel('Nome completo').fill('Jurema Ximenestra');
  await page.getByLabel('E-mail').fill(email);
  const password = page.getByLabel(/^Senha/);
  const confirmation = page.getByLabel('Confirme a senha');
  const meter = page.getByRole('meter', { name: 'Força da senha' });

  // A common password: the meter says so, with the reasons in Portuguese.
  await password.fill('senha123');
  await confirmation.fill('senha123');
  await expect(meter).toHaveAttribute('aria-valuetext', /Muito fraca|Fraca/);
  await expect(page.getByText('Esta é uma senha comumente usada.', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(/^Senha fraca: Esta é uma senha comumente usada\./)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // The person's own name with digits is weak too.
  await password.fill('Ximenestra2026');
  await confirmation.fill('Ximenestra2026');
  await expect(
    page.getByText('Não use dados pessoais, como seu nome ou e-mail.', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(/^Senha fraca: Não use dados pessoais/)).toBeVisible();
  expect(registerCalls).toEqual([]);

  // A passphrase: strong, no reasons shown, and the account is created.
  const since = Date.now() - 1000;
  await password.fill('trovoada jabuti marmita');
  await confirmation.fill('trovoada jabuti marmita');
  await expect(meter).toHaveAttribute('aria-valuetext', /^(Boa|Forte)$/);
  await expect(page.getByText(/Força da senha: (Boa|Forte)/)).toBeVisible();
  await expect(
    page.getByText('Não use dados pessoais, como seu nome ou e-mail.', { exact: true }),
  ).toBeHidden();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  // Straight to the e-mail code, which also signs in (decision 0017).
  await expect(page).toHaveURL(/\/verificacao\?email=/);
  expect(registerCalls).toHaveLength(1);
  await typeCode(page, await verificationCode(email, since));
  await expect(page).toHaveURL(/\/especialista\/new-account$/);
});
