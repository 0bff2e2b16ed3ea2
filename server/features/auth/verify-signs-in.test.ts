/**
 * One code at sign-up (docs/decisions/0017): the first e-mail confirmation right after registration
 * also opens a session; nothing else does, and every later sign-in stays two-step.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#common/contracts/auth';
import { authTokens, throttleCounters } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { lastCodeTo, PASSWORD, signedInAs, signIn, uniqueEmail } from '../../test/fixtures.ts';
import { VERIFY_SIGNS_IN_HOURS } from './auth.service.ts';
import { findUserByEmail } from './user.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  request(t.app, { method: 'POST', url, payload, token });

async function registered(name = 'Helena Duarte Campos') {
  const email = uniqueEmail('umcodigo');
  const res = await post('/api/customer/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, code: lastCodeTo(t, email) };
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function sessions(email: string) {
  const user = await findUserByEmail(t.db, email);
  return t.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
}

describe('POST /api/user/verify-email right after registration', () => {
  it('confirms the e-mail and answers a session with the verified user', async () => {
    const { email, code } = await registered();
    const res = await post('/api/user/verify-email', { email, code });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.message).toBe(authMessages.verified);
    expect(data.user).toMatchObject({ email, role_name: 'customer', email_verified: true, active: true });
    expect(typeof data.token).toBe('string');

    const me = await request(t.app, { method: 'GET', url: '/api/user', token: data.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email_verified).toBe(true);
    expect(await sessions(email)).toHaveLength(1);

    // The code was single use; a second confirmation opens nothing more.
    const again = await post('/api/user/verify-email', { email, code });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ message: authMessages.verified });

    // Later sign-ins stay two-step.
    const first = await post('/api/loginTwoFactor', { email, password: PASSWORD });
    expect(first.json()).toEqual({ data: { email } });
    expect(await signIn(t, email)).toMatch(/.{20,}/);
  });

  it('opens no session for an account registered more than 24 hours before', async () => {
    const { email } = await registered();
    t.clock.advance((VERIFY_SIGNS_IN_HOURS * 60 + 1) * 60_000);
    const resent = await post('/api/user/resend/verification-code', { email });
    expect(resent.statusCode).toBe(200);
    const res = await post('/api/user/verify-email', { email, code: lastCodeTo(t, email) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: authMessages.verified });
    expect(await sessions(email)).toHaveLength(0);
  });

  it('opens no session for an account that has already signed in, even after signing out', async () => {
    const { email, code } = await registered();
    const token = await signIn(t, email);
    await request(t.app, { method: 'GET', url: '/api/logout', token });
    const res = await post('/api/user/verify-email', { email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: authMessages.verified });
    expect(await sessions(email)).toHaveLength(1);
  });

  it('opens no session when the request already carries one (someone else’s included)', async () => {
    const { email, code } = await registered();
    const other = await signedInAs(t, 'customer');
    const res = await post('/api/user/verify-email', { email, code }, other.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: authMessages.verified });
    expect(await sessions(email)).toHaveLength(0);
  });

  it('answers 422 for a wrong code, counts it against the account, and the code dies after 5 tries', async () => {
    const { email, code } = await registered();
    const wrong = await post('/api/user/verify-email', { email, code: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([authMessages.invalidCode]);
    expect(wrong.json().data).toBeUndefined();
    const [counter] = await t.db
      .select()
      .from(throttleCounters)
      .where(eq(throttleCounters.key, `signin:acct:${email}`));
    expect(counter?.count).toBe(1);

    for (let i = 0; i < 4; i++)
      expect((await post('/api/user/verify-email', { email, code: otherCode(code) })).statusCode).toBe(422);
    const late = await post('/api/user/verify-email', { email, code });
    expect(late.statusCode).toBe(422);
    expect(await sessions(email)).toHaveLength(0);
  });
});
