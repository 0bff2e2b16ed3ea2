/**
 * What WhatsApp tells the product (DESIGN §10, "WhatsApp"), with Meta's Cloud API played by the
 * fake (test/whatsapp-fake.ts): Meta's verification of the webhook; POSTs accepted only with the
 * body's X-Hub-Signature-256; a tap on "Cancelar reserva" cancels under the web's rules (a card
 * booking days ahead refunded whole) and the chat says so, once however often Meta delivers it;
 * a tap from any other number does nothing; PARAR ends the notices; delivery statuses kept, a
 * failed message mailed instead. PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '#common/money';
import { addDays, zonedDate } from '#common/time/zone';
import {
  appointments,
  bookings,
  mailOutbox,
  partnerProfiles,
  payments,
  refunds,
  users,
  whatsappInbound,
} from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import {
  FAKE_WA_APP_SECRET,
  FAKE_WA_VERIFY_TOKEN,
  type FakeWhatsApp,
  signWhatsAppWebhook,
  startFakeWhatsApp,
  whatsappEnv,
} from '../../test/whatsapp-fake.ts';

type Session = Awaited<ReturnType<typeof signedInAs>>;
let t: TestContext;
let fake: FakeWhatsApp;
let ana: Session;
let room: { uuid: string };
let day: string;
/** Ana's profile phone (test/profiles.ts) in international digits; Bia's is another mobile. */
const ANA = '5511987654321';
const BIA = '5521998761234';
const PARTNER = '5511977770000';

