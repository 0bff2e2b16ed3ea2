/**
 * The demo's specialists and their bookings: the two demo specialists of DESIGN §3 with a history
 * written by hand around what the browser journeys expect (e2e/*.spec.ts), fifty generated
 * colleagues, and the random marketplace of demo-history.ts around them.
 *
 * What the journeys rely on, kept here on purpose:
 * - the partner agenda of parceiro@ (today + 6 days) opens on Mariana's next confirmed hour
 *   (agenda.spec, mobile.bookings.spec): nobody else books its rooms from now until that hour ends;
 *   the demo specialists have nothing today;
 * - Mariana never books Sala de Grupo, Lucas never Sala Corcovado, and each has two hours ahead
 *   (booking.spec counts their new rows on the first page of their lists);
 * - the hours the journeys pick stay free: Sala de Grupo on Mondays 09:00–11:00, and for the next
 *   two weeks Sala Corcovado 08, 10, 14, 15, 17, 18 h, Sala Pão de Açúcar 16 h, Consultório 501
 *   11 h, Sala Ipê 08 and 19 h; and the nights of Consultório 501 ahead (signup-in-booking.spec
 *   repeats its first free hour, 00:00, the week after);
 * - Lucas has an hour ahead in Sala Pão de Açúcar (admin.spec, suspending Rodrigo Nunes);
 * - Mariana has three hours of the last weeks still to review (the reviews' journeys).
 */
import { brazilianMobile } from '#common/domain/phone';
import { addDays, weekdayOf, zonedDate, zonedInstant } from '#common/time/zone';
import type { Tx } from '../client.ts';
import * as t from '../schema.ts';
import { type DemoSpecialist, demoSpecialists } from './demo-content.ts';
import {
  type BookingRows,
  HistoryBuilder,
  type HistoryCustomer,
  type HistoryRoom,
  type Outcome,
} from './demo-history.ts';
import { fillMarketplace } from './demo-market.ts';
import { cityOf, generateSpecialists } from './demo-people.ts';
import { seededRandom } from './random.ts';

const ZONE = 'America/Sao_Paulo';
const DAY = 86_400_000;
const SEED = 2026;

/** Hours the browser journeys book in the next days, by room. */
const journeyHours: Record<string, number[]> = {
  'Sala Corcovado': [8, 10, 14, 15, 17, 18],
  'Sala Pão de Açúcar': [16],
  'Consultório 501': [11],
  'Sala Ipê': [8, 19],
};
const JOURNEY_DAYS = 16;

/** The n-th weekday (Mon–Fri) counting from `from` in `step` direction, as yyyy-MM-dd. */
function businessDay(from: string, step: 1 | -1, n: number): string {
  let date = from;
  let found = 0;
  while (found < n) {
    date = addDays(date, step);
    const wd = weekdayOf(date);
    if (wd >= 1 && wd <= 5) found += 1;
  }
  return date;
}

interface Input {
  now: Date;
  operatorId: number;
  passwordHash: string;
  rooms: HistoryRoom[];
  partnerIds: Map<string, number>;
}

