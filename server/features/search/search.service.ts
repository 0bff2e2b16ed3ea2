/**
 * Room browsing for everyone (DESIGN §5 "Search"): accent- and case-insensitive text over room,
 * clinic, neighbourhood and city; a date keeps rooms with a free slot that day; pinned rooms
 * first; paged.
 */
import type { z } from 'zod';
import type { PageMeta, RoomDetail, RoomSummary, searchBody } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { addDays, zonedInstant } from '#common/time/zone';
import type { Services } from '../../app.ts';
import { groupSlotData, hoursOf, slotData } from '../availability/availability.repository.ts';
import { slotsFor } from '../availability/slots.ts';
import { toHours, toPhoto } from '../supply.mappers.ts';
import * as repo from './search.repository.ts';

type Cards = Awaited<ReturnType<typeof repo.roomCards>>;

function toSummary(cards: Cards, row: Cards['rows'][number]): RoomSummary {
  const { room, clinic, address } = row;
  return {
    uuid: room.uuid,
    name: room.name,
    description: room.description,
    price_per_minute: room.pricePerMinute,
    hour_price_cents: hourPriceCents(room.pricePerMinute),
    fixed: room.fixed,
    clinic: {
      uuid: clinic.uuid,
      name: clinic.name,
      address: address
        ? {
            street: address.street,
            number: address.number,
            neighborhood: address.neighborhood,
            city: address.city,
            state: address.state,
            zip_code: address.zipCode,
          }
        : null,
    },
    facilities: cards.facilities
      .filter((f) => f.roomId === room.id)
      .map(({ uuid, name }) => ({ uuid, name })),
    photos: cards.photos.filter((p) => p.roomId === room.id).map(toPhoto),
  };
}

/** Rooms with at least one free slot on `date` (in each clinic's zone). */
async function withFreeSlot(
  s: Services,
  candidates: { roomId: number; clinicId: number; timezone: string }[],
  date: string,
) {
  if (candidates.length === 0) return [];
  // The widest window any zone's `date` can cover.
  const from = new Date(zonedInstant(date, '00:00', 'UTC').getTime() - 14 * 3_600_000);
  const to = new Date(zonedInstant(addDays(date, 1), '00:00', 'UTC').getTime() + 14 * 3_600_000);
  const rows = groupSlotData(await slotData(s.db, candidates, from, to));
  const now = s.clock();
  return candidates.filter((c) => {
    const slots = slotsFor({
      date,
      timezone: c.timezone,
      roomHours: toHours(rows.roomHours.get(c.roomId) ?? []),
      clinicHours: toHours(rows.clinicHours.get(c.clinicId) ?? []),
      blocks: rows.blocks.get(c.roomId) ?? [],
      taken: new Set((rows.held.get(c.roomId) ?? []).map((h) => h.startsAt.getTime())),
      now,
    });
    return slots.some((slot) => slot.available);
  });
}

export async function searchRooms(
  s: Services,
  body: z.output<typeof searchBody>,
  page: number,
  perPage: number,
): Promise<{ data: RoomSummary[]; meta: PageMeta }> {
  const value = body.value?.trim() || undefined;
  const field = body.attributeToFilter ?? 'all';
  const sort = body.attributeSortBy ?? undefined;
  let total: number;
  let pageIds: number[];
  if (body.date) {
    // Free slots are computed, not stored: every candidate is checked, then the page is cut.
    const free = await withFreeSlot(s, await repo.matchingRooms(s.db, value, field, sort), body.date);
    total = free.length;
    pageIds = free.slice((page - 1) * perPage, page * perPage).map((m) => m.roomId);
  } else {
    // Without a date the database pages: only this page's ids leave it.
    const [count, rows] = await Promise.all([
      repo.countMatchingRooms(s.db, value, field),
      repo.matchingRooms(s.db, value, field, sort, { limit: perPage, offset: (page - 1) * perPage }),
    ]);
    total = count;
    pageIds = rows.map((m) => m.roomId);
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const cards = await repo.roomCards(s.db, pageIds);
  const data = pageIds.map((id) => toSummary(cards, cards.rows.find((r) => r.room.id === id)!));
  return { data, meta: { current_page: page, last_page: lastPage, per_page: perPage, total } };
}

export async function roomDetail(s: Services, uuid: string): Promise<RoomDetail> {
  const found = await repo.findActiveRoomId(s.db, uuid);
  if (!found) throw new AppError('not_found', supplyMessages.notFound);
  const cards = await repo.roomCards(s.db, [found.roomId]);
  const row = cards.rows[0]!;
  const summary = toSummary(cards, row);
  const hours = await hoursOf(s.db, [found]);
  const roomHours = toHours(hours.roomHours);
  return {
    ...summary,
    clinic: {
      ...summary.clinic,
      description: row.clinic.description,
      timezone: row.clinic.timezone,
      phones: cards.phones.map((p) => ({ area_code: p.areaCode, number: p.number, type: p.type })),
    },
    hours: roomHours.length ? roomHours : toHours(hours.clinicHours),
  };
}
