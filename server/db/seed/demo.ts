/**
 * Demo content of DESIGN §3, seeded into an empty database when DEMO_DATA is on: the five demo
 * accounts (password Salas@2026), two partners with clinics in three cities, rooms with hours,
 * facilities and photos, plans, bank data, and specialists with past and future bookings.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isValidCnpj } from '#common/br/documents';
import { hourPriceCents, pricePerMinuteFromHourly } from '#common/money';
import { addDays, weekdayOf, zonedDate, zonedInstant } from '#common/time/zone';
import type { Storage } from '../../adapters/storage.ts';
import { loadSharp, storeImage } from '../../features/photos/image.ts';
import { hashPassword } from '../../lib/password.ts';
import { type Db, queryRows, type Tx } from '../client.ts';
import * as t from '../schema.ts';
import {
  DEMO_PASSWORD,
  type DemoClinic,
  demoFacilities,
  demoPartners,
  demoPlans,
  demoSpecialists,
} from './demo-content.ts';
import { clinicSvg, roomSvg } from './demo-images.ts';

const ZONE = 'America/Sao_Paulo';

/** Completes a 12-digit CNPJ base with its check digits. */
function cnpj(base: string): string {
  for (let i = 0; i < 100; i++) {
    const candidate = base + String(i).padStart(2, '0');
    if (isValidCnpj(candidate)) return candidate;
  }
  throw new Error(`base de CNPJ sem dígitos válidos: ${base}`);
}

async function isEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ used: boolean }>(
    db,
    sql`select exists(select 1 from users where role <> 'owner') or exists(select 1 from clinics) as used`,
  );
  return !rows[0]?.used;
}

async function photo(storage: Storage, svg: string) {
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storeImage(storage, png, `photos/${randomUUID()}`);
}

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

