/**
 * The invitation to review (DESIGN §10 "Reviews"), on PGlite and — with TEST_DATABASE_URL — on
 * PostgreSQL, where two processes run the job at the same moment: a confirmed booking whose last
 * hour ended within 30 days is invited once, by mail with the link to its form; canceled, outside,
 * reviewed, unfinished and older bookings are not.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDate } from '#common/time/zone';
import { bookings, notificationEvents } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { signedInAs, signIn } from '../../test/fixtures.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { inviteToReview } from './review-invitations.ts';

const ZONE = 'America/Sao_Paulo';
let t: TestContext;
let specialist: Awaited<ReturnType<typeof signedInAs>>;
const booked: Record<string, string> = {};
let today: string;

const at = (days: number, hour: number) =>
  `${addDays(today, days)}T${String(hour).padStart(2, '0')}:00:00-03:00`;
const invited = async () =>
  (await t.db.select({ uuid: bookings.uuid }).from(bookings).where(isNotNull(bookings.reviewInvitedAt))).map(
    (b) => b.uuid,
  );

beforeAll(async () => {
  t = await createTestContext();
  const partner = await signedInAs(t, 'partner');
  specialist = await signedInAs(t, 'customer');
  const card = await saveCard(t, specialist.user, specialist.token);
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Convite');
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  const room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Convite');
  today = zonedDate(t.clock.now, ZONE);
  const book = async (days: number, hours: number[]) =>
    (
      await bookByCard(
        t,
        specialist.token,
        room.uuid,
        card.uuid,
        hours.map((h) => at(days, h)),
      )
    ).uuid;
  booked.old = await book(2, [9]);
  booked.due = await book(40, [9, 10]);
  booked.reviewed = await book(40, [11]);
  booked.canceled = await book(40, [12]);
  booked.later = await book(45, [9]);
  const canceled = await request(t.app, {
    method: 'POST',
    url: `/api/customer/booking/${booked.canceled}/cancel`,
    token: specialist.token,
  });
  expect(canceled.statusCode, canceled.body).toBe(200);
  const outside = await request(t.app, {
    method: 'POST',
    url: `/api/partner/room/${room.uuid}/manual-booking`,
    token: partner.token,
    payload: {
      date_times: [at(40, 13)],
      customer_name: 'Joana Paciente',
      customer_email: 'joana@exemplo.com.br',
    },
  });
  expect(outside.statusCode, outside.body).toBe(201);
  booked.outside = outside.json().data.uuid;
}, 120_000);
afterAll(() => t?.close());

describe('inviteToReview', () => {
  it('invites nobody while the hours have not ended', async () => {
    expect(await inviteToReview(t.app.services)).toBe(0);
    expect(await invited()).toEqual([]);
  });

  it('invites each finished booking once, even with two processes at once — and no other', async () => {
    t.clock.now = new Date(new Date(at(41, 8)).getTime());
    specialist.token = await signIn(t, specialist.user.email);
    const reviewed = await request(t.app, {
      method: 'POST',
      url: `/api/customer/booking/${booked.reviewed}/review`,
      token: specialist.token,
      payload: { rating: 5 },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    t.mail.length = 0;

    const runs = await Promise.all([inviteToReview(t.app.services), inviteToReview(t.app.services)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await invited()).toEqual([booked.due]);
    const events = await t.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'review_invitation'));
    expect(events).toHaveLength(1);
    await t.deliverMail();
    const mails = t.mail.filter((m) => m.to === specialist.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Avalie sua reserva: Sala Convite, /);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/especialista/avaliacoes/${booked.due}`);

    expect(await inviteToReview(t.app.services)).toBe(0);
  });

  it('invites a booking when its last hour ends', async () => {
    t.clock.now = new Date(new Date(at(45, 10)).getTime() - 60_000);
    expect(await inviteToReview(t.app.services)).toBe(0);
    t.clock.advance(60_000);
    expect(await inviteToReview(t.app.services)).toBe(1);
    expect((await invited()).sort()).toEqual([booked.due, booked.later].sort());
  });
});
