/**
 * Throttling that stops guessing without locking out the owner (DESIGN §8 "Accounts"): an attacker
 * without the password cannot stop the owner from signing in from another address.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, lastCodeTo, PASSWORD, uniqueEmail } from '../../test/fixtures.ts';
import { signInLimits } from './sign-in-guard.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let net = 0;
/** A fresh /16 for each test, so address counters of one test never touch another. */
const network = () => {
  net += 1;
  return (host: number) => `10.${net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
};

const password = (email: string, pass: string, ip: string) =>
  request(t.app, {
    method: 'POST',
    url: '/api/loginTwoFactor',
    payload: { email, password: pass },
    remoteAddress: ip,
  });
const code = (email: string, loginToken: string, ip: string) =>
  request(t.app, {
    method: 'POST',
    url: '/api/authenticateToken',
    payload: { email, login_token: loginToken },
    remoteAddress: ip,
  });

/** Both steps from `ip`; answers the status of the last one. */
async function signInFrom(email: string, ip: string): Promise<number> {
  const first = await password(email, PASSWORD, ip);
  if (first.statusCode !== 200) return first.statusCode;
  return (await code(email, lastCodeTo(t, email), ip)).statusCode;
}

describe('sign-in throttling', () => {
  it('locks the guessed pair only: the owner still signs in from another address', async () => {
    const ip = network();
    for (const role of ['customer', 'owner'] as const) {
      const owner = await createUser(t, { role, email: uniqueEmail(role) });
      const answers: number[] = [];
      for (let i = 0; i < signInLimits.perPair.limit + 2; i++)
        answers.push((await password(owner.email, 'Errada#1234', ip(1))).statusCode);
      expect(answers.slice(0, signInLimits.perPair.limit)).toEqual(
        Array(signInLimits.perPair.limit).fill(401),
      );
      expect(answers.slice(signInLimits.perPair.limit)).toEqual([429, 429]);
      // Even the right password waits on that pair...
      expect((await password(owner.email, PASSWORD, ip(1))).statusCode).toBe(429);
      // ...but not from the owner's own address, operator included.
      expect(await signInFrom(owner.email, ip(2))).toBe(200);
    }
  });

  it('clears the address’s count for the account on a success', async () => {
    const ip = network();
    const owner = await createUser(t, { email: uniqueEmail('distraida') });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < signInLimits.perPair.limit - 1; i++)
        expect((await password(owner.email, 'Errada#1234', ip(1))).statusCode).toBe(401);
      expect(await signInFrom(owner.email, ip(1))).toBe(200);
    }
  });

  it('limits one address trying many accounts', async () => {
    const ip = network();
    const emails = Array.from({ length: signInLimits.perAddress.limit / 5 + 1 }, () => uniqueEmail('alvo'));
    const answers: number[] = [];
    for (const email of emails)
      for (let i = 0; i < 5; i++) answers.push((await password(email, 'Errada#1234', ip(1))).statusCode);
    expect(answers.filter((s) => s === 401)).toHaveLength(signInLimits.perAddress.limit);
    expect(answers.at(-1)).toBe(429);
    const other = await createUser(t, { email: uniqueEmail('vizinha') });
    expect((await password(other.email, PASSWORD, ip(1))).statusCode).toBe(429);
    expect(await signInFrom(other.email, ip(2))).toBe(200);
  });

  it('past the account ceiling, lets only addresses the owner used; mails the owner once', async () => {
    const ip = network();
    const owner = await createUser(t, { name: 'Marta Lima', email: uniqueEmail('marta') });
    const home = ip(0);
    expect(await signInFrom(owner.email, home)).toBe(200);
    const before = t.mail.length;

    // Many addresses, each under its pair limit, together past the ceiling.
    const perAddress = signInLimits.perPair.limit;
    const addresses = Math.ceil(signInLimits.perAccount.limit / perAddress) + 1;
    for (let a = 1; a <= addresses; a++)
      for (let i = 0; i < perAddress; i++) await password(owner.email, 'Errada#1234', ip(a));

    expect((await password(owner.email, PASSWORD, ip(200))).statusCode).toBe(429);
    expect(await signInFrom(owner.email, home)).toBe(200);

    const warnings = t.mail
      .slice(before)
      .filter((m) => m.subject === 'Tentativas de acesso à sua conta do Salas');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.to).toBe(owner.email);
    expect(warnings[0]!.text).toContain(`${signInLimits.burstMailAt} tentativas`);

    t.clock.advance(61 * 60_000);
    expect(await signInFrom(owner.email, ip(200))).toBe(200);
  });

  it('counts wrong codes per pair too, and each code keeps its own 5 tries', async () => {
    const ip = network();
    const owner = await createUser(t, { email: uniqueEmail('codigo') });
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect((await password(owner.email, PASSWORD, ip(2))).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) answers.push((await code(owner.email, '000000', ip(1))).statusCode);
    }
    // 5 + 5 wrong codes, then the pair (account, ip 1) is done for 15 minutes.
    expect(answers.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(answers.slice(10)).toEqual(Array(5).fill(429));
    expect((await code(owner.email, lastCodeTo(t, owner.email), ip(2))).statusCode).toBe(200);
  });

  it('holds the pair limit when the guesses arrive at once', async () => {
    const ip = network();
    const owner = await createUser(t, { email: uniqueEmail('paralela') });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => password(owner.email, 'Errada#1234', ip(1)).then((r) => r.statusCode)),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(signInLimits.perPair.limit);
    expect(answers.filter((s) => s === 429)).toHaveLength(30 - signInLimits.perPair.limit);
    const [row] = await queryRows<{ count: number }>(
      t.db,
      sql`select count from throttle_counters where key = ${`signin:pair:${owner.email}|${ip(1)}`}`,
    );
    expect(Number(row!.count)).toBe(30);
  });
});
