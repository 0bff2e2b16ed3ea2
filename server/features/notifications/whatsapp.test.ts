/**
 * WhatsApp's sending side against the fake Cloud API (test/whatsapp-fake.ts), on PGlite and on
 * PostgreSQL: every message kind reaches the people who opted in (and no one else), through the
 * outbox — paced under Meta's pair rate, retried after its throughput error, never sent twice, and
 * mailed instead when WhatsApp refuses it for good or reports it failed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { appointments, bookings, mailOutbox, payments, users, waitlistEntries } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/app.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { type FakeWhatsApp, startFakeWhatsApp, whatsappEnv } from '../../test/whatsapp-fake.ts';
import { sendPixExpiryNotices, sendSoonNotices } from '../bookings/reminder.service.ts';
import { createOutbox } from '../mail/outbox.service.ts';
import { PAIR_GAP_MS, recordDeliveryStatus } from '../mail/whatsapp.outbox.ts';
import type { NotificationEvent } from './events.ts';
import { channelsFor } from './notifications.ts';
import { notify, queueWhatsAppText } from './notify.service.ts';
import { parseQuickReply } from './whatsapp.templates.ts';

const ZONE = 'America/Sao_Paulo';
const SPECIALIST = '5511977770001';
const PARTNER = '5511977770002';
let t: TestContext;
let fake: FakeWhatsApp;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
let bookingId: number;
let bookingUuid: string;
let hourIds: number[];
let roomUuid: string;
let cardUuid: string;

type Row = typeof mailOutbox.$inferSelect;
const whatsappRows = (): Promise<Row[]> =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.channel, 'whatsapp')).orderBy(mailOutbox.id);

const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now.getTime());

/** Sends every due row, moving the clock past the pair rate until none is pending. */
async function drain() {
  for (let i = 0; i < 30; i++) {
    await t.deliverMail();
    const [pending] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
    );
    if (!pending!.n) return;
    t.clock.advance(PAIR_GAP_MS);
  }
  throw new Error('the outbox never emptied');
}

