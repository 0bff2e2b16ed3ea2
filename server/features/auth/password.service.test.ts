/** New passwords must be strong (ASVS 5.0 §6.2): sign-up, reset link and the signed-in change. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#common/contracts/user';
import { users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, lastMailTo, PASSWORD, signIn, uniqueEmail } from '../../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  request(t.app, { method: 'POST', url, payload: payload as object, token });
const get = (url: string, token?: string) => request(t.app, { method: 'GET', url, token });

const STRONG = 'trovoada-jabuti-marmita';
const weakAnswer = (res: {
  statusCode: number;
  json(): { message: string; errors: { password: string[] } };
}) => {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body.errors.password[0]).toMatch(/^Senha fraca: \S/);
  expect(body.message).toBe(body.errors.password[0]);
  return body.errors.password[0]!;
};

describe('sign-up', () => {
  const register = (name: string, email: string, password: string) =>
    post('/api/customer/register', { name, email, password, password_confirmation: password });

  it.each(['password1', 'senha123', '1234567a', '12345678'])(
    'refuses the common password %s with feedback in Portuguese and stores nothing',
    async (password) => {
      const email = uniqueEmail('fraca');
      const message = weakAnswer(await register('Marina Albuquerque', email, password));
      expect(message).toMatch(/senha|palavras/i);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it("refuses the person's own name with a number", async () => {
    const message = weakAnswer(await register('Jurema Ximenestra', uniqueEmail('jurema'), 'Ximenestra123'));
    expect(message).toContain('Não use dados pessoais');
  });

  it('accepts a passphrase without digits, capitals or symbols', async () => {
    const res = await register('Marina Albuquerque', uniqueEmail('frase'), 'correct horse battery staple');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers the length rule in Portuguese before strength', async () => {
    const short = await register('Marina Albuquerque', uniqueEmail('curta'), 'Tz#9kq!');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
    const long = await register('Marina Albuquerque', uniqueEmail('longa'), `${STRONG} `.repeat(6));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.password).toEqual(['A senha deve ter no máximo 128 caracteres.']);
  });
});

describe('reset link (also how an invited person sets a first password)', () => {
  it('refuses a weak password without spending the link, then takes a strong one', async () => {
    const user = await createUser(t, { name: 'Jurema Ximenestra' });
    await post('/api/forgot-password', { email: user.email });
    const token = lastMailTo(t, user.email).text.match(/password-reset\?token=([\w-]+)&email=/)![1]!;
    const body = (password: string) => ({
      email: user.email,
      token,
      password,
      password_confirmation: password,
    });

    expect(weakAnswer(await post('/api/reset-password', body('Ximenestra2026')))).toContain(
      'Não use dados pessoais',
    );
    weakAnswer(await post('/api/reset-password', body('senha123')));
    const ok = await post('/api/reset-password', body(STRONG));
    expect(ok.statusCode, ok.body).toBe(200);
    await signIn(t, user.email, STRONG);
  });
});

describe('POST /api/user/password', () => {
  const change = (token: string | undefined, current: string, password: string, confirmation = password) =>
    post(
      '/api/user/password',
      { current_password: current, password, password_confirmation: confirmation },
      token,
    );

  it('answers 401 to a visitor and 419 without the XSRF double submit', async () => {
    expect((await change(undefined, PASSWORD, STRONG)).statusCode).toBe(401);
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/user/password',
      payload: { current_password: PASSWORD, password: STRONG, password_confirmation: STRONG },
      token,
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
  });

  it.each<Role>(['customer', 'partner', 'owner'])(
    'lets a signed-in %s change it: other sessions end, this one stays, a mail tells them',
    async (role) => {
      const user = await createUser(t, { role });
      const here = await signIn(t, user.email);
      const elsewhere = await signIn(t, user.email);
      const mailsBefore = t.mail.length;

      const res = await change(here, PASSWORD, STRONG);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { message: 'Senha alterada com sucesso.' } });

      expect((await get('/api/user', here)).statusCode).toBe(200);
      expect((await get('/api/user', elsewhere)).statusCode).toBe(401);
      expect(t.mail.length).toBeGreaterThan(mailsBefore);
      expect(lastMailTo(t, user.email).subject).toBe('Sua senha do Salas foi alterada');
      const old = await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
      expect(old.statusCode).toBe(401);
      await signIn(t, user.email, STRONG);
    },
  );

  it('refuses a wrong current password on current_password (422, the session stays)', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    const res = await change(token, 'Outra#Senha456', STRONG);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['A senha atual está incorreta.'] });
    expect((await get('/api/user', token)).statusCode).toBe(200);
    await signIn(t, user.email, PASSWORD);
  });

  it("refuses a weak new password, also one built on the person's stored name or e-mail", async () => {
    const email = uniqueEmail('jurema.ximenestra');
    const user = await createUser(t, { name: 'Jurema Ximenestra', email });
    const token = await signIn(t, user.email);
    weakAnswer(await change(token, PASSWORD, 'senha123'));
    expect(weakAnswer(await change(token, PASSWORD, 'Ximenestra@2026'))).toContain('Não use dados pessoais');
    const mismatch = await change(token, PASSWORD, STRONG, `${STRONG}!`);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['As senhas não conferem.']);
    await signIn(t, user.email, PASSWORD);
  });

  it('throttles guesses at the current password from one account', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    for (let i = 0; i < 10; i++) expect((await change(token, `Errada#${i}xyz`, STRONG)).statusCode).toBe(422);
    const blocked = await change(token, PASSWORD, STRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Por favor aguarde antes de tentar novamente');
  });
});

describe('passwords set before the rule', () => {
  it('still sign in: strength is checked only when a password is set', async () => {
    const user = await createUser(t, { password: 'senha123' });
    await signIn(t, user.email, 'senha123');
  });
});
