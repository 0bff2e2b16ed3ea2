/**
 * A person's choice of WhatsApp notices (DESIGN §10, "WhatsApp"): GET/PUT /api/user/notifications —
 * off by default; on only for the profile's Brazilian mobile (no phone or a landline: 422), with the
 * consent's time; off again by the person or when the profile's phone becomes another number;
 * forgotten with the account, and in the person's data export; the webhook is not there while
 * WhatsApp is off. PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '#common/contracts/notifications';
import { users, whatsappInbound } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { PASSWORD, signedInAs, uniqueCpf } from '../../test/fixtures.ts';
import { collectPersonalData } from '../privacy/privacy.export.ts';

type Session = Awaited<ReturnType<typeof signedInAs>>;
let t: TestContext;
/** The test profiles' phone (test/profiles.ts), in international digits. */
const MOBILE = '5511987654321';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const settings = (who: Session) =>
  request(t.app, { method: 'GET', url: '/api/user/notifications', token: who.token });
const choose = (who: Session, whatsapp: boolean) =>
  request(t.app, { method: 'PUT', url: '/api/user/notifications', token: who.token, payload: { whatsapp } });
const consentOf = async (who: Session) => {
  const [row] = await t.db
    .select({ phone: users.whatsappPhone, at: users.whatsappOptedInAt })
    .from(users)
    .where(eq(users.id, who.user.id));
  return row!;
};
const partnerPhone = (who: Session, phone: string) =>
  request(t.app, {
    method: 'PUT',
    url: `/api/partner/basicdata/${who.user.uuid}`,
    token: who.token,
    payload: { name: 'Clínica Horizonte', phone },
  });

describe('GET/PUT /api/user/notifications', () => {
  it('is off by default, showing the mobile it would use; on keeps the number and the time, off forgets both', async () => {
    const ana = await signedInAs(t, 'customer');
    const before = await settings(ana);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      data: { whatsapp: false, whatsapp_phone: MOBILE, whatsapp_opted_in_at: null },
    });

    const on = await choose(ana, true);
    expect(on.statusCode, on.body).toBe(200);
    const consentedAt = t.clock.now.toISOString();
    expect(on.json().data).toEqual({
      whatsapp: true,
      whatsapp_phone: MOBILE,
      whatsapp_opted_in_at: consentedAt,
    });
    expect(await consentOf(ana)).toEqual({ phone: MOBILE, at: t.clock.now });
    expect((await settings(ana)).json().data.whatsapp_opted_in_at).toBe(consentedAt);

    // On again later: the consent already given keeps its time.
    t.clock.advance(60_000);
    expect((await choose(ana, true)).json().data.whatsapp_opted_in_at).toBe(consentedAt);

    const off = await choose(ana, false);
    expect(off.json().data).toEqual({ whatsapp: false, whatsapp_phone: MOBILE, whatsapp_opted_in_at: null });
    expect(await consentOf(ana)).toEqual({ phone: null, at: null });
  });

  it('refuses to turn on without a phone in the profile, or with a landline (422 on whatsapp), changing nothing', async () => {
    const noProfile = await signedInAs(t, 'customer', { profile: false });
    const operator = await signedInAs(t, 'owner');
    const partner = await signedInAs(t, 'partner');
    for (const who of [noProfile, operator, partner]) {
      const res = await choose(who, true);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        message: notificationMessages.noPhone,
        errors: { whatsapp: [notificationMessages.noPhone] },
      });
      expect((await settings(who)).json().data).toEqual({
        whatsapp: false,
        whatsapp_phone: null,
        whatsapp_opted_in_at: null,
      });
    }
    expect((await partnerPhone(partner, '(11) 3333-4444')).statusCode).toBe(200);
    const landline = await choose(partner, true);
    expect(landline.statusCode).toBe(422);
    expect(landline.json().errors).toEqual({ whatsapp: [notificationMessages.notMobile] });
    expect(await consentOf(partner)).toEqual({ phone: null, at: null });
    // Off needs no phone.
    expect((await choose(operator, false)).statusCode).toBe(200);
  });

  it("ends when the profile's phone becomes another number, not when the same one is saved again", async () => {
    const partner = await signedInAs(t, 'partner');
    expect((await partnerPhone(partner, '(31) 99876-5432')).statusCode).toBe(200);
    expect((await choose(partner, true)).json().data.whatsapp_phone).toBe('5531998765432');
    expect((await partnerPhone(partner, '31998765432')).statusCode).toBe(200);
    expect((await consentOf(partner)).phone).toBe('5531998765432');
    expect((await partnerPhone(partner, '(31) 99876-0000')).statusCode).toBe(200);
    expect(await consentOf(partner)).toEqual({ phone: null, at: null });

    const ana = await signedInAs(t, 'customer');
    expect((await choose(ana, true)).statusCode).toBe(200);
    const health = await request(t.app, { method: 'GET', url: '/api/health-advice' });
    const crp = health.json().data.find((c: { acronym: string }) => c.acronym === 'CRP').uuid;
    const saved = await request(t.app, {
      method: 'POST',
      url: '/api/customer/completeData',
      token: ana.token,
      payload: {
        name: 'Ana Souza Lima',
        cpf: uniqueCpf(),
        birth_date: '1988-04-12',
        phone: '(11) 91234-5678',
        profession: 'Psicóloga',
        council_uuid: crp,
        council_number: '06/123456',
        council_state: 'SP',
        address: {
          zip_code: '01310-100',
          street: 'Avenida Paulista',
          number: '1578',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settings(ana)).json().data).toEqual({
      whatsapp: false,
      whatsapp_phone: '5511912345678',
      whatsapp_opted_in_at: null,
    });
  });

  it('is in the data export, and forgotten with the account with the messages from the number', async () => {
    const bia = await signedInAs(t, 'customer');
    expect((await choose(bia, true)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, bia.user.id));
    const exported = await collectPersonalData(t.db, row!, t.clock.now);
    expect((exported.json.account as { whatsapp: unknown }).whatsapp).toEqual({
      phone: MOBILE,
      opted_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*-03:00$/),
    });

    await t.db.insert(whatsappInbound).values({ wamid: `wamid.bia-${bia.user.id}`, fromPhone: MOBILE });
    const gone = await request(t.app, {
      method: 'POST',
      url: '/api/user/delete',
      token: bia.token,
      payload: { password: PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await consentOf(bia)).toEqual({ phone: null, at: null });
    expect(await t.db.select().from(whatsappInbound).where(eq(whatsappInbound.fromPhone, MOBILE))).toEqual(
      [],
    );
  });
});

describe('/api/whatsapp/webhook while WhatsApp is off', () => {
  it('is not there (404), whatever is sent: the choice is kept, nothing comes in', async () => {
    const get = await request(t.app, {
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
    });
    const post = await request(t.app, {
      method: 'POST',
      url: '/api/whatsapp/webhook',
      xsrf: false,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{}',
    });
    expect([get.statusCode, post.statusCode]).toEqual([404, 404]);
    expect(post.json().message).toBe('O WhatsApp não está ligado neste servidor.');
  });
});
