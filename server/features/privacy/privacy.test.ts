/**
 * LGPD self-service (DESIGN §8, decision 0014): the export holds the caller's data and photos and
 * nobody else's; the deletion erases the person, cancels their future hours through the lifecycle,
 * keeps the records the law keeps, and refuses partners with business still running and the last
 * operator.
 */
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME, EXPORT_DATA_FILE, exportSections } from '#common/contracts/privacy';
import { addDays, toZonedIso, zonedDate } from '#common/time/zone';
import {
  addresses,
  appointments,
  authTokens,
  bookings,
  cards,
  clinics,
  mailOutbox,
  payments,
  photos,
  refunds,
  specialistProfiles,
  users,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { createUser, PASSWORD, signedInAs, signIn } from '../../test/fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';

const ZONE = 'America/Sao_Paulo';
type Person = Awaited<ReturnType<typeof signedInAs>>;

let t: TestContext;
let partner: Person;
let clinic: { uuid: string };
let room: { uuid: string };
let image: Buffer;
let day: string;
let hour = 0;

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Privada', '1.0000');
  image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b7a75' } })
    .jpeg()
    .toBuffer();
  day = addDays(zonedDate(t.clock.now, ZONE), 3);
}, 120_000);
afterAll(() => t.close());

/** The next free hour, three days ahead (refund 100 % when canceled by the customer). */
const laterHour = (roomDay = day) => `${roomDay}T${String(hour++).padStart(2, '0')}:00:00-03:00`;
/** An hour a few hours from now (refund 0 when canceled by the customer). */
const soonHour = () =>
  toZonedIso(new Date(Math.ceil(t.clock.now.getTime() / 3_600_000) * 3_600_000 + 3 * 3_600_000), ZONE);

const upload = (token: string, type: string, uuid: string) => {
  const body = multipart({ type, uuid }, [
    { field: 'photos', filename: 'foto.jpg', type: 'image/jpeg', data: image },
  ]);
  return request(t.app, {
    method: 'POST',
    url: '/api/photo/bulk',
    token,
    payload: body.payload,
    headers: body.headers,
  });
};

async function exportOf(token: string) {
  const res = await request(t.app, { method: 'GET', url: '/api/user/export', token });
  expect(res.statusCode, res.body).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const json = new TextDecoder().decode(files[EXPORT_DATA_FILE]);
  return { res, files, json, data: JSON.parse(json) };
}

