import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#common/errors';
import { users } from '../db/schema.ts';
import { createTestContext, request, type TestContext } from '../test/app.ts';
import { signedInAs } from '../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('a session whose account was suspended', () => {
  it('is no session any more, and the answer says why (Status: false), so the web can tell the person', async () => {
    const { user, token } = await signedInAs(t, 'partner');
    expect((await request(t.app, { method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));

    const res = await request(t.app, { method: 'GET', url: '/api/user', token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Status: false, message: messages.suspended });
    const partnerOnly = await request(t.app, {
      method: 'GET',
      url: `/api/partner/${user.uuid}/coworking`,
      token,
    });
    expect(partnerOnly.statusCode).toBe(401);
    expect(partnerOnly.json()).toMatchObject({ Status: false });
  });

  it('also after the operator suspends the account, which revokes its sessions', async () => {
    const { user, token } = await signedInAs(t, 'customer');
    const operator = await signedInAs(t, 'owner');
    const off = await request(t.app, {
      method: 'POST',
      url: '/api/fusion/setActiveStatus',
      token: operator.token,
      payload: { user_uuid: user.uuid, setStatus: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await request(t.app, { method: 'GET', url: '/api/user', token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Status: false, message: messages.suspended });

    // Back in service, the old session stays ended, without the suspended answer.
    await request(t.app, {
      method: 'POST',
      url: '/api/fusion/setActiveStatus',
      token: operator.token,
      payload: { user_uuid: user.uuid, setStatus: 1 },
    });
    const again = await request(t.app, { method: 'GET', url: '/api/user', token });
    expect(again.statusCode).toBe(401);
    expect(again.json().Status).toBeUndefined();
  });

  it('an unknown or missing token stays a plain 401', async () => {
    for (const token of [undefined, 'x'.repeat(40)]) {
      const res = await request(t.app, { method: 'GET', url: '/api/user', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().Status).toBeUndefined();
    }
  });
});
