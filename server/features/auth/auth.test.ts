import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#common/contracts/auth';
import { queryRows } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, lastCodeTo, lastMailTo, PASSWORD, signIn, uniqueEmail } from '../../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  request(t.app, { method: 'POST', url, payload: payload as object, token });
const get = (url: string, token?: string) => request(t.app, { method: 'GET', url, token });

describe('POST /api/customer/register', () => {
  it('creates an unverified specialist and mails a 6-digit verification code', async () => {
    const email = uniqueEmail('nova');
    const res = await post('/api/customer/register', {
      name: 'Marina Albuquerque',
      email: email.toUpperCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Marina Albuquerque',
      email,
      role_name: 'customer',
      active: true,
      email_verified: false,
      photo: null,
    });
    expect(res.json().data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const mail = lastMailTo(t, email);
    expect(mail.subject).toBe('Confirme seu e-mail no Salas');
    expect(mail.text).toMatch(/Código: \d{6}/);
    expect(mail.html).toContain('<html lang="pt-BR">');
  });

  it("answers 422 with errors.email ['Email existente'] for a taken email, in any case", async () => {
    const user = await createUser(t);
    const res = await post('/api/customer/register', {
      name: 'Outra Pessoa',
      email: user.email.toUpperCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Email existente']);
  });

  it('answers field errors in Portuguese for bad input and never stores it', async () => {
    const email = uniqueEmail('ruim');
    const res = await post('/api/customer/register', {
      name: 'A',
      email,
      password: 'curta',
      password_confirmation: 'outra',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.name[0]).toBe('Informe o nome completo.');
    expect(errors.password[0]).toBe('A senha deve ter pelo menos 8 caracteres.');
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 for malformed JSON, 422 for wrong types and 413 for a huge body', async () => {
    const malformed = await request(t.app, {
      method: 'POST',
      url: '/api/customer/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('O corpo da requisição não é um JSON válido.');

    const wrongTypes = await post('/api/customer/register', {
      name: 12,
      email: [],
      password: {},
      password_confirmation: null,
    });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'password_confirmation']),
    );

    const huge = await post('/api/customer/register', { name: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('O corpo da requisição é grande demais.');
  });

  it('refuses a request without the XSRF double submit', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/customer/register',
      payload: {
        name: 'Sem Token',
        email: uniqueEmail(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
  });

  it('decides the XSRF rule on the matched route: a percent-encoded /api prefix is still checked', async () => {
    for (const url of ['/%61pi/forgot-password', '/%61%70%69/forgot-password', '/api/forgot%2Dpassword']) {
      const res = await request(t.app, {
        method: 'POST',
        url,
        payload: { email: uniqueEmail() },
        xsrf: false,
      });
      // Refused before the handler: never the neutral 2xx of forgot-password.
      expect([419, 404], `${url} ${res.statusCode}`).toContain(res.statusCode);
    }
    const matched = await request(t.app, {
      method: 'POST',
      url: '/%61pi/forgot-password',
      payload: { email: uniqueEmail() },
      xsrf: false,
    });
    expect(matched.statusCode).toBe(419);
  });
});

describe('e-mail verification', () => {
  async function registered() {
    const email = uniqueEmail('verif');
    const res = await post('/api/customer/register', {
      name: 'Carla Menezes',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    return email;
  }

  it('verifies with the mailed code, once', async () => {
    const email = await registered();
    const code = lastCodeTo(t, email);
    const wrong = await post('/api/user/verify-email', {
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([authMessages.invalidCode]);

    const ok = await post('/api/user/verify-email', { email, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message).toBe('E-mail confirmado com sucesso.');
    // Right after registration the confirmation also signs in (verify-signs-in.test.ts); later
    // sign-ins stay two-step.
    expect(ok.json().data.token).toEqual(expect.any(String));
    const token = await signIn(t, email);
    expect((await get('/api/user', token)).json().data.email_verified).toBe(true);
  });

  it('kills the code after 5 wrong tries', async () => {
    const email = await registered();
    const code = lastCodeTo(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/user/verify-email', { email, code: wrong })).statusCode).toBe(422);
    expect((await post('/api/user/verify-email', { email, code })).statusCode).toBe(422);
  });

  it('resends a new code at most once a minute, with the same answer for unknown emails', async () => {
    const email = await registered();
    const first = lastCodeTo(t, email);
    const again = await post('/api/user/resend/verification-code', { email });
    expect(again.statusCode).toBe(200);
    const second = lastCodeTo(t, email);
    const tooSoon = await post('/api/user/resend/verification-code', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('Por favor aguarde antes de tentar novamente');

    // The old code died when the new one was sent.
    if (first !== second)
      expect((await post('/api/user/verify-email', { email, code: first })).statusCode).toBe(422);

    const unknown = await post('/api/user/resend/verification-code', { email: uniqueEmail('ninguem') });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(again.json());

    t.clock.advance(61_000);
    const forced = await get(`/api/force/verification/${encodeURIComponent(email)}`);
    expect(forced.statusCode).toBe(200);
    expect((await post('/api/user/verify-email', { email, code: lastCodeTo(t, email) })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired code', async () => {
    const email = await registered();
    const code = lastCodeTo(t, email);
    t.clock.advance(31 * 60_000);
    expect((await post('/api/user/verify-email', { email, code })).statusCode).toBe(422);
  });
});

describe('two-step sign-in', () => {
  it('mails a code and a /auth-user-ogin link, then trades the code for a token', async () => {
    const user = await createUser(t, { name: 'Rafael Tavares' });
    const first = await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { email: user.email } });
    const mail = lastMailTo(t, user.email);
    const code = lastCodeTo(t, user.email);
    expect(mail.text).toContain(
      `${t.config.publicUrl}/auth-user-ogin?email=${encodeURIComponent(user.email)}&token=${code}`,
    );

    const second = await post('/api/authenticateToken', { email: user.email, login_token: code });
    expect(second.statusCode).toBe(200);
    const { token, user: shown } = second.json().data;
    expect(shown).toEqual({
      uuid: user.uuid,
      name: 'Rafael Tavares',
      email: user.email,
      role_name: 'customer',
      active: true,
      email_verified: true,
      photo: null,
    });
    // At least 128 random bits, and only its hash is stored.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    const dump = await queryRows(t.db, sql`select * from auth_tokens`);
    expect(JSON.stringify(dump)).not.toContain(token);

    const me = await get('/api/user', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.uuid).toBe(user.uuid);

    // Single use.
    const reuse = await post('/api/authenticateToken', { email: user.email, login_token: code });
    expect(reuse.statusCode).toBe(422);
  });

  it("answers 401 with the SPEC's message for a wrong password or an unknown email alike", async () => {
    const user = await createUser(t);
    const wrong = await post('/api/loginTwoFactor', { email: user.email, password: 'Errada#123' });
    const unknown = await post('/api/loginTwoFactor', { email: uniqueEmail('x'), password: 'Errada#123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Verifique o login e a senha para continuar.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('binds the code to its challenge: a new sign-in kills the previous code', async () => {
    const user = await createUser(t);
    await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    const old = lastCodeTo(t, user.email);
    await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    const fresh = lastCodeTo(t, user.email);
    if (old !== fresh)
      expect((await post('/api/authenticateToken', { email: user.email, login_token: old })).statusCode).toBe(
        422,
      );
    expect((await post('/api/authenticateToken', { email: user.email, login_token: fresh })).statusCode).toBe(
      200,
    );
  });

  it('lets a code live 10 minutes and 5 tries', async () => {
    const user = await createUser(t);
    await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    const code = lastCodeTo(t, user.email);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await post('/api/authenticateToken', { email: user.email, login_token: code })).statusCode).toBe(
      422,
    );

    await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    const next = lastCodeTo(t, user.email);
    const wrong = next === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/authenticateToken', { email: user.email, login_token: wrong })).statusCode,
      ).toBe(422);
    }
    expect((await post('/api/authenticateToken', { email: user.email, login_token: next })).statusCode).toBe(
      422,
    );
  });

  it('throttles wrong passwords per account and address in the database', async () => {
    const user = await createUser(t);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await post('/api/loginTwoFactor', { email: user.email, password: 'Errada#123' })).statusCode,
      );
    }
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('Por favor aguarde antes de tentar novamente');
    const rows = await queryRows<{ count: number }>(
      t.db,
      sql`select count from throttle_counters where key = ${`signin:pair:${user.email}|127.0.0.1`}`,
    );
    expect(Number(rows[0]?.count)).toBeGreaterThan(10);
    t.clock.advance(16 * 60_000);
    expect((await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('changes nothing on HEAD /api/logout (only the GET the SPEC fixes logs out)', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    const head = await request(t.app, { method: 'HEAD', url: '/api/logout', token });
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(head.statusCode).toBeLessThan(500);
    expect((await get('/api/user', token)).statusCode).toBe(200);
  });

  it('revokes the token on logout', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    const out = await get('/api/logout', token);
    expect(out.statusCode).toBe(204);
    const me = await get('/api/user', token);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Você precisa entrar na sua conta para continuar.');
  });

  it('expires a token after 30 days unused, not while it is used', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    t.clock.advance(29 * 86_400_000);
    expect((await get('/api/user', token)).statusCode).toBe(200);
    t.clock.advance(29 * 86_400_000);
    expect((await get('/api/user', token)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await get('/api/user', token)).statusCode).toBe(401);
  });

  it('refuses a deactivated user with { Status: false, message } and kills their tokens at once', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await get('/api/user', token)).statusCode).toBe(401);
    const login = await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ Status: false, message: authMessages.suspended });
  });

  it('answers 401 to GET /api/user without a token or with garbage', async () => {
    expect((await get('/api/user')).statusCode).toBe(401);
    expect((await get('/api/user', 'x'.repeat(43))).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown emails, mails a link for real ones, and throttles per email', async () => {
    const user = await createUser(t);
    const unknown = await post('/api/forgot-password', { email: uniqueEmail('fantasma') });
    const known = await post('/api/forgot-password', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(lastMailTo(t, user.email).text).toMatch(/\/password-reset\?token=[\w-]{40,}&email=/);

    const again = await post('/api/forgot-password', { email: user.email });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Por favor aguarde antes de tentar novamente');
  });

  it('resets once with the link, revokes every token and lets the new password in', async () => {
    const user = await createUser(t);
    const oldToken = await signIn(t, user.email);
    await post('/api/forgot-password', { email: user.email });
    const link = lastMailTo(t, user.email).text.match(/password-reset\?token=([\w-]+)&email=/);
    const token = link![1]!;
    const newPassword = 'NovaSenha#2026';
    const body = { email: user.email, token, password: newPassword, password_confirmation: newPassword };
    const ok = await post('/api/reset-password', body);
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/user', oldToken)).statusCode).toBe(401);

    const twice = await post('/api/reset-password', body);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(
      'Erro ao redefinir senha. Por favor verifique se os dados inseridos estão corretos!!',
    );
    expect((await post('/api/loginTwoFactor', { email: user.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    await signIn(t, user.email, newPassword);
  });

  it('refuses a link after 60 minutes and a token of another account', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await post('/api/forgot-password', { email: a.email });
    const token = lastMailTo(t, a.email).text.match(/token=([\w-]+)/)![1]!;
    const bad = { email: b.email, token, password: 'NovaSenha#1', password_confirmation: 'NovaSenha#1' };
    expect((await post('/api/reset-password', bad)).statusCode).toBe(422);
    t.clock.advance(61 * 60_000);
    expect((await post('/api/reset-password', { ...bad, email: a.email })).statusCode).toBe(422);
  });
});
