import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Role, roleHome } from '../../common/domain/user.ts';
import { waitForMail } from './mail.ts';

export const DEMO_PASSWORD = 'Salas@2026';

export const demo = {
  owner: 'admin@salas.test',
  partner: 'parceiro@salas.test',
  partner2: 'parceiro2@salas.test',
  specialist: 'especialista@salas.test',
  specialist2: 'especialista2@salas.test',
} as const;

/** Types a 6-digit code into a Mantine PinInput. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('input[inputmode="numeric"]').first().click();
  await page.keyboard.type(code);
}

/** Reads the newest sign-in code mailed to `email` after `since`. */
export async function loginCode(email: string, since: number): Promise<string> {
  const match = await waitForMail(email, /token=(\d{6})/, since);
  return match[1]!;
}

/** Both sign-in steps through the screens, reading the code from the mail folder. */
export async function signInAs(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  path = '/signin',
): Promise<void> {
  await page.goto(path);
  const since = Date.now() - 1000;
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/two-factors\//);
  await typeCode(page, await loginCode(email, since));
  await expect(page).not.toHaveURL(/\/two-factors\//);
}

/** Where the web app keeps the bearer token (web/lib/token.ts). */
const TOKEN_KEY = 'salas.token';
/** Numbers each API sign-in of this worker, for its one-shot init script. */
let signIns = 0;

/**
 * The XSRF double submit the web client sends, for the API called straight from a journey: the
 * cookie /api/config sets in `request`'s jar (a page's `page.request` shares the page's), echoed in
 * the header.
 */
export async function xsrfHeaders(request: APIRequestContext): Promise<{ 'x-xsrf-token': string }> {
  await request.get('/api/config');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': xsrf };
}

/**
 * The same two sign-in steps as signInAs, through the API (POST /api/loginTwoFactor, the mailed
 * code, POST /api/authenticateToken, with the XSRF double submit the web client sends). Answers the
 * bearer token, the user, the headers that call the API as them and the app's origin.
 */
export async function signInToApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const xsrf = await xsrfHeaders(request);
  // No second of slack as on the screens: a sign-in of the same account a moment ago (the journey
  // before, through the API in well under a second) mailed a code that is spent by now. The mail
  // is written tens of milliseconds after the call arrives, well past the file clock's tick.
  const since = Date.now();
  const login = await request.post('/api/loginTwoFactor', { data: { email, password }, headers: xsrf });
  expect(login.ok(), `loginTwoFactor ${email}: ${login.status()} ${await login.text()}`).toBe(true);
  const code = await loginCode(email, since);
  const answer = await request.post('/api/authenticateToken', {
    data: { email, login_token: code },
    headers: xsrf,
  });
  expect(answer.ok(), `authenticateToken ${email}: ${answer.status()} ${await answer.text()}`).toBe(true);
  const { token, user } = (await answer.json()).data as {
    token: string;
    user: { uuid: string; role_name: Role };
  };
  return {
    token,
    user,
    headers: { ...xsrf, authorization: `Bearer ${token}` },
    origin: new URL(answer.url()).origin,
  };
}

/**
 * signInToApi for a page, for journeys whose point is not the sign-in screens: the token is put
 * where the web app keeps it before the app starts, then the page opens `path` — by default the
 * role's home, where the screens' sign-in lands. Only the sign-in screens' own journeys use signInAs.
 */
export async function signInByApi(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  path?: string,
): Promise<void> {
  const { token, user, origin } = await signInToApi(page.request, email, password);
  // Stored by the next page of the app before its own scripts run, once: a later sign-out or
  // sign-in on this page is not undone by it on the following pages (sessionStorage lives as long
  // as the tab and is read before anything else on the page).
  const once = `salas.e2e.signin.${++signIns}`;
  await page.addInitScript(
    ([key, value, mark, app]) => {
      if (window !== window.top || location.origin !== app) return;
      if (sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token, once, origin] as const,
  );
  await page.goto(path ?? roleHome(user.role_name));
}

/** axe: no serious or critical violation on the current page, once opening dialogs and menus have settled. */
export async function expectAccessible(page: Page): Promise<void> {
  let bad = await seriousViolations(page);
  // A notice that mounts while axe reads the page is judged on a half-faded colour. A real fault
  // is still there a moment later; one seen only mid-transition is not.
  if (bad.length) {
    await page.waitForTimeout(500);
    bad = await seriousViolations(page);
  }
  expect(bad).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Half-faded text mid-transition would be judged on its momentary colour. A notice mounted this
  // very moment starts its transition on the next frame: let two frames pass before looking.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Closes the success dialog ("Sucesso!") and waits for it to go. */
export async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

/**
 * A new specialist through /signup (`path` may carry a `redirect`): straight to the e-mail code
 * step (/verificacao), not signed in yet — that one code also signs in (docs/decisions/0017).
 * Answers the time the mails are read from.
 */
export async function signUpSpecialist(
  page: Page,
  name: string,
  email: string,
  password: string,
  path = '/signup',
) {
  const since = Date.now() - 1000;
  if (path) await page.goto(path);
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByLabel('Confirme a senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/verificacao\?email=/);
  return since;
}

/** The e-mail confirmation code mailed to `email` after `since`. */
export async function verificationCode(email: string, since: number): Promise<string> {
  const match = await waitForMail(email, /confirmar seu e-mail[\s\S]*?digo: (\d{6})/, since);
  return match[1]!;
}