beforeAll(async () => {
  fake = await startFakeWhatsApp({ clock: () => t.clock.now });
  t = await createTestContext(whatsappEnv(fake.url));
  const partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  for (const [id, phone] of [
    [partner.user.id, PARTNER],
    [specialist.user.id, SPECIALIST],
  ] as const)
    await t.db
      .update(users)
      .set({ whatsappPhone: phone, whatsappOptedInAt: t.clock.now })
      .where(eq(users.id, id));
  const clinic = await createClinic(t, partner.user, partner.token);
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Zap');
  roomUuid = room.uuid;
  cardUuid = (await saveCard(t, specialist.user, specialist.token)).uuid;
  const day = addDays(zonedDate(t.clock.now, ZONE), 3);
  const booked = await bookByCard(t, specialist.token, room.uuid, cardUuid, [
    `${day}T10:00:00-03:00`,
    `${day}T11:00:00-03:00`,
  ]);
  bookingUuid = booked.uuid;
  const [b] = await t.db.select().from(bookings).where(eq(bookings.uuid, booked.uuid));
  bookingId = b!.id;
  hourIds = (
    await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId))
      .orderBy(appointments.startsAt)
  ).map((a) => a.id);
  await drain();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('WhatsApp notices', () => {
  it('tells every kind to the specialist and the partner who opted in, with the quick replies', async () => {
    // The booking's confirmation went out when it was made, to both.
    const confirmed = fake.messages.filter((m) => m.template === 'reserva_confirmada');
    expect(confirmed.map((m) => m.to)).toEqual([SPECIALIST]);
    expect(confirmed[0]!.quickReplies.map(parseQuickReply)).toEqual([
      { action: 'cancel', bookingUuid },
      { action: 'details', bookingUuid },
    ]);
    expect(fake.messages.filter((m) => m.template === 'parceiro_nova_reserva').map((m) => m.to)).toEqual([
      PARTNER,
    ]);

    const [entry] = await t.db
      .insert(waitlistEntries)
      .values({
        customerId: specialist.user.id,
        roomId: (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.roomId,
        startsAt: t.clock.now,
        endsAt: new Date(t.clock.now.getTime() + 3_600_000),
        status: 'offered',
        offerBookingId: bookingId,
        offerExpiresAt: new Date(t.clock.now.getTime() + 15 * 60_000),
      })
      .returning();
    const canceled = (actor: 'partner' | 'customer', id: number): NotificationEvent => ({
      kind: 'hours_canceled',
      bookingId,
      appointmentIds: [id],
      actor,
      refundCents: 6000,
      wholeBooking: false,
    });
    const before = fake.messages.length;
    await t.db.transaction((tx) =>
      notify(t.app.services, tx, [
        canceled('partner', hourIds[0]!),
        canceled('customer', hourIds[1]!),
        { kind: 'series_charge_refused', bookingId },
        { kind: 'waitlist_offer', entryId: entry!.id },
        { kind: 'booking_soon', appointmentIds: [hourIds[0]!] },
      ]),
    );
    await t.db.update(bookings).set({ status: 'pending_payment' }).where(eq(bookings.id, bookingId));
    await t.db
      .update(payments)
      .set({ method: 'pix', status: 'pending', pixExpiresAt: new Date(t.clock.now.getTime() + 8 * 60_000) })
      .where(eq(payments.bookingId, bookingId));
    await t.db.transaction((tx) => notify(t.app.services, tx, [{ kind: 'pix_expiring', bookingId }]));
    await drain();
    const sent = fake.messages.slice(before).map((m) => `${m.to} ${m.template}`);
    expect(sent.sort()).toEqual(
      [
        `${SPECIALIST} reserva_cancelada`,
        `${PARTNER} parceiro_reserva_cancelada`,
        `${SPECIALIST} horario_fixo_recusado`,
        `${SPECIALIST} vaga_lista_espera`,
        `${SPECIALIST} reserva_em_breve`,
        `${SPECIALIST} pix_expirando`,
      ].sort(),
    );
    const soon = fake.messages.find((m) => m.template === 'reserva_em_breve')!;
    expect(soon.quickReplies.map(parseQuickReply)).toEqual([
      { action: 'cancel', bookingUuid },
      { action: 'details', bookingUuid },
    ]);
    // Messages to one number went out at least the pair rate apart.
    const times = fake.messages.filter((m) => m.to === SPECIALIST).map((m) => m.at.getTime());
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(PAIR_GAP_MS);
    // Every sent row keeps its wamid.
    const rows = await whatsappRows();
    expect(rows.every((r) => r.status === 'sent' && r.providerMessageId?.startsWith('wamid.'))).toBe(true);
    // Back to a confirmed booking for the tests below.
    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, bookingId));
    await t.db
      .update(payments)
      .set({ method: 'card', status: 'paid' })
      .where(eq(payments.bookingId, bookingId));
  });

  it('tells people who did not opt in, or anyone while WhatsApp is off, only by mail', async () => {
    const other = await signedInAs(t, 'customer');
    expect(channelsFor(t.app.services, { role: 'customer', email: other.user.email })).toEqual(['email']);
    expect(
      channelsFor({ whatsapp: undefined }, { role: 'customer', email: 'x@y.z', whatsapp: SPECIALIST }),
    ).toEqual(['email']);
    const count = async () => (await whatsappRows()).length;
    const before = await count();
    // WhatsApp off: the same event writes its mails and no WhatsApp row.
    const [told] = await t.db.transaction((tx) =>
      notify({ ...t.app.services, whatsapp: undefined }, tx, [{ kind: 'booking_confirmed', bookingId }]),
    );
    expect(told!.written).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    // "Starts soon" exists only on WhatsApp: nothing at all for someone who did not opt in.
    await t.db.update(users).set({ whatsappOptedInAt: null }).where(eq(users.id, specialist.user.id));
    const [soon] = await t.db.transaction((tx) =>
      notify(t.app.services, tx, [{ kind: 'booking_soon', appointmentIds: [hourIds[0]!] }]),
    );
    expect(soon!.written).toBe(0);
    await t.db.update(users).set({ whatsappOptedInAt: t.clock.now }).where(eq(users.id, specialist.user.id));
    await drain();
  });

  it('retries a throughput error (130429) later and keeps the pair rate per number', async () => {
    t.clock.advance(PAIR_GAP_MS);
    const before = fake.messages.length;
    fake.failNext({ code: 130429 });
    await t.db.transaction(async (tx) => {
      await queueWhatsAppText(t.app.services, tx, { phone: PARTNER, text: 'Primeira' });
      await queueWhatsAppText(t.app.services, tx, { phone: PARTNER, text: 'Segunda' });
    });
    fake.wroteAt(PARTNER);
    await t.deliverMail();
    expect(fake.messages.length).toBe(before);
    const [first, second] = (await whatsappRows()).slice(-2);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.lastError).toContain('130429');
    // The round held the second back too, without counting an attempt.
    expect(second).toMatchObject({ status: 'pending', attempts: 0 });
    t.clock.advance(15_000);
    await t.deliverMail();
    // One message to the number now; the other waits its turn, 6 s later.
    expect(fake.messages.slice(before).map((m) => m.text)).toHaveLength(1);
    t.clock.advance(PAIR_GAP_MS);
    await t.deliverMail();
    expect(
      fake.messages
        .slice(before)
        .map((m) => m.text)
        .sort(),
    ).toEqual(['Primeira', 'Segunda']);
  });

  it('mails a message told only on WhatsApp when WhatsApp refuses it or reports it failed, once', async () => {
    t.clock.advance(PAIR_GAP_MS);
    const mailsTo = () =>
      t.mail.filter((m) => m.to === specialist.user.email && /começa em breve/.test(m.subject));
    fake.failNext({ code: 131026 });
    await t.db.transaction((tx) =>
      notify(t.app.services, tx, [{ kind: 'booking_soon', appointmentIds: [hourIds[0]!] }]),
    );
    await t.deliverMail();
    const failed = (await whatsappRows()).at(-1)!;
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.lastError).toContain('131026');
    await t.deliverMail();
    expect(mailsTo()).toHaveLength(1);

    // Sent, then reported failed by a status webhook (twice): one mail more.
    t.clock.advance(PAIR_GAP_MS);
    await t.db.transaction((tx) =>
      notify(t.app.services, tx, [{ kind: 'booking_soon', appointmentIds: [hourIds[0]!] }]),
    );
    await t.deliverMail();
    const sent = (await whatsappRows()).at(-1)!;
    expect(sent.status).toBe('sent');
    await recordDeliveryStatus(t.db, sent.providerMessageId!, 'delivered', t.clock.now);
    await recordDeliveryStatus(t.db, sent.providerMessageId!, 'sent', t.clock.now);
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(kept!.deliveryStatus).toBe('delivered');
    await recordDeliveryStatus(t.db, sent.providerMessageId!, 'failed', t.clock.now);
    await recordDeliveryStatus(t.db, sent.providerMessageId!, 'failed', t.clock.now);
    await t.deliverMail();
    expect(mailsTo()).toHaveLength(2);
  });

  it('never sends a row twice when two outbox rounds run at once', async () => {
    t.clock.advance(PAIR_GAP_MS);
    const phones = Array.from({ length: 12 }, (_, i) => `55119666600${String(i).padStart(2, '0')}`);
    for (const phone of phones) fake.wroteAt(phone);
    await t.db.transaction(async (tx) => {
      for (const phone of phones)
        await queueWhatsAppText(t.app.services, tx, { phone, text: `Olá ${phone}` });
    });
    const before = fake.messages.length;
    const other = createOutbox(() => t.app.services, { send: async () => undefined }, { background: false });
    await Promise.all([t.deliverMail(), other.deliver()]);
    const got = fake.messages.slice(before).map((m) => m.to);
    expect(got.sort()).toEqual(phones);
  });

  it('reminds "starts soon" WHATSAPP_REMINDER_HOURS before, never for a booking made inside them, and the Pix 10 minutes before', async () => {
    const day = addDays(zonedDate(t.clock.now, ZONE), 3);
    const late = await bookByCard(t, specialist.token, roomUuid, cardUuid, [`${day}T15:00:00-03:00`]);
    const starts = new Date(`${day}T10:00:00-03:00`);
    // The late booking was made 2 hours before its hour, inside the 24 hours.
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(new Date(`${day}T15:00:00-03:00`).getTime() - 2 * 3_600_000) })
      .where(eq(bookings.uuid, late.uuid));
    moveTo(new Date(starts.getTime() - 20 * 3_600_000));
    // Two runs (as two processes would): each hour claimed once, the booking's two hours in one event.
    expect((await sendSoonNotices(t.app.services)) + (await sendSoonNotices(t.app.services))).toBe(2);
    moveTo(new Date(`${day}T13:30:00-03:00`));
    expect(await sendSoonNotices(t.app.services)).toBe(0);
    const events = await queryRows<{ payload: { appointmentIds: number[] } }>(
      t.db,
      sql`select payload from notification_events where kind = 'booking_soon' order by id desc limit 1`,
    );
    expect(events[0]!.payload.appointmentIds).toEqual(hourIds);

    // A pending Pix whose 15-minute hold ends in 8 minutes: told once.
    await t.db.update(bookings).set({ status: 'pending_payment' }).where(eq(bookings.id, bookingId));
    await t.db
      .update(payments)
      .set({
        method: 'pix',
        status: 'pending',
        createdAt: new Date(t.clock.now.getTime() - 7 * 60_000),
        pixExpiresAt: new Date(t.clock.now.getTime() + 8 * 60_000),
        pixExpiryNoticeAt: null,
      })
      .where(eq(payments.bookingId, bookingId));
    expect(await sendPixExpiryNotices(t.app.services)).toBe(1);
    expect(await sendPixExpiryNotices(t.app.services)).toBe(0);
    const [claimed] = await t.db
      .select({ at: payments.pixExpiryNoticeAt })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId)));
    expect(claimed!.at).not.toBeNull();
  });
});
