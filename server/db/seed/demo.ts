/**
 * Demo content of DESIGN §3, seeded into an empty database when DEMO_DATA is on: the five demo
 * accounts (password Salas@2026), five partners with clinics in ten cities, rooms with hours,
 * facilities and photos, plans, bank data, fifty specialists, and about three months of bookings
 * behind the start day and five weeks ahead (demo-history.ts), so dashboards, exports, agendas and
 * lists show a living marketplace on first start (docs/decisions/0019-living-demo.md).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isValidCnpj } from '#common/br/documents';
import { hourPriceCents, pricePerMinuteFromHourly } from '#common/money';
import { addDays, zonedDate, zonedInstant } from '#common/time/zone';
import type { Storage } from '../../adapters/storage.ts';
import { developmentTokenKey } from '../../config.ts';
import { refreshSplit } from '../../features/lifecycle/split.ts';
import {
  type PhotoSize,
  photoSizes,
  type StoredImage,
  storeImage,
  variantKey,
} from '../../features/photos/image.ts';
import { hashPassword } from '../../lib/password.ts';
import { type Db, queryRows, type Tx } from '../client.ts';
import * as t from '../schema.ts';
import { seedPeopleAndHistory } from './demo-bookings.ts';
import { insertHistory } from './demo-bulk.ts';
import { DEMO_CONNECTED_PARTNER, seedConnectedPartner } from './demo-connected.ts';
import {
  DEMO_PASSWORD,
  type DemoClinic,
  type DemoPartner,
  demoFacilities,
  demoPartners,
  demoPlans,
} from './demo-content.ts';
import type { HistoryRoom } from './demo-history.ts';
import { clinicSvg, roomSvg } from './demo-images.ts';
import { demoNetwork } from './demo-network.ts';
import { seedPayouts } from './demo-payouts.ts';
import { seedReviews } from './demo-reviews.ts';
import { seededRandom } from './random.ts';

const ZONE = 'America/Sao_Paulo';
const DAY = 86_400_000;

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

/** Runs the jobs with at most `limit` at a time (the photos: libvips uses the machine's cores). */
async function pooled<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

type Images = { clinics: Map<string, StoredImage>; rooms: Map<string, StoredImage[]> };

/**
 * Clinic fronts and room pictures, drawn and stored like uploads. The first partners' rooms get two
 * pictures with their names; the other rooms share one drawing per kind of room, each stored
 * under its own key (a partner deleting one deletes only that one). Fewer drawings: a faster start.
 */
async function drawImages(storage: Storage, partners: DemoPartner[]): Promise<Images> {
  // sharp reads the SVG itself: no PNG in between.
  const draw = (svg: string) => () => storeImage(storage, Buffer.from(svg), `photos/${randomUUID()}`);
  const jobs: { key: string; room: boolean; job: () => Promise<StoredImage> }[] = [];
  const byKind = new Map<string, () => Promise<StoredImage>>();
  const shared: { key: string; kind: string }[] = [];
  for (const partner of partners) {
    const firstPartners = demoPartners.includes(partner);
    for (const clinic of partner.clinics) {
      jobs.push({ key: clinic.name, room: false, job: draw(clinicSvg(clinic.palette, clinic.name)) });
      for (const room of clinic.rooms) {
        if (!firstPartners) {
          if (!byKind.has(room.kind)) byKind.set(room.kind, draw(roomSvg(room.kind, clinic.palette, '')));
          shared.push({ key: room.name, kind: room.kind });
          continue;
        }
        jobs.push({ key: room.name, room: true, job: draw(roomSvg(room.kind, clinic.palette, room.name)) });
        const alt = { ...clinic.palette, wall: clinic.palette.floor, floor: clinic.palette.wall };
        const caption = `${room.name} · ${clinic.address.neighborhood}`;
        jobs.push({ key: room.name, room: true, job: draw(roomSvg(room.kind, alt, caption)) });
      }
    }
  }
  const kinds = [...byKind.keys()];
  const stored = await pooled([...jobs.map((j) => j.job), ...kinds.map((k) => byKind.get(k)!)], 2);
  const images: Images = { clinics: new Map(), rooms: new Map() };
  for (const [i, j] of jobs.entries()) {
    if (!j.room) images.clinics.set(j.key, stored[i]!);
    else images.rooms.set(j.key, [...(images.rooms.get(j.key) ?? []), stored[i]!]);
  }
  const drawn = new Map(kinds.map((k, i) => [k, stored[jobs.length + i]!]));
  const used = new Set<string>();
  for (const { key, kind } of shared) {
    const source = drawn.get(kind)!;
    // The first room of a kind keeps the drawing; the others get copies of its files.
    if (!used.has(kind)) {
      used.add(kind);
      images.rooms.set(key, [source]);
      continue;
    }
    const storageKey = `photos/${randomUUID()}`;
    for (const size of Object.keys(photoSizes) as PhotoSize[]) {
      const bytes = await storage.get(variantKey(source.storageKey, size));
      await storage.put(variantKey(storageKey, size), bytes!);
    }
    images.rooms.set(key, [{ ...source, storageKey }]);
  }
  return images;
}

