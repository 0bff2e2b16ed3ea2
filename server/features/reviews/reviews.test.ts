/**
 * Reviews end to end (DESIGN §10 "Reviews"), on PGlite and — with TEST_DATABASE_URL — on
 * PostgreSQL, where the same booking's review sent several times at once is written once: the
 * window after the last hour, once per booking, the room's numbers, the partner's one reply, the
 * operator's hide (with its audit row), the lists and their order, and an erased author.
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedReview, PendingReview, PublicReview } from '#common/contracts/reviews';
import { addDays, zonedDate } from '#common/time/zone';
import { queryRows } from '../../db/client.ts';
import { auditLog, rooms } from '../../db/schema.ts';
import { createTestContext, request, type TestContext } from '../../test/app.ts';
import { PASSWORD, signedInAs, signIn } from '../../test/fixtures.ts';
import { schemaOrgProblems } from '../../test/schema-org.ts';
import { bookByCard, createClinic, createRoom, openClinic, saveCard } from '../../test/supply-fixtures.ts';
import { type PublicPageAnswer, publicPage } from '../public-pages/public-page.ts';
import { DELETED_AUTHOR } from './reviews.service.ts';

const ZONE = 'America/Sao_Paulo';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Person = Awaited<ReturnType<typeof signedInAs>> & { card?: string };

let t: TestContext;
let partner: Person;
let otherPartner: Person;
let operator: Person;
let ana: Person;
let bruno: Person;
let room: { uuid: string };
let otherRoom: { uuid: string };
let day: string;
/** Ana's bookings by what each is for, made before the clock moves past them. */
const booked: Record<string, string> = {};

const call = (who: { token: string } | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  request(t.app, { method, url, payload, ...(who ? { token: who.token } : {}) });
const review = (who: { token: string }, booking: string, payload: object = { rating: 5 }) =>
  call(who, 'POST', `/api/customer/booking/${booking}/review`, payload);
const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00-03:00`;
const numbers = async (uuid: string) =>
  (
    await t.db
      .select({ count: rooms.ratingCount, sum: rooms.ratingSum })
      .from(rooms)
      .where(eq(rooms.uuid, uuid))
  )[0]!;
const publicList = async (uuid: string, query = '') => {
  const res = await call(null, 'GET', `/api/rooms/${uuid}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: PublicReview[]; meta: { total: number; last_page: number; per_page: number } };
};
const pending = async (who: { token: string }) =>
  ((await call(who, 'GET', '/api/customer/reviews/pending')).json().data as PendingReview[]).map(
    (p) => p.booking_uuid,
  );