const at = (hh: number) => `${day}T${String(hh).padStart(2, '0')}:00:00-03:00`;
/** Meta's POST: the raw body, signed (or as given), no session and no XSRF. */
const deliver = (
  body: string,
  headers: Record<string, string> = signWhatsAppWebhook(body, FAKE_WA_APP_SECRET),
) =>
  request(t.app, {
    method: 'POST',
    url: '/api/whatsapp/webhook',
    xsrf: false,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
/** The pair rate (one message a number every 6 s): the next one may go. */
const later = async () => {
  t.clock.advance(10_000);
  await t.deliverMail();
};
const optIn = async (who: Session) => {
  const res = await request(t.app, {
    method: 'PUT',
    url: '/api/user/notifications',
    token: who.token,
    payload: { whatsapp: true },
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** The confirmation template the fake got for the booking, with its quick replies. */
const confirmationOf = (bookingUuid: string) => {
  const m = fake.messages.find(
    (x) => x.template === 'reserva_confirmada' && x.quickReplies.some((p) => p.endsWith(bookingUuid)),
  );
  expect(m, `confirmação de ${bookingUuid}`).toBeDefined();
  return m!;
};
const statusOf = async (bookingUuid: string) =>
  (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.uuid, bookingUuid)))[0]!
    .status;
const texts = (to: string) =>
  fake.messages.filter((m) => m.to === to && m.type === 'text').map((m) => m.text!);

beforeAll(async () => {
  fake = await startFakeWhatsApp({ clock: () => t.clock.now });
  t = await createTestContext(whatsappEnv(fake.url));
  const partner = await signedInAs(t, 'partner');
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Zap');
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Zap');
  day = addDays(zonedDate(t.clock.now, 'America/Sao_Paulo'), 3);
  // The partner hears of new bookings on WhatsApp too (its notice falls back to mail).
  await t.db
    .insert(partnerProfiles)
    .values({ userId: partner.user.id, phone: '11977770000' })
    .onConflictDoUpdate({ target: partnerProfiles.userId, set: { phone: '11977770000' } });
  await optIn(partner);
  ana = await signedInAs(t, 'customer');
  await optIn(ana);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('GET /api/whatsapp/webhook (Meta verifies the address)', () => {
  it('answers hub.challenge as text when the mode is subscribe and the verify token matches; else 403', async () => {
    const ask = (query: string) => request(t.app, { method: 'GET', url: `/api/whatsapp/webhook?${query}` });
    const ok = await ask(
      `hub.mode=subscribe&hub.verify_token=${FAKE_WA_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${FAKE_WA_VERIFY_TOKEN}&hub.challenge=1`,
      'hub.challenge=1',
    ]) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('POST /api/whatsapp/webhook', () => {
  let booking: { uuid: string };
  let cancelTap: string;

  it('refuses a body without a valid signature with 401, applying nothing', async () => {
    const card = await saveCard(t, ana.user, ana.token);
    booking = await bookByCard(t, ana.token, room.uuid, card.uuid, [at(9), at(10)]);
    const confirmation = confirmationOf(booking.uuid);
    expect(confirmation).toMatchObject({ to: ANA, language: 'pt_BR' });
    cancelTap = fake.webhooks.buttonBody(
      ANA,
      confirmation.quickReplies[0]!,
      'Cancelar reserva',
      confirmation.wamid,
    );
    for (const headers of [
      {},
      { 'x-hub-signature-256': 'sha256=' },
      signWhatsAppWebhook(cancelTap, 'outro-segredo'),
      signWhatsAppWebhook(`${cancelTap} `, FAKE_WA_APP_SECRET), // signed other bytes
      {
        'x-hub-signature-256': signWhatsAppWebhook(cancelTap, FAKE_WA_APP_SECRET)[
          'x-hub-signature-256'
        ].slice(7),
      },
    ]) {
      const res = await deliver(cancelTap, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBe('Assinatura do webhook inválida.');
    }
    expect(await statusOf(booking.uuid)).toBe('confirmed');
    expect(await t.db.select().from(whatsappInbound)).toEqual([]);
  });

  it("cancels on the customer's tap under the web's rules — a card booking 3 days ahead refunded whole — and says so in the chat, once", async () => {
    await later();
    const res = await deliver(cancelTap);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
    expect(await statusOf(booking.uuid)).toBe('canceled');
    const hours = await t.db
      .select({
        status: appointments.status,
        refund: appointments.refundCents,
        price: appointments.priceCents,
      })
      .from(appointments)
      .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
      .where(eq(bookings.uuid, booking.uuid));
    expect(hours.map((h) => [h.status, h.refund])).toEqual([
      ['canceled', 6000],
      ['canceled', 6000],
    ]);
    const refunded = await t.db
      .select({ amount: refunds.amountCents })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(bookings.uuid, booking.uuid));
    expect(refunded.reduce((sum, r) => sum + r.amount, 0)).toBe(12000);
    expect(texts(ANA)).toEqual([
      `Reserva cancelada em Sala Zap, Clínica Zap: 2 horários. Reembolso de ${formatBrl(12000)}, pelo mesmo meio do pagamento. Detalhes: ${t.config.publicUrl}/especialista/agendamentos/${booking.uuid}`,
    ]);

    // Meta delivers the same webhook again: read, answered 200, nothing done twice.
    await later();
    expect((await deliver(cancelTap)).statusCode).toBe(200);
    expect(texts(ANA)).toHaveLength(1);
    expect(await t.db.select().from(whatsappInbound)).toHaveLength(1);

    // Tapped again as a new message: the booking is already gone, and the chat says why.
    await later();
    const again = fake.webhooks.buttonBody(
      ANA,
      confirmationOf(booking.uuid).quickReplies[0]!,
      'Cancelar reserva',
    );
    expect((await deliver(again)).statusCode).toBe(200);
    await later();
    expect(texts(ANA)[1]).toMatch(
      /^Não foi possível cancelar sua reserva em Sala Zap, Clínica Zap: Esta reserva não pode mais ser cancelada\./,
    );
  });

  it('answers "Ver detalhes" with the booking\'s link, and does nothing for a tap from another number', async () => {
    const card = await saveCard(t, ana.user, ana.token);
    const kept = await bookByCard(t, ana.token, room.uuid, card.uuid, [at(14)]);
    await later();
    const [cancel, details] = confirmationOf(kept.uuid).quickReplies;
    await deliver(fake.webhooks.buttonBody(ANA, details!, 'Ver detalhes'));
    await later();
    expect(texts(ANA).at(-1)).toBe(
      `Sua reserva: ${t.config.publicUrl}/especialista/agendamentos/${kept.uuid}`,
    );

    // Bia consented for her own number; Ana's booking is not hers. A stranger has not consented.
    const bia = await signedInAs(t, 'customer');
    await t.db
      .update(users)
      .set({ whatsappPhone: BIA, whatsappOptedInAt: t.clock.now })
      .where(eq(users.id, bia.user.id));
    const before = fake.messages.length;
    for (const from of [BIA, '5511900001111'])
      expect((await deliver(fake.webhooks.buttonBody(from, cancel!, 'Cancelar reserva'))).statusCode).toBe(
        200,
      );
    await later();
    expect(await statusOf(kept.uuid)).toBe('confirmed');
    expect(fake.messages.length).toBe(before);
    // Anything else well signed is read and let be.
    for (const body of [
      '{"object":"whatsapp_business_account"}',
      'não é JSON',
      fake.webhooks.textBody(ANA, 'Oi!'),
    ])
      expect((await deliver(body)).statusCode).toBe(200);
    expect(await statusOf(kept.uuid)).toBe('confirmed');
  });

  it('keeps delivery statuses, and mails a failed message instead', async () => {
    const notice = fake.messages.find((m) => m.to === PARTNER && m.template === 'parceiro_nova_reserva');
    expect(notice, 'aviso de nova reserva ao parceiro').toBeDefined();
    const row = () =>
      t.db
        .select({ status: mailOutbox.deliveryStatus })
        .from(mailOutbox)
        .where(eq(mailOutbox.providerMessageId, notice!.wamid))
        .then((r) => r[0]!.status);
    expect((await deliver(fake.webhooks.statusBody(notice!.wamid, 'delivered'))).statusCode).toBe(200);
    expect(await row()).toBe('delivered');
    const mailsBefore = t.mail.length;
    expect((await deliver(fake.webhooks.statusBody(notice!.wamid, 'failed'))).statusCode).toBe(200);
    expect(await row()).toBe('failed');
    expect(t.mail.slice(mailsBefore).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Nova reserva: Sala Zap/),
    ]);
  });

  it('ends the notices on "PARAR" (or "Sair", accents and case aside) from a consenting number, and says so', async () => {
    await later();
    expect((await deliver(fake.webhooks.textBody(ANA, ' Parár. '))).statusCode).toBe(200);
    const [row] = await t.db
      .select({ phone: users.whatsappPhone, at: users.whatsappOptedInAt })
      .from(users)
      .where(eq(users.id, ana.user.id));
    expect(row).toEqual({ phone: null, at: null });
    await later();
    expect(texts(ANA).at(-1)).toMatch(/^Pronto: você não recebe mais avisos do Salas pelo WhatsApp/);
    // No longer a consenting number: a second PARAR gets no answer.
    const count = texts(ANA).length;
    await deliver(fake.webhooks.textBody(ANA, 'SAIR'));
    await later();
    expect(texts(ANA)).toHaveLength(count);
  });
});