export async function seedDemoDataIfEmpty(db: Db, storage: Storage, now = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Images first (outside the transaction): the rows below point at them.
  const clinicImages = new Map<string, Awaited<ReturnType<typeof photo>>>();
  const roomImages = new Map<string, Awaited<ReturnType<typeof photo>>[]>();
  for (const partner of demoPartners) {
    for (const clinic of partner.clinics) {
      clinicImages.set(clinic.name, await photo(storage, clinicSvg(clinic.palette, clinic.name)));
      for (const room of clinic.rooms) {
        const alt = { ...clinic.palette, wall: clinic.palette.floor, floor: clinic.palette.wall };
        roomImages.set(room.name, [
          await photo(storage, roomSvg(room.kind, clinic.palette, room.name)),
          await photo(storage, roomSvg(room.kind, alt, `${room.name} · ${clinic.address.neighborhood}`)),
        ]);
      }
    }
  }

  await db.transaction(async (tx) => {
    const user = async (name: string, email: string, role: t.Role) => {
      const rows = await tx
        .insert(t.users)
        .values({ name, email, role, passwordHash, emailVerifiedAt: now })
        .onConflictDoNothing()
        .returning({ id: t.users.id });
      if (rows[0]) return rows[0].id;
      const existing = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
      return existing[0]!.id;
    };
    await user('Equipe Salas', 'admin@salas.test', 'owner');

    const plans = new Map<string, number>();
    for (const p of demoPlans) {
      const [row] = await tx.insert(t.plans).values(p).returning({ id: t.plans.id });
      plans.set(p.name, row!.id);
    }
    const facilities = new Map<string, number>();
    for (const name of demoFacilities) {
      const [row] = await tx.insert(t.facilities).values({ name }).returning({ id: t.facilities.id });
      facilities.set(name, row!.id);
    }

    const rooms = new Map<string, { id: number; priceCents: number }>();
    for (const partner of demoPartners) {
      const partnerId = await user(partner.name, partner.email, 'partner');
      const document = cnpj(partner.cnpjBase);
      const [companyAddress] = await tx
        .insert(t.addresses)
        .values({ ownerId: partnerId, ...partner.clinics[0]!.address })
        .returning({ id: t.addresses.id });
      await tx.insert(t.partnerProfiles).values({
        addressId: companyAddress!.id,
        userId: partnerId,
        legalName: partner.legalName,
        documentType: 'cnpj',
        document,
        contactEmail: partner.email,
        phone: partner.phone,
        planId: plans.get(partner.plan),
      });
      await tx.insert(t.partnerBankAccounts).values({
        userId: partnerId,
        ...partner.bank,
        accountType: 'checking',
        holderName: partner.legalName,
        holderDocument: document,
      });
      await tx.insert(t.partnerPixKeys).values({ userId: partnerId, keyType: 'cnpj', key: document });
      for (const clinic of partner.clinics) {
        await seedClinic(tx, partnerId, clinic, facilities, rooms, clinicImages, roomImages);
      }
    }

    const [council] = await tx.select().from(t.councils).limit(1);
    const councils = new Map((await tx.select().from(t.councils)).map((c) => [c.acronym, c.id] as const));
    const today = zonedDate(now, ZONE);
    for (const [index, s] of demoSpecialists.entries()) {
      const userId = await user(s.name, s.email, 'customer');
      const [address] = await tx
        .insert(t.addresses)
        .values({ ownerId: userId, ...s.address })
        .returning({ id: t.addresses.id });
      await tx.insert(t.specialistProfiles).values({
        userId,
        cpf: s.cpf,
        birthDate: s.birthDate,
        phone: s.phone,
        profession: s.profession,
        councilId: councils.get(s.council) ?? council!.id,
        councilNumber: s.councilNumber,
        councilState: s.councilState,
        addressId: address!.id,
      });
      const [card] = await tx
        .insert(t.cards)
        .values({
          userId,
          providerToken: `tok_sandbox_ok_demo${index}`,
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2030,
          holderName: s.name.toUpperCase(),
          isDefault: true,
        })
        .returning({ id: t.cards.id });

      // Past (completed) and upcoming (confirmed) bookings, each a paid card order.
      // Two months of history, so the dashboards and last month's exports have something to show.
      const plan: { date: string; time: string; status: 'completed' | 'confirmed' }[] = [
        { date: businessDay(today, -1, 15), time: '10:00', status: 'completed' },
        { date: businessDay(today, -1, 10), time: '14:00', status: 'completed' },
        { date: businessDay(today, -1, 3), time: '09:00', status: 'completed' },
        { date: businessDay(today, 1, 2), time: '10:00', status: 'confirmed' },
        { date: businessDay(today, 1, 6), time: '15:00', status: 'confirmed' },
        ...[44, 40, 36, 32, 28, 24, 20].map((n, i) => ({
          date: businessDay(today, -1, n + index),
          time: ['08:00', '09:00', '11:00', '14:00', '16:00', '18:00', '10:00'][i]!,
          status: 'completed' as const,
        })),
      ];
      for (const [i, slot] of plan.entries()) {
        const room = rooms.get(s.rooms[i % s.rooms.length]!)!;
        const startsAt = zonedInstant(slot.date, slot.time, ZONE);
        const createdAt = new Date(Math.min(startsAt.getTime(), now.getTime()) - 3 * 86_400_000);
        const [booking] = await tx
          .insert(t.bookings)
          .values({
            customerId: userId,
            roomId: room.id,
            status: 'confirmed',
            amountCents: room.priceCents,
            paymentMethod: 'card',
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: t.bookings.id });
        await tx.insert(t.appointments).values({
          bookingId: booking!.id,
          roomId: room.id,
          customerId: userId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          status: slot.status,
          priceCents: room.priceCents,
          createdAt,
          updatedAt: createdAt,
        });
        await tx.insert(t.payments).values({
          bookingId: booking!.id,
          provider: 'sandbox',
          providerRef: `demo_${index}_${i}`,
          method: 'card',
          status: 'paid',
          amountCents: room.priceCents,
          cardId: card!.id,
          paidAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
  });
  return true;
}

async function seedClinic(
  tx: Tx,
  partnerId: number,
  clinic: DemoClinic,
  facilities: Map<string, number>,
  rooms: Map<string, { id: number; priceCents: number }>,
  clinicImages: Map<string, Awaited<ReturnType<typeof photo>>>,
  roomImages: Map<string, Awaited<ReturnType<typeof photo>>[]>,
): Promise<void> {
  const [address] = await tx
    .insert(t.addresses)
    .values({ ownerId: partnerId, ...clinic.address })
    .returning({ id: t.addresses.id });
  const [row] = await tx
    .insert(t.clinics)
    .values({
      partnerId,
      name: clinic.name,
      description: clinic.description,
      email: clinic.email,
      timezone: ZONE,
      addressId: address!.id,
    })
    .returning({ id: t.clinics.id });
  const clinicId = row!.id;
  await tx.insert(t.phoneContacts).values({
    ownerId: partnerId,
    clinicId,
    areaCode: clinic.phone.areaCode,
    number: clinic.phone.number,
    type: 'commercial',
  });
  await tx.insert(t.clinicOpeningHours).values(clinic.hours.map((h) => ({ clinicId, ...h })));
  const cover = clinicImages.get(clinic.name)!;
  await tx
    .insert(t.photos)
    .values({ type: 'clinic', clinicId, ...cover, isCover: true, uploadedBy: partnerId });

  for (const room of clinic.rooms) {
    const pricePerMinute = pricePerMinuteFromHourly(room.hourly);
    const [r] = await tx
      .insert(t.rooms)
      .values({
        clinicId,
        name: room.name,
        description: room.description,
        pricePerMinute,
        fixed: room.fixed ? 1 : 0,
      })
      .returning({ id: t.rooms.id });
    const roomId = r!.id;
    rooms.set(room.name, { id: roomId, priceCents: hourPriceCents(pricePerMinute) });
    await tx
      .insert(t.roomFacilities)
      .values(room.facilities.map((name) => ({ roomId, facilityId: facilities.get(name)! })));
    if (room.hours) await tx.insert(t.roomOperatingHours).values(room.hours.map((h) => ({ roomId, ...h })));
    for (const [position, image] of (roomImages.get(room.name) ?? []).entries()) {
      await tx
        .insert(t.photos)
        .values({ type: 'room', roomId, ...image, isCover: position === 0, position, uploadedBy: partnerId });
    }
  }
}