/** Inserts every specialist with profile, address and card; answers the bookings to insert. */
export async function seedPeopleAndHistory(tx: Tx, input: Input): Promise<BookingRows[]> {
  const { now, rooms } = input;
  const random = seededRandom(SEED);
  const today = zonedDate(now, ZONE);
  const todayStart = zonedInstant(today, '00:00', ZONE);
  const firstBusinessDay = businessDay(today, 1, 1);
  const helena = input.partnerIds.get('parceiro@salas.test');
  const marianaFirst = zonedInstant(firstBusinessDay, '07:00', ZONE);
  for (const room of rooms) {
    room.popularity = 0.85 + 0.3 * random.next();
    if (room.partnerId === helena) room.othersFrom = new Date(marianaFirst.getTime() + 3_600_000);
    const hours = journeyHours[room.name];
    const groupRoom = room.name === 'Sala de Grupo';
    const allNight = room.name === 'Consultório 501';
    if (hours || groupRoom || allNight)
      room.keepFree = (date, hour) =>
        (!!hours && date <= addDays(today, JOURNEY_DAYS) && hours.includes(hour)) ||
        (groupRoom && weekdayOf(date) === 1 && (hour === 9 || hour === 10)) ||
        (allNight && hour < 6);
  }

  const generated = generateSpecialists(random);
  const demo: (DemoSpecialist & { joinedDaysAgo: number })[] = demoSpecialists.map((s, i) => ({
    ...s,
    joinedDaysAgo: 430 - i * 80,
  }));
  const everyone = [...demo, ...generated];
  const since = (days: number) => new Date(now.getTime() - days * DAY - random.int(0, 600) * 60_000);
  const joined = everyone.map((s) => since(s.joinedDaysAgo));
  const users = await tx
    .insert(t.users)
    .values(
      everyone.map((s, i) => ({
        name: s.name,
        email: s.email,
        role: 'customer' as const,
        passwordHash: input.passwordHash,
        emailVerifiedAt: joined[i]!,
        // The demo specialist chose WhatsApp notices on her profile's mobile (DESIGN §10).
        ...('whatsappDaysAgo' in s && s.whatsappDaysAgo !== undefined
          ? {
              whatsappPhone: brazilianMobile(s.phone)!,
              whatsappOptedInAt: new Date(now.getTime() - s.whatsappDaysAgo * DAY),
            }
          : {}),
        createdAt: joined[i]!,
        updatedAt: joined[i]!,
      })),
    )
    .returning({ id: t.users.id, email: t.users.email });
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  const ids = everyone.map((s) => idOf.get(s.email)!);
  const addresses = await tx
    .insert(t.addresses)
    .values(
      everyone.map((s, i) => ({
        ownerId: ids[i]!,
        ...s.address,
        createdAt: joined[i]!,
        updatedAt: joined[i]!,
      })),
    )
    .returning({ id: t.addresses.id, ownerId: t.addresses.ownerId });
  const addressOf = new Map(addresses.map((a) => [a.ownerId, a.id]));
  const councils = new Map((await tx.select().from(t.councils)).map((c) => [c.acronym, c.id] as const));
  await tx.insert(t.specialistProfiles).values(
    everyone.map((s, i) => ({
      userId: ids[i]!,
      cpf: s.cpf,
      birthDate: s.birthDate,
      phone: s.phone,
      profession: s.profession,
      councilId: councils.get(s.council)!,
      councilNumber: s.councilNumber,
      councilState: s.councilState,
      addressId: addressOf.get(ids[i]!),
      createdAt: joined[i]!,
      updatedAt: joined[i]!,
    })),
  );
  const brands = ['visa', 'mastercard', 'elo'] as const;
  const cards = await tx
    .insert(t.cards)
    .values(
      everyone.map((s, i) => {
        const isDemo = i < demo.length;
        return {
          userId: ids[i]!,
          providerToken: `tok_sandbox_ok_demo${i}`,
          brand: isDemo ? 'visa' : random.pick(brands),
          last4: isDemo ? '4242' : String(random.int(1000, 9999)),
          expMonth: random.int(1, 12),
          expYear: isDemo ? 2030 : random.int(2027, 2032),
          holderName: s.name.toUpperCase(),
          isDefault: true,
          createdAt: joined[i]!,
        };
      }),
    )
    .returning({ id: t.cards.id, userId: t.cards.userId });
  const cardOf = new Map(cards.map((c) => [c.userId, c.id]));

  const customers: HistoryCustomer[] = everyone.map((s, i) => {
    const g = i >= demo.length ? generated[i - demo.length]! : undefined;
    return {
      id: ids[i]!,
      cardId: cardOf.get(ids[i]!)!,
      city: g ? cityOf(g.city) : s.address.city,
      roomKinds: g?.roomKinds ?? { diva: 5, consultorio: 3, maca: 6 },
      activity: g?.activity ?? 1.4,
      since: joined[i]!,
      ...(g ? {} : { rooms: s.rooms, until: todayStart, maxHours: 34, demoAccount: true }),
    };
  });

  const builder = new HistoryBuilder(random, now, input.operatorId);
  writeDemoAccounts(builder, rooms, customers, today);
  fillMarketplace(builder, rooms, customers);
  return builder.bookings;
}

