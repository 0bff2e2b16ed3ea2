import { waitForMail } from './support/mail.ts';
import { DEMO_PASSWORD, demo, expectAccessible, signInAs, typeCode } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('a new specialist signs up, types one code (it confirms the e-mail and signs in) and completes the data', async ({
  page,
}) => {
  const email = `nova.especialista.${Date.now()}@exemplo.com.br`;
  const since = Date.now() - 1000;
  await page.goto('/signup');
  await expectAccessible(page);
  await page.getByLabel('Nome completo').fill('Beatriz Lima Santos');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill('Consultorio2026');
  await page.getByLabel('Confirme a senha').fill('Consultorio2026');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // Straight to the e-mail code: one code confirms the address and signs in (decision 0017).
  await expect(page).toHaveURL(/\/verificacao\?email=/);
  const verification = await waitForMail(email, /confirmar seu e-mail[\s\S]*?digo: (\d{6})/, since);
  await typeCode(page, verification[1]!);

  await expect(page).toHaveURL(/\/especialista\/new-account$/);
  await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  await page.getByLabel('CPF').fill('390.533.447-05');
  await page.getByLabel('Data de nascimento').fill('12/04/1988');
  await page.keyboard.press('Escape');
  await page.getByLabel('Celular').click();
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('12/04/1988');
  await page.getByLabel('Celular').fill('(11) 98765-4321');
  await page.getByLabel('Profissão').fill('Psicóloga');
  await page.getByRole('combobox', { name: 'Conselho profissional' }).click();
  await page.getByRole('option', { name: /^CRP/ }).click();
  await page.getByLabel('Número de registro').fill('06/123456');
  await page.getByRole('combobox', { name: 'UF do registro' }).fill('SP');
  await page.getByRole('option', { name: 'SP', exact: true }).click();
  // ViaCEP answers from a stub: the CEP fills the street, the neighbourhood, the city and the UF.
  await page.route('https://viacep.com.br/ws/01310100/json/', (route) =>
    route.fulfill({
      json: {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      },
    }),
  );
  await page.getByLabel('CEP').fill('01310-100');
  await expect(page.getByLabel('Rua')).toHaveValue('Avenida Paulista');
  await expect(page.getByRole('combobox', { name: 'UF', exact: true })).toHaveValue('SP');
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill('1000');
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  await expect(page).toHaveURL(/\/especialista\/salas$/);
  await expect(page.getByRole('button', { name: /Menu de Beatriz Lima Santos/ })).toBeVisible();
});

const homes = [
  {
    email: demo.owner,
    home: '/admin/gestao/especialistas',
    menu: ['Especialistas', 'Parceiros', 'Diferenciais', 'Dashboard'],
  },
  {
    email: demo.partner,
    home: '/parceiro/gestao/agendamentos',
    menu: ['Novo Agendamento', 'Clínicas', 'Salas', 'Agendamentos'],
  },
  {
    email: demo.specialist,
    home: '/especialista/salas',
    menu: ['Alugue aqui', 'Meu perfil', 'Meus agendamentos'],
  },
];

for (const { email, home, menu } of homes) {
  test(`${email} signs in through both steps and lands on ${home} with the role's menu`, async ({ page }) => {
    await signInAs(page, email);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const label of menu) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    const current = nav.locator('[aria-current="page"]');
    if (email !== demo.specialist) await expect(current).toHaveCount(1);
    await expectAccessible(page);
  });
}

test('the sign-in link in the mail signs in directly', async ({ page }) => {
  const since = Date.now() - 1000;
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(demo.partner2);
  await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const link = await waitForMail(demo.partner2, /(\/auth-user-ogin\?email=[^\s]+&token=\d{6})/, since);
  await page.goto(link[1]!);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
});

test('wrong credentials and a wrong code show the SPEC messages', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(demo.specialist2);
  await page.getByLabel(/^Senha/).fill('SenhaErrada1');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Verifique o login e a senha para continuar.')).toBeVisible();

  await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/two-factors\//);
  await expectAccessible(page);
  await typeCode(page, '000000');
  // Said in the form (and, when the code went twice under a slow machine, in a notification too).
  await expect(
    page.getByRole('alert').filter({ hasText: 'Código inválido ou expirado.' }).first(),
  ).toBeVisible();
});

test('redirects: visitors to /rooms, signed-in users away from auth pages and other roles, redirect query kept', async ({
  page,
}) => {
  await page.goto('/admin/gestao/especialistas');
  await expect(page).toHaveURL(/\/rooms$/);

  await page.goto('/rooms?search=Pinheiros');
  await expect(page.getByText('Acesse sua conta')).toBeVisible();
  await expect(page.getByText('Realize login para melhor experiência')).toBeVisible();
  await page.getByRole('link', { name: 'Entrar / Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=%2Frooms%3Fsearch%3DPinheiros$/);
  await signInAs(page, demo.specialist2, DEMO_PASSWORD, page.url());
  await expect(page).toHaveURL(/\/rooms\?search=Pinheiros$/);

  await page.goto('/signin');
  await expect(page).toHaveURL(/\/especialista\/salas$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/especialista\/salas$/);
  await expect(page.getByRole('link', { name: 'Abrir chat com o Salas' })).toBeVisible();

  await page.getByRole('button', { name: /Menu de Lucas Ferreira/ }).click();
  await expect(page.getByRole('menu').getByText(demo.specialist2)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(page.getByText('Acesse sua conta')).toBeVisible();
  await page.goto('/especialista/agendamentos');
  await expect(page).toHaveURL(/\/rooms$/);
});

test('forgot password answers neutrally, then the mailed link sets a new password', async ({ page }) => {
  const email = demo.specialist;
  const since = Date.now() - 1000;
  await page.goto('/forgot-password');
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Se houver uma conta com este e-mail')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Por favor aguarde antes de tentar novamente')).toBeVisible();

  const link = await waitForMail(email, /(\/password-reset\?token=[\w-]+&email=[^\s]+)/, since);
  await page.goto(link[1]!);
  await page.getByLabel(/^Nova senha/).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirme a nova senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Senha redefinida com sucesso.')).toBeVisible();
});