/** Whole bookable start hours per weekday, as the room page offers them ("23:59" closes at midnight). */
function startHours(hours: { weekday: number; opensAt: string; closesAt: string }[]): Map<number, number[]> {
  const byDay = new Map<number, number[]>();
  for (const h of hours) {
    const [oh, om] = h.opensAt.split(':').map(Number) as [number, number];
    const [ch] = h.closesAt.split(':').map(Number) as [number];
    const from = om > 0 ? oh + 1 : oh;
    const to = h.closesAt === '23:59' ? 24 : ch;
    const list = byDay.get(h.weekday) ?? [];
    for (let hour = from; hour < to; hour++) list.push(hour);
    byDay.set(
      h.weekday,
      list.sort((a, b) => a - b),
    );
  }
  return byDay;
}

export async function seedDemoDataIfEmpty(
  db: Db,
  storage: Storage,
  now: Date,
  /** The instance's TOKEN_ENCRYPTION_KEY (the demo's connected partner's tokens are encrypted with it). */
  options: { tokenKey?: Buffer } = {},
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const partners = [...demoPartners, ...demoNetwork];
  // libvips draws the photos on its own threads while this one fills the database; the photo
  // rows are written last, once the files are stored.
  const drawing = drawImages(storage, partners);
  drawing.catch(() => {});
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = zonedDate(now, ZONE);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  await db.transaction(async (tx) => {
    const user = async (name: string, email: string, role: t.Role, createdAt = now) => {
      const rows = await tx
        .insert(t.users)
        .values({
          name,
          email,
          role,
          passwordHash,
          emailVerifiedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: t.users.id });
      if (rows[0]) return rows[0].id;
      const existing = await queryRows<{ id: number }>(
        tx,
        sql`select id from users where lower(email) = lower(${email})`,
      );
      return Number(existing[0]!.id);
    };
    const operatorId = await user('Equipe Salas', 'admin@salas.test', 'owner');

    const plans = new Map<string, number>();
    for (const row of await tx
      .insert(t.plans)
      .values(demoPlans)
      .returning({ id: t.plans.id, name: t.plans.name }))
      plans.set(row.name, row.id);
    const facilities = new Map<string, number>();
    for (const row of await tx
      .insert(t.facilities)
      .values(demoFacilities.map((name) => ({ name })))
      .returning({ id: t.facilities.id, name: t.facilities.name }))
      facilities.set(row.name, row.id);

    const rooms: HistoryRoom[] = [];
    const partnerIds = new Map<string, number>();
    const photoOwners: PhotoOwner[] = [];
    for (const [index, partner] of partners.entries()) {
      const since = daysAgo(520 - index * 45);
      const partnerId = await user(partner.name, partner.email, 'partner', since);
      partnerIds.set(partner.email, partnerId);
      const document = cnpj(partner.cnpjBase);
      const [companyAddress] = await tx
        .insert(t.addresses)
        .values({ ownerId: partnerId, ...partner.clinics[0]!.address, createdAt: since, updatedAt: since })
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
        createdAt: since,
        updatedAt: since,
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
        const openedOn = clinic.openedDaysAgo ? addDays(today, -clinic.openedDaysAgo) : undefined;
        const createdAt = openedOn ? zonedInstant(openedOn, '09:00', ZONE) : since;
        const seeded = await seedClinic(tx, partnerId, clinic, facilities, createdAt, photoOwners);
        for (const room of seeded) rooms.push({ ...room, partnerId, openedOn });
      }
    }

    const history = await seedPeopleAndHistory(tx, { now, operatorId, passwordHash, rooms, partnerIds });
    await insertHistory(tx, history);
    // Each payment's split, by the lifecycle's own rule (its plan's commission of what was kept).
    await refreshSplit(tx, sql`true`);
    // What the platform already paid each partner, month by month.
    await seedPayouts(tx, now, operatorId, seededRandom(30));
    // Reviews of the finished bookings, and the rooms' numbers from them.
    await seedReviews(tx, now, operatorId, seededRandom(45));
    // One partner connected to the provider (split), the others on payouts.
    const connected = partnerIds.get(DEMO_CONNECTED_PARTNER);
    if (connected) await seedConnectedPartner(tx, connected, now, options.tokenKey ?? developmentTokenKey());

    const images = await drawing;
    const rows = photoOwners.flatMap((o) =>
      (o.clinicId ? [images.clinics.get(o.key)!] : (images.rooms.get(o.key) ?? [])).map(
        (image, position) => ({
          type: o.clinicId ? 'clinic' : 'room',
          clinicId: o.clinicId ?? null,
          roomId: o.roomId ?? null,
          ...image,
          isCover: position === 0,
          position,
          uploadedBy: o.partnerId,
        }),
      ),
    );
    await tx.insert(t.photos).values(rows);
  });
  return true;
}

