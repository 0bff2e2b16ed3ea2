import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { waitForMail } from './support/mail.ts';
import { freshCpf } from './support/profile.ts';
import { expectAccessible, signUpSpecialist, typeCode, verificationCode } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/** The completeData fields through the API, with the session the browser holds. */
async function completeProfile(page: Page, name: string) {
  await page.request.get('/api/config');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const token = await page.evaluate(() => localStorage.getItem('salas.token'));
  const councils = await (await page.request.get('/api/health-advice')).json();
  const crp = councils.data.find((c: { acronym: string }) => c.acronym === 'CRP');
  const res = await page.request.post('/api/customer/completeData', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    data: {
      name,
      cpf: freshCpf(),
      birth_date: '1990-03-15',
      phone: '11987654321',
      profession: 'Psicóloga',
      council_uuid: crp.uuid,
      council_number: '06/654321',
      council_state: 'SP',
      address: {
        zip_code: '01310100',
        street: 'Avenida Paulista',
        number: '900',
        complement: '',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a specialist downloads their data, deletes the account and cannot sign in again', async ({ page }) => {
  const name = 'Marina Teixeira Prado';
  const email = `saindo.${Date.now()}@exemplo.com.br`;
  let password = 'Ximenestra#Azul2026';
  const since = await signUpSpecialist(page, name, email, password);
  await typeCode(page, await verificationCode(email, since));
  await expect(page).toHaveURL(/\/especialista\/new-account$/);
  await completeProfile(page, name);

  await page.goto('/especialista/perfil');

  // "Alterar senha": a weak new one is refused with the reason; a strong one is taken.
  const change = page.locator('form', { has: page.getByRole('button', { name: 'Alterar senha' }) });
  await change.getByLabel(/^Senha atual/).fill(password);
  await change.getByLabel(/^Nova senha/).fill('senha123');
  await change.getByLabel(/^Confirme a nova senha/).fill('senha123');
  await change.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(change.getByText(/^Senha fraca: /).first()).toBeVisible();
  const changedSince = Date.now() - 1000;
  password = 'Capivara#Lilas#Serena';
  await change.getByLabel(/^Nova senha/).fill(password);
  await change.getByLabel(/^Confirme a nova senha/).fill(password);
  await change.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible();
  await waitForMail(email, /alterada no seu perfil/, changedSince);

  const section = page.getByRole('heading', { name: 'Privacidade e seus dados' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  await expectAccessible(page);

  // The zip holds dados.json with the person's own account.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar meus dados' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^salas-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  const data = JSON.parse(new TextDecoder().decode(zip['dados.json']));
  expect(data.account).toMatchObject({ name, email, role: 'customer' });
  expect(data.specialist_profile.profession).toBe('Psicóloga');

  // The dialog says what goes and what stays; a wrong password is refused beside the field.
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog.getByText('O que fica guardado, e por quê')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(/^Sua senha/).fill('nao-e-a-senha');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(dialog.getByText(/Senha incorreta/).first()).toBeVisible();

  const deletedSince = Date.now() - 1000;
  await dialog.getByLabel(/^Sua senha/).fill(password);
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page).toHaveURL(/\/\?conta=excluida$/);
  await expect(page.getByText('Conta excluída')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('salas.token'))).toBeNull();
  await waitForMail(email, /sua conta no Salas foi exclu/, deletedSince);

  // The same e-mail and password no longer sign in.
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Verifique o login e a senha para continuar.')).toBeVisible();
});

test('the privacy notice is public and linked from sign-up', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Política de privacidade' }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByRole('heading', { name: 'Seus direitos (LGPD, art. 18)' })).toBeVisible();
  await expectAccessible(page);
});