const deleteAccount = (token: string, password = PASSWORD) =>
  request(t.app, { method: 'POST', url: '/api/user/delete', token, payload: { password } });

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /api/user/export', () => {
  it('asks for sign-in', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });

  it("holds the caller's account, profile, cards, bookings, sessions and photo — and nobody else's", async () => {
    const me = await signedInAs(t, 'customer');
    const other = await signedInAs(t, 'customer');
    expect((await upload(me.token, 'profile', me.user.uuid)).statusCode).toBe(201);
    const myCard = await saveCard(t, me.user, me.token);
    const otherCard = await saveCard(t, other.user, other.token);
    const mine = await bookByCard(t, me.token, room.uuid, myCard.uuid, [laterHour()]);
    const theirs = await bookByCard(t, other.token, room.uuid, otherCard.uuid, [laterHour()]);

    const { res, files, json, data } = await exportOf(me.token);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="salas-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Object.keys(data)).toEqual([...exportSections]);
    expect(data.account).toMatchObject({ uuid: me.user.uuid, email: me.user.email, role: 'customer' });
    expect(data.specialist_profile.cpf).toMatch(/^\d{11}$/);
    expect(data.specialist_profile.address.street).toBe('Avenida Paulista');
    expect(data.cards).toEqual([
      expect.objectContaining({ uuid: myCard.uuid, brand: 'visa', last4: '4242' }),
    ]);
    expect(data.bookings.map((b: { uuid: string }) => b.uuid)).toEqual([mine.uuid]);
    expect(data.bookings[0].appointments).toHaveLength(1);
    expect(data.bookings[0].payment).toMatchObject({ method: 'card', status: 'paid' });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toHaveProperty('ip');
    expect(data.partner).toBeNull();

    // The photo, as stored.
    expect(data.photos).toHaveLength(1);
    const photo = files[data.photos[0].file];
    expect(data.photos[0].file).toMatch(/^fotos\/perfil\/[0-9a-f-]{36}\.webp$/);
    expect(photo?.byteLength).toBeGreaterThan(100);

    // Nobody else's data, and no secret of the account or of the provider.
    const [otherProfile] = await t.db
      .select({ cpf: specialistProfiles.cpf })
      .from(specialistProfiles)
      .where(eq(specialistProfiles.userId, other.user.id));
    for (const foreign of [other.user.email, other.user.uuid, otherProfile!.cpf, theirs.uuid, otherCard.uuid])
      expect(json).not.toContain(foreign);
    expect(json).not.toMatch(/argon2|password|token_hash|provider_token|provider_ref|tok_sandbox/i);
    expect(json).not.toContain(me.token);
  });

  it("gives a partner their partner data, clinics, rooms and photos, without their customers' data", async () => {
    expect((await upload(partner.token, 'clinic', clinic.uuid)).statusCode).toBe(201);
    expect((await upload(partner.token, 'room', room.uuid)).statusCode).toBe(201);
    const customer = await signedInAs(t, 'customer');
    const card = await saveCard(t, customer.user, customer.token);
    await bookByCard(t, customer.token, room.uuid, card.uuid, [laterHour()]);

    const { files, json, data } = await exportOf(partner.token);
    expect(data.account.role).toBe('partner');
    expect(data.partner.clinics).toEqual([
      expect.objectContaining({
        uuid: clinic.uuid,
        rooms: [expect.objectContaining({ uuid: room.uuid, name: 'Sala Privada' })],
      }),
    ]);
    const paths = data.photos.map((p: { file: string }) => p.file);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^fotos/clinicas/${clinic.uuid}/`)),
        expect.stringMatching(new RegExp(`^fotos/salas/${room.uuid}/`)),
      ]),
    );
    for (const path of paths) expect(files[path]?.byteLength).toBeGreaterThan(100);
    expect(json).not.toContain(customer.user.email);
    expect(data.bookings).toEqual([]);
  });
});

describe('POST /api/user/delete', () => {
  it('asks for sign-in', async () => {
    const res = await request(t.app, { method: 'POST', url: '/api/user/delete', payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong password on `password` and changes nothing', async () => {
    const me = await signedInAs(t, 'customer');
    const res = await deleteAccount(me.token, 'nao-e-a-senha');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password[0]).toMatch(/Senha incorreta/);
    expect(await userRow(me.user.id)).toMatchObject({
      name: me.user.name,
      email: me.user.email,
      active: true,
    });
    expect((await request(t.app, { method: 'GET', url: '/api/user', token: me.token })).statusCode).toBe(200);
  });

  it('erases the person, cancels their future hours by the usual rule and keeps the records anonymized', async () => {
    const me = await signedInAs(t, 'customer');
    const email = me.user.email;
    expect((await upload(me.token, 'profile', me.user.uuid)).statusCode).toBe(201);
    const storedBefore = t.storage.files.size;
    const card = await saveCard(t, me.user, me.token);
    const later = await bookByCard(t, me.token, room.uuid, card.uuid, [laterHour()]);
    const soon = await bookByCard(t, me.token, room.uuid, card.uuid, [soonHour()]);
    const pixRes = await request(t.app, {
      method: 'POST',
      url: '/api/customer/appointment/bulk',
      token: me.token,
      payload: { room_uuid: room.uuid, date_times: [laterHour(), laterHour()], payment_method: 'pix' },
    });
    expect(pixRes.statusCode, pixRes.body).toBe(201);
    const pix = pixRes.json().data as { uuid: string };
    // A mail still waiting in the queue for the person (a retry due later) is dropped.
    await t.db.insert(mailOutbox).values({
      recipient: email,
      subject: 'Pendente',
      payload: { text: 'x', html: 'x' },
      nextAttemptAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    const secondSession = await signIn(t, email);

    const res = await deleteAccount(me.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/conta foi excluída/);

    // No way back in: old tokens answer 401, the password no longer signs in.
    for (const token of [me.token, secondSession])
      expect((await request(t.app, { method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const login = await request(t.app, {
      method: 'POST',
      url: '/api/loginTwoFactor',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Personal data erased or anonymized.
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ name: DELETED_ACCOUNT_NAME, passwordHash: null, active: false });
    expect(row.email).toMatch(/^excluida\+[0-9a-f-]{36}@salas\.invalid$/);
    expect(row.deletedAt).not.toBeNull();
    const left = async (
      table: typeof cards | typeof addresses | typeof photos | typeof authTokens,
      where: ReturnType<typeof eq>,
    ) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;
    expect(await left(cards, eq(cards.userId, me.user.id))).toBe(0);
    expect(await left(addresses, eq(addresses.ownerId, me.user.id))).toBe(0);
    expect(await left(photos, eq(photos.userId, me.user.id))).toBe(0);
    expect(await left(authTokens, eq(authTokens.userId, me.user.id))).toBe(0);
    expect(
      await t.db.select().from(specialistProfiles).where(eq(specialistProfiles.userId, me.user.id)),
    ).toEqual([]);
    expect(t.storage.files.size).toBe(storedBefore - 2);

    // The records the law keeps stay, pointing to the anonymized user; future hours canceled.
    const kept = await t.db
      .select({ booking: bookings, payment: payments })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(eq(bookings.customerId, me.user.id));
    const byUuid = Object.fromEntries(kept.map((k) => [k.booking.uuid, k]));
    expect(Object.keys(byUuid).sort()).toEqual([later.uuid, soon.uuid, pix.uuid].sort());
    expect(kept.every((k) => k.booking.status === 'canceled')).toBe(true);
    expect(byUuid[later.uuid]!.payment).toMatchObject({
      status: 'refunded',
      refundedCents: later.amount_cents,
    });
    expect(byUuid[soon.uuid]!.payment).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(byUuid[pix.uuid]!.payment.status).toBe('expired');
    const refundRows = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, byUuid[later.uuid]!.payment.id));
    expect(refundRows).toEqual([
      expect.objectContaining({ amountCents: later.amount_cents, reason: 'customer_cancel' }),
    ]);
    const hours = await t.db.select().from(appointments).where(eq(appointments.customerId, me.user.id));
    expect(hours.map((a) => a.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);

    // The mail goes to the original address; the queue forgot it otherwise.
    await t.app.services.mailer.deliver();
    const mails = t.mail.filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toContain('Sua conta foi excluída');
    expect(mails.map((m) => m.subject)).not.toContain('Pendente');
    const deletionMail = mails.find((m) => m.subject === 'Sua conta foi excluída')!;
    // Every hour to come: the two paid ones and both hours of the unpaid Pix booking.
    expect(deletionMail.text).toMatch(/4 horários futuros foram cancelados/);
    // Sent, the goodbye mail forgets the address too (leaving.test.ts has the rest).
    const outbox = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.recipient})`, email));
    expect(outbox).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Pendente'))).toEqual([]);
    const forgotten = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, row.email));
    expect(forgotten[0]!.n).toBeGreaterThan(0);

    // A second try with the old token is simply signed out; the e-mail can register again.
    expect((await deleteAccount(me.token)).statusCode).toBe(401);
    const again = await request(t.app, {
      method: 'POST',
      url: '/api/customer/register',
      payload: { name: 'Ana de Novo', email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a partner with active rooms or future hours in them, saying what to do first', async () => {
    const owner = await signedInAs(t, 'partner');
    const place = await createClinic(t, owner.user, owner.token, 'Clínica que Fecha');
    await openClinic(t, owner.user, owner.token, place.uuid);
    const offered = await createRoom(t, owner.user, owner.token, place.uuid, 'Sala que Fecha');
    const customer = await signedInAs(t, 'customer');
    const card = await saveCard(t, customer.user, customer.token);
    const booking = await bookByCard(t, customer.token, offered.uuid, card.uuid, [
      laterHour(addDays(day, 1)),
    ]);

    const busy = await deleteAccount(owner.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/desative sua sala ativa .* e cancele o horário já reservado/);

    const off = await request(t.app, {
      method: 'PUT',
      url: `/api/partner/${owner.user.uuid}/coworking/${place.uuid}/room/${offered.uuid}`,
      token: owner.token,
      payload: { name: 'Sala que Fecha', description: '', price_per_minute: '1.0000', active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const stillBooked = await deleteAccount(owner.token);
    expect(stillBooked.statusCode).toBe(409);
    expect(stillBooked.json().message).not.toMatch(/desative/);
    expect(stillBooked.json().message).toMatch(/cancele o horário já reservado/);

    const hour0 = booking.appointments[0]!;
    const canceled = await request(t.app, {
      method: 'POST',
      url: `/api/partner/appointment/${hour0.uuid}/status/update`,
      token: owner.token,
      payload: { date_time: hour0.date_time, status: 'canceled' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await deleteAccount(owner.token)).statusCode).toBe(200);

    // The clinic stays for the bookings kept, without its contact e-mail.
    const [kept] = await t.db.select().from(clinics).where(eq(clinics.uuid, place.uuid));
    expect(kept).toMatchObject({ name: 'Clínica que Fecha', email: null });
    expect((await userRow(owner.user.id)).name).toBe(DELETED_ACCOUNT_NAME);
  });

  it('refuses the last active operator, and lets them go once another operator is active', async () => {
    // Operators of earlier tests in this database would count: none were made.
    const first = await signedInAs(t, 'owner');
    const alone = await deleteAccount(first.token);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toMatch(/único operador ativo/);
    expect((await userRow(first.user.id)).active).toBe(true);

    await createUser(t, { role: 'admin' });
    expect((await deleteAccount(first.token)).statusCode).toBe(200);
    expect(
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, first.user.id), eq(users.active, false))),
    ).toHaveLength(1);
  });
});
