/**
 * Room browsing for everyone (DESIGN §5 "Search"): accent- and case-insensitive text over room,
 * clinic, neighbourhood and city; a date keeps rooms with a free slot that day; pinned rooms
 * first; paged.
 */
import type { z } from 'zod';
import type { PageMeta, RoomDetail, RoomSummary, searchBody } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { effectiveRules } from '#common/domain/booking-rules';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import { hoursOf } from '../availability/availability.repository.ts';
import { clinicRules, roomOwnRules } from '../booking-rules/booking-rules.repository.ts';
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

export async function searchRooms(
  s: Services,
  body: z.output<typeof searchBody>,
  page: number,
  perPage: number,
): Promise<{ data: RoomSummary[]; meta: PageMeta }> {
  const value = body.value?.trim() || undefined;
  const field = body.attributeToFilter ?? 'all';
  const sort = body.attributeSortBy ?? undefined;
  const window = { limit: perPage, offset: (page - 1) * perPage };
  let total: number;
  let pageIds: number[];
  if (body.date) {
    // Free hours are decided in the database too, so only this page's ids leave it.
    const free = { date: body.date, now: s.clock() };
    ({ ids: pageIds, total } = await repo.freeRoomsPage(s.db, value, field, sort, window, free));
  } else {
    const [count, rows] = await Promise.all([
      repo.countMatchingRooms(s.db, value, field),
      repo.matchingRooms(s.db, value, field, sort, window),
    ]);
    total = count;
    pageIds = rows.map((m) => m.roomId);
  }
  const cards = await repo.roomCards(s.db, pageIds);
  const data = pageIds.map((id) => toSummary(cards, cards.rows.find((r) => r.room.id === id)!));
  return { data, meta: pageMeta(total, page, perPage) };
}

/**
 * A room's public page. Visitors see bookable rooms only; the partner who owns the room
 * (`ownerId`) also sees its draft or inactive room, marked `preview` (decision 0038).
 */
export async function roomDetail(s: Services, uuid: string, ownerId?: number): Promise<RoomDetail> {
  const found = await repo.findActiveRoomId(s.db, uuid, ownerId);
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
    booking_rules: effectiveRules(roomOwnRules(row.room), clinicRules(row.clinic)),
    ...(found.bookable ? {} : { preview: true as const }),
  };
}