/** The demo specialists' own story: hours ahead, a cancellation each, a missed hour. */
function writeDemoAccounts(
  builder: HistoryBuilder,
  rooms: HistoryRoom[],
  customers: HistoryCustomer[],
  today: string,
) {
  const now = builder.now;
  const room = (name: string) => rooms.find((r) => r.name === name)!;
  const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
  const hoursBefore = (d: Date, h: number) => new Date(d.getTime() - h * 3_600_000);
  const [mariana, lucas] = customers as [HistoryCustomer, HistoryCustomer];
  const held: Outcome[] = [{ kind: 'held' }];

  // Mariana Costa: her next hour opens the partner's agenda; another one next week, paid by Pix.
  const next = at(businessDay(today, 1, 1), '07:00');
  builder.book({
    room: room('Consultório Jardim'),
    customer: mariana,
    starts: [next],
    createdAt: hoursBefore(now, 5 * 24),
    method: 'card',
    outcomes: held,
  });
  const later = at(businessDay(today, 1, 6), '15:00');
  builder.book({
    room: room('Sala Ipê'),
    customer: mariana,
    starts: [later],
    createdAt: hoursBefore(now, 2 * 24),
    method: 'pix',
    outcomes: held,
  });
  // She canceled an evening three days ahead: refunded in full.
  const canceled = at(businessDay(today, -1, 8), '18:00');
  builder.book({
    room: room('Consultório Jardim'),
    customer: mariana,
    starts: [canceled],
    createdAt: hoursBefore(canceled, 12 * 24),
    method: 'card',
    outcomes: [{ kind: 'canceled', by: 'customer', at: hoursBefore(canceled, 72) }],
  });

  // Her last weeks: three finished hours she has not reviewed yet (demo-reviews.ts leaves them).
  const finished: [number, string, string][] = [
    [3, '09:00', 'Consultório Jardim'],
    [8, '14:00', 'Sala Ipê'],
    [13, '10:00', 'Consultório Jardim'],
  ];
  for (const [days, time, name] of finished) {
    const starts = at(businessDay(today, -1, days), time);
    builder.book({
      room: room(name),
      customer: mariana,
      starts: [starts],
      createdAt: hoursBefore(starts, 7 * 24),
      method: 'card',
      outcomes: held,
    });
  }

  // Lucas Ferreira: two hours ahead (one in Rodrigo's Botafogo clinic), one the partner canceled.
  const movimento = at(businessDay(today, 1, 2), '10:00');
  builder.book({
    room: room('Sala Movimento'),
    customer: lucas,
    starts: [movimento],
    createdAt: hoursBefore(now, 4 * 24),
    method: 'card',
    outcomes: held,
  });
  const botafogo = at(businessDay(today, 1, 4), '15:00');
  builder.book({
    room: room('Sala Pão de Açúcar'),
    customer: lucas,
    starts: [botafogo],
    createdAt: hoursBefore(now, 26),
    method: 'card',
    outcomes: held,
  });
  const partnerCanceled = at(businessDay(today, -1, 5), '09:00');
  builder.book({
    room: room('Sala Pão de Açúcar'),
    customer: lucas,
    starts: [partnerCanceled],
    createdAt: hoursBefore(partnerCanceled, 6 * 24),
    method: 'card',
    outcomes: [{ kind: 'canceled', by: 'partner', at: hoursBefore(partnerCanceled, 20) }],
  });
  const missed = at(businessDay(today, -1, 12), '08:00');
  builder.book({
    room: room('Sala Movimento'),
    customer: lucas,
    starts: [missed],
    createdAt: hoursBefore(missed, 9 * 24),
    method: 'pix',
    outcomes: [{ kind: 'no_show' }],
  });
}