/** Whose photos to write once they are drawn: a clinic's cover or a room's pictures. */
interface PhotoOwner {
  key: string;
  partnerId: number;
  clinicId?: number;
  roomId?: number;
}

/** A clinic with its address, phone, hours, cover, rooms, facilities and room photos. */
async function seedClinic(
  tx: Tx,
  partnerId: number,
  clinic: DemoClinic,
  facilities: Map<string, number>,
  createdAt: Date,
  photoOwners: PhotoOwner[],
): Promise<Omit<HistoryRoom, 'partnerId'>[]> {
  const timezone = clinic.timezone ?? ZONE;
  const [address] = await tx
    .insert(t.addresses)
    .values({ ownerId: partnerId, ...clinic.address, createdAt, updatedAt: createdAt })
    .returning({ id: t.addresses.id });
  const [row] = await tx
    .insert(t.clinics)
    .values({
      partnerId,
      name: clinic.name,
      description: clinic.description,
      email: clinic.email,
      timezone,
      addressId: address!.id,
      latitude: clinic.location.lat,
      longitude: clinic.location.lng,
      locationSource: 'address',
      createdAt,
      updatedAt: createdAt,
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
  photoOwners.push({ key: clinic.name, partnerId, clinicId });

  const seeded: Omit<HistoryRoom, 'partnerId'>[] = [];
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
        // The demo's rooms are live: published since they were made (decision 0038).
        published: true,
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: t.rooms.id });
    const roomId = r!.id;
    await tx
      .insert(t.roomFacilities)
      .values(room.facilities.map((name) => ({ roomId, facilityId: facilities.get(name)! })));
    if (room.hours) await tx.insert(t.roomOperatingHours).values(room.hours.map((h) => ({ roomId, ...h })));
    photoOwners.push({ key: room.name, partnerId, roomId });
    seeded.push({
      id: roomId,
      name: room.name,
      timezone,
      priceCents: hourPriceCents(pricePerMinute),
      kind: room.kind,
      city: clinic.address.city,
      hours: startHours(room.hours ?? clinic.hours),
      popularity: 1,
    });
  }
  return seeded;
}
