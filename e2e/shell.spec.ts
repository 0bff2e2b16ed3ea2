import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../playwright.config.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { type Browser, chromium, expect, type Page, test } from './support/test.ts';

test('header, footer, help button and the search bar for visitors', async ({ page }) => {
  await page.goto('/rooms');
  await expect(page.getByRole('link', { name: 'Salas — página inicial' })).toHaveAttribute('href', '/rooms');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2024 Salas. Todos os direitos reservados.')).toBeVisible();
  for (const name of ['Parceiros', 'política de cancelamento']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  for (const name of ['Facebook', 'LinkedIn', 'Instagram', 'YouTube']) {
    await expect(footer.getByRole('link', { name: `Salas no ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Ajuda pelo WhatsApp' })).toHaveAttribute(
    'href',
    /wa\.me\/\d+\?text=Ol/,
  );
  await expect(page.getByRole('link', { name: 'Abrir chat com o Salas' })).toHaveCount(0);
  await expectAccessible(page);

  // Desktop search: inline; empty goes to /rooms; text and date go into the URL.
  await page.getByRole('textbox', { name: 'Onde?' }).fill('São Paulo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms\?search=S%C3%A3o\+Paulo$/);
  await page.getByRole('button', { name: 'Limpar texto da busca' }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/rooms$/);
});

test('breadcrumb and section menus in the partner area', async ({ page }) => {
  await signInByApi(page, demo.partner2);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toHaveCount(0);
  const section = page.getByRole('navigation', { name: 'Menu da seção Gestão' });
  await expect(section.getByRole('link', { name: 'Agendamentos' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/parceiro\/configuracoes\/dados-parceiro$/);
  const trail = page.getByRole('navigation', { name: 'Você está em' });
  await expect(trail.getByRole('link', { name: 'Configurações' })).toBeVisible();
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Dados do parceiro');
  await expect(page.getByRole('heading', { name: 'Dados do parceiro' })).toBeVisible();
  await expectAccessible(page);
});

test('the home page has the header with search, rooms to start from, the footer and the help button', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Salas por hora para profissionais da saúde',
  );
  await expect(page.getByRole('textbox', { name: 'Onde?' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Salas em destaque' });
  await expect(featured.locator('a[href^="/rooms/"]').first()).toBeVisible();
  expect(await featured.locator('a[href^="/rooms/"]').count()).toBeLessThanOrEqual(6);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajuda pelo WhatsApp' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/tests');
  await expect(page.getByRole('link', { name: 'Ajuda pelo WhatsApp' })).toBeVisible();
});

test('a page path with a dot opens its page on reload; an unknown path answers 404 with the app', async ({
  page,
}) => {
  const twoFactors = await page.goto('/two-factors/ana@clinica.com.br');
  expect(twoFactors?.status()).toBe(200);
  await expect(page.getByText('Arquivo não encontrado.')).toHaveCount(0);
  await expect(page.locator('input[inputmode="numeric"]').first()).toBeVisible();
  const unknown = await page.goto('/pagina-que-nao-existe');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expectAccessible(page);
});

test('installable: Chromium finds no installability error (manifest, icons, start URL, display)', async ({
  page,
  baseURL,
}) => {
  await page.goto('/rooms');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  for (const path of [
    '/favicon.ico',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/maskable-512.png',
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  // Lighthouse 12 dropped its PWA audits; Chromium's own check decides the install prompt. It
  // refuses every incognito window, so this runs in a profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const installed = browser.pages()[0] ?? (await browser.newPage());
    await installed.goto(`${baseURL}/rooms`);
    const cdp = await browser.newCDPSession(installed);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await expect(async () => {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    }).toPass({ timeout: 15_000 });
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

/** Signs in `email` in a context of its own; answers its page. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, email);
  return page;
}

/** An operator's call, from their signed-in page (bearer token and XSRF as the web sends them). */
function operatorCall(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      await fetch('/api/config', { credentials: 'include' });
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('salas.token')}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { path, body },
  );
}

test('a session whose account is suspended lands on the sign-in page saying why', async ({ browser }) => {
  const person = await signedIn(browser, demo.specialist2);
  await person.goto('/especialista/agendamentos');
  const uuid = await person.evaluate(async () => {
    const res = await fetch('/api/user', {
      headers: { authorization: `Bearer ${localStorage.getItem('salas.token')}` },
    });
    return (await res.json()).data.uuid as string;
  });
  const operator = await signedIn(browser, demo.owner);
  expect(await operatorCall(operator, '/fusion/setActiveStatus', { user_uuid: uuid, setStatus: 0 })).toBe(
    200,
  );
  try {
    // The page may send the person to the sign-in page before the reload's own load ends, which
    // aborts the reload (net::ERR_ABORTED): that is the move looked for, not a failure.
    await person.reload().catch((err: unknown) => {
      if (!String(err).includes('ERR_ABORTED')) throw err;
    });
    await expect(person).toHaveURL(/\/signin\?conta=suspensa$/);
    await expect(person.getByRole('alert')).toContainText(
      'Sua conta foi suspensa temporariamente por motivos de segurança',
    );
    await expectAccessible(person);
  } finally {
    expect(await operatorCall(operator, '/fusion/setActiveStatus', { user_uuid: uuid, setStatus: 1 })).toBe(
      200,
    );
  }
});