beforeAll(async () => {
  t = await createTestContext();
  partner = await signedInAs(t, 'partner');
  otherPartner = await signedInAs(t, 'partner');
  operator = await signedInAs(t, 'owner');
  ana = await signedInAs(t, 'customer');
  bruno = await signedInAs(t, 'customer');
  await t.db.execute(sql`update users set name = 'Ana Beatriz Souza Lima' where id = ${ana.user.id}`);
  await t.db.execute(sql`update users set name = 'Bruno Tavares' where id = ${bruno.user.id}`);
  for (const p of [ana, bruno]) p.card = (await saveCard(t, p.user, p.token)).uuid;
  const clinic = await createClinic(t, partner.user, partner.token, 'Clínica Avaliada');
  await openClinic(t, partner.user, partner.token, clinic.uuid);
  room = await createRoom(t, partner.user, partner.token, clinic.uuid, 'Sala Jasmim');
  const otherClinic = await createClinic(t, otherPartner.user, otherPartner.token, 'Clínica Vizinha');
  await openClinic(t, otherPartner.user, otherPartner.token, otherClinic.uuid);
  otherRoom = await createRoom(t, otherPartner.user, otherPartner.token, otherClinic.uuid, 'Sala Lírio');

  day = addDays(zonedDate(t.clock.now, ZONE), 2);
  const book = async (who: Person, uuid: string, hours: number[]) =>
    (await bookByCard(t, who.token, uuid, who.card!, hours.map(at))).uuid;
  booked.first = await book(ana, room.uuid, [8, 9]);
  booked.raced = await book(ana, room.uuid, [10]);
  booked.canceled = await book(ana, room.uuid, [11]);
  booked.other = await book(ana, otherRoom.uuid, [12]);
  booked.late = await book(ana, room.uuid, [13]);
  booked.bruno = await book(bruno, room.uuid, [14]);
  booked.erased = await book(bruno, room.uuid, [15]);
  const pix = await call(ana, 'POST', '/api/customer/appointment/bulk', {
    room_uuid: room.uuid,
    date_times: [at(16)],
    payment_method: 'pix',
  });
  expect(pix.statusCode, pix.body).toBe(201);
  booked.unpaid = pix.json().data.uuid;
  const canceled = await call(ana, 'POST', `/api/customer/booking/${booked.canceled}/cancel`);
  expect(canceled.statusCode, canceled.body).toBe(200);
  const outside = await call(partner, 'POST', `/api/partner/room/${room.uuid}/manual-booking`, {
    date_times: [at(17)],
    customer_name: 'Joana Paciente',
  });
  expect(outside.statusCode, outside.body).toBe(201);
  booked.outside = outside.json().data.uuid;
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/customer/booking/{uuid}/review', () => {
  it('waits for the last hour to end', async () => {
    const res = await review(ana, booked.first!);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/ainda não terminou/);
    // One minute before the second hour ends: still not over.
    t.clock.now = new Date(new Date(at(10)).getTime() - 60_000);
    expect((await review(ana, booked.first!)).json().message).toMatch(/ainda não terminou/);
    expect(await pending(ana)).toEqual([]);
    t.clock.now = new Date(new Date(at(18)).getTime() + HOUR);
  });

  it('lists what the specialist may still review, latest first', async () => {
    expect(await pending(ana)).toEqual([booked.late, booked.other, booked.raced, booked.first]);
    expect(await pending(bruno)).toEqual([booked.erased, booked.bruno]);
    const [first] = (await call(ana, 'GET', '/api/customer/reviews/pending')).json().data as PendingReview[];
    expect(first).toMatchObject({
      room: { uuid: room.uuid, name: 'Sala Jasmim' },
      clinic_name: 'Clínica Avaliada',
    });
    expect(new Date(first!.review_until).getTime() - new Date(first!.ended_at).getTime()).toBe(30 * DAY);
  });

  it("is the booking's customer's alone: another's booking answers 404", async () => {
    const res = await review(bruno, booked.first!);
    expect(res.statusCode).toBe(404);
    expect((await review(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await review(partner, booked.first!)).statusCode).toBe(404);
  });

  it('refuses canceled, unpaid and outside bookings (422) and a rating outside 1–5', async () => {
    const canceled = await review(ana, booked.canceled!);
    expect(canceled.statusCode).toBe(422);
    expect(canceled.json().message).toMatch(/canceladas/);
    const unpaid = await review(ana, booked.unpaid!);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toMatch(/confirmada/);
    const outside = await review(partner, booked.outside!);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toMatch(/registradas pela clínica/);
    for (const rating of [0, 6, 4.5, '5']) {
      const res = await review(ana, booked.first!, { rating });
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json().errors.rating).toBeDefined();
    }
    expect(await numbers(room.uuid)).toEqual({ count: 0, sum: 0 });
  });

  it("writes the review and adds it to the room's numbers; a second one is 409", async () => {
    const res = await review(ana, booked.first!, { rating: 4, comment: '  Sala limpa e silenciosa.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      uuid: expect.any(String),
      rating: 4,
      comment: 'Sala limpa e silenciosa.',
      created_at: expect.stringMatching(/-03:00$/),
    });
    expect(await numbers(room.uuid)).toEqual({ count: 1, sum: 4 });
    const again = await review(ana, booked.first!, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(await numbers(room.uuid)).toEqual({ count: 1, sum: 4 });
    expect(await pending(ana)).not.toContain(booked.first);
  });

  it('writes one review when the same booking is reviewed several times at once', async () => {
    t.clock.advance(60_000);
    const answers = await Promise.all(
      [5, 5, 3, 2, 1].map((rating) => review(ana, booked.raced!, { rating })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const won = answers.find((a) => a.statusCode === 201)!.json().data.rating as number;
    expect(await numbers(room.uuid)).toEqual({ count: 2, sum: 4 + won });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from reviews r join bookings b on b.id = r.booking_id where b.uuid = ${booked.raced!}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('closes 30 days after the last hour', async () => {
    const endOf = (hour: number) => new Date(at(hour)).getTime();
    // 30 days and a minute after the 13:00–14:00 hour: closed.
    t.clock.now = new Date(endOf(14) + 30 * DAY + 60_000);
    const late = await review(ana, booked.late!);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('O prazo para avaliar esta reserva terminou');
    expect(await pending(ana)).toEqual([]);
    // Exactly 30 days after the 14:00–15:00 hour: still open.
    t.clock.now = new Date(endOf(15) + 30 * DAY);
    expect(await pending(bruno)).toEqual([booked.erased, booked.bruno]);
    const bruno1 = await review(bruno, booked.bruno!, { rating: 5, comment: 'Ótima!' });
    expect(bruno1.statusCode, bruno1.body).toBe(201);
    t.clock.advance(60_000);
    const erased = await review(bruno, booked.erased!, { rating: 2, comment: 'Ar-condicionado quebrado.' });
    expect(erased.statusCode, erased.body).toBe(201);
    expect((await review(ana, booked.other!)).json().message).toBe(
      'O prazo para avaliar esta reserva terminou',
    ); // A month went by: sessions unused that long have ended (DESIGN §4).
    for (const p of [partner, otherPartner, operator, ana, bruno]) p.token = await signIn(t, p.user.email);
  });
});

describe('GET /api/rooms/{uuid}/reviews', () => {
  it('lists the visible reviews newest first, paged, with the first name only', async () => {
    const list = await publicList(room.uuid);
    expect(list.meta).toMatchObject({ total: 4, per_page: 15, last_page: 1 });
    expect(list.data.map((r) => [r.author_first_name, r.rating])).toEqual([
      ['Bruno', 2],
      ['Bruno', 5],
      ['Ana', expect.any(Number)],
      ['Ana', 4],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/Beatriz|Tavares|@/);
    const second = await publicList(room.uuid, '?page=2&per_page=3');
    expect(second.meta).toMatchObject({ total: 4, per_page: 3, last_page: 2 });
    expect(second.data.map((r) => r.comment)).toEqual(['Sala limpa e silenciosa.']);
    expect((await publicList(otherRoom.uuid)).data).toEqual([]);
    expect(
      (await call(null, 'GET', '/api/rooms/00000000-0000-4000-8000-000000000000/reviews')).statusCode,
    ).toBe(404);
  });
});

describe('partner replies', () => {
  let target: PublicReview;
  it("lists only the partner's own rooms' reviews", async () => {
    const mine = await call(partner, 'GET', '/api/partner/reviews');
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json().data as ManagedReview[];
    expect(data).toHaveLength(4);
    expect(new Set(data.map((r) => r.room.uuid))).toEqual(new Set([room.uuid]));
    expect(data.every((r) => r.hidden === null)).toBe(true);
    const others = await call(otherPartner, 'GET', '/api/partner/reviews');
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json().meta.total).toBe(0);
    target = (await publicList(room.uuid)).data.at(-1)!;
  });

  it('answers 404 to another partner, then replies once (409 again)', async () => {
    const url = `/api/partner/review/${target.uuid}/reply`;
    const other = await call(otherPartner, 'POST', url, { text: 'Obrigado!' });
    expect(other.statusCode).toBe(404);
    expect((await call(partner, 'POST', url, { text: ' ' })).statusCode).toBe(422);
    const res = await call(partner, 'POST', url, { text: 'Obrigada, Ana! Volte sempre.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reply).toEqual({
      text: 'Obrigada, Ana! Volte sempre.',
      created_at: expect.any(String),
    });
    expect((await call(partner, 'POST', url, { text: 'De novo' })).statusCode).toBe(409);
    const shown = (await publicList(room.uuid)).data.find((r) => r.uuid === target.uuid)!;
    expect(shown.reply?.text).toBe('Obrigada, Ana! Volte sempre.');
    const unanswered = await call(partner, 'GET', '/api/partner/reviews?show=unanswered');
    expect(unanswered.json().data.map((r: ManagedReview) => r.uuid)).not.toContain(target.uuid);
    expect(unanswered.json().meta.total).toBe(3);
  });
});

describe('operator hides', () => {
  it("hides a review with a reason: out of the room's list and numbers, into the audit log, once", async () => {
    const [newest] = (await publicList(room.uuid)).data;
    const before = await numbers(room.uuid);
    const url = `/api/fusion/review/${newest!.uuid}/hide`;
    expect((await call(partner, 'POST', url, { reason: 'Ofensiva' })).statusCode).toBe(403);
    const res = await call(operator, 'POST', url, { reason: 'Fala de outra clínica' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hidden).toEqual({ at: expect.any(String), reason: 'Fala de outra clínica' });
    expect(await numbers(room.uuid)).toEqual({ count: before.count - 1, sum: before.sum - newest!.rating });
    expect((await publicList(room.uuid)).data.map((r) => r.uuid)).not.toContain(newest!.uuid);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review.hidden'));
    expect(audit).toMatchObject({
      actorId: operator.user.id,
      targetUserId: bruno.user.id,
      details: { review: newest!.uuid, reason: 'Fala de outra clínica' },
    });
    const twice = await call(operator, 'POST', url, { reason: 'De novo' });
    expect(twice.statusCode).toBe(409);
    expect(await numbers(room.uuid)).toEqual({ count: before.count - 1, sum: before.sum - newest!.rating });

    // The operator still sees it (and why); the partner neither sees it nor may answer it.
    const all = (await call(operator, 'GET', '/api/fusion/reviews')).json();
    expect(all.meta.total).toBe(4);
    const hidden = (await call(operator, 'GET', '/api/fusion/reviews?show=hidden')).json()
      .data as ManagedReview[];
    expect(hidden.map((r) => [r.uuid, r.hidden?.reason])).toEqual([[newest!.uuid, 'Fala de outra clínica']]);
    const partnerList = (await call(partner, 'GET', '/api/partner/reviews')).json().data as ManagedReview[];
    expect(partnerList.map((r) => r.uuid)).not.toContain(newest!.uuid);
    const reply = await call(partner, 'POST', `/api/partner/review/${newest!.uuid}/reply`, {
      text: 'Sentimos muito.',
    });
    expect(reply.statusCode).toBe(422);
    expect(
      (
        await call(operator, 'POST', '/api/fusion/review/00000000-0000-4000-8000-000000000000/hide', {
          reason: 'Nada',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('an erased author', () => {
  it("keeps the review and the room's numbers, with no name", async () => {
    const before = await numbers(room.uuid);
    // What he wrote is in his data export, the hidden one with its reason.
    const zip = await call(bruno, 'GET', '/api/user/export');
    expect(zip.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['dados.json']!));
    expect(data.reviews.map((r: ManagedReview) => [r.rating, r.comment, r.hidden?.reason ?? null])).toEqual([
      [2, 'Ar-condicionado quebrado.', 'Fala de outra clínica'],
      [5, 'Ótima!', null],
    ]);
    const res = await call(bruno, 'POST', '/api/user/delete', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await numbers(room.uuid)).toEqual(before);
    const authors = (await publicList(room.uuid)).data.map((r) => r.author_first_name);
    expect(authors).toEqual([DELETED_AUTHOR, 'Ana', 'Ana']);
  });
});

describe("the room page's JSON-LD", () => {
  const productOf = async (uuid: string) => {
    const page = (await publicPage(t.app.services, `/rooms/${uuid}`, new URLSearchParams())) as Exclude<
      PublicPageAnswer,
      null | { redirect: string }
    >;
    expect(page.status).toBe(200);
    for (const node of page.head.jsonLd) expect(schemaOrgProblems(node)).toEqual([]);
    return page.head.jsonLd.find((node) => node['@type'] === 'Product')!;
  };

  it('rates the room itself with its visible reviews, and says nothing of a room without any', async () => {
    const { count, sum } = await numbers(room.uuid);
    expect(count).toBe(3);
    expect(await productOf(room.uuid)).toMatchObject({
      name: 'Sala Jasmim',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: (Math.round((sum * 10) / count) / 10).toFixed(1),
        ratingCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(await productOf(otherRoom.uuid)).not.toHaveProperty('aggregateRating');
  });
});
