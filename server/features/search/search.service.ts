/**
 * Room browsing for everyone (DESIGN §5 "Search", decision 0042): accent- and case-insensitive
 * text over room, clinic, neighbourhood and city (a state's abbreviation: the state); filters by
 * neighbourhood, hour price, facilities and the lowest average rating; a place (a map's box, a
 * point with each card's distance, DESIGN §10 "Where rooms are"); a date keeps rooms with a free
 * slot that day and shows each card's first free starts; pinned rooms first, then relevance, price
 * or name — or the best rated, or the nearest; paged; the search field's suggestions.
 */
import type { z } from 'zod';
import type {
  FreeStart,
  RoomDetail,
  RoomPage,
  RoomResult,
  RoomSummary,
  Suggestion,
  searchBody,
} from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { type BookingRules, effectiveRules, minimumStretch } from '#common/domain/booking-rules';
import { distanceKm } from '#common/domain/geo';
import { ratingAverage } from '#common/domain/reviews';
import { fold, stateNames, stateOf } from '#common/domain/rooms';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { addDays } from '#common/time/zone';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import { hoursOf } from '../availability/availability.repository.ts';
import { slotsFor } from '../availability/slots.ts';
import { clinicRules, roomOwnRules } from '../booking-rules/booking-rules.repository.ts';
import { toHours, toPhoto } from '../supply.mappers.ts';
import type { SearchWhat } from './search.repository.ts';
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
    rating_avg: ratingAverage(room.ratingSum, room.ratingCount),
    rating_count: room.ratingCount,
    latitude: clinic.latitude,
    longitude: clinic.longitude,
  };
}

/** How many free starts a card shows. */
const FREE_HOURS_SHOWN = 4;
/** Local midnights of every zone fall within 14 hours of UTC's (as availability.service reads). */
const ZONE_SLACK = 14 * 3_600_000;

/**
 * The starts a person may book on `date` (decision 0042): an available slot from which the room's
 * minimum stretch is free in a row, with the slots a tap on it picks.
 */
export function freeStarts(
  slots: { date_time: string; starts_at: Date; available: boolean }[],
  rules: BookingRules,
) {
  const step = rules.slot_minutes * 60_000;
  const needed = Math.max(1, Math.ceil(minimumStretch(rules) / rules.slot_minutes));
  const out: FreeStart[] = [];
  for (let i = 0; i < slots.length; i++) {
    const run = slots.slice(i, i + needed);
    const fits =
      run.length === needed &&
      run.every(
        (slot, k) => slot.available && slot.starts_at.getTime() === slots[i]!.starts_at.getTime() + k * step,
      );
    if (fits) out.push({ date_time: slots[i]!.date_time, hours: run.map((slot) => slot.date_time) });
  }
  return out;
}

/**
 * The first free starts of `date` for each room of a results page, computed here in one pass —
 * the rooms' rows read at once (search.repository slotDataOf), the slots by the availability
 * rule (slots.ts) — so a page of cards costs no call per room.
 */
async function freeHoursOf(s: Services, roomIds: number[], date: string) {
  const data = await repo.slotDataOf(s.db, roomIds, {
    from: new Date(Date.parse(`${date}T00:00:00Z`) - ZONE_SLACK),
    to: new Date(Date.parse(`${addDays(date, 1)}T00:00:00Z`) + ZONE_SLACK),
  });
  const now = s.clock();
  const out = new Map<number, FreeStart[]>();
  for (const [roomId, room] of data) {
    const slots = slotsFor({
      date,
      timezone: room.timezone,
      roomHours: toHours(room.roomHours),
      clinicHours: toHours(room.clinicHours),
      blocks: room.blocks,
      held: room.held,
      now,
      rules: room.rules,
    });
    out.set(roomId, freeStarts(slots, room.rules));
  }
  return out;
}

/** The search's text and filters as the repository takes them; a state's abbreviation means the state. */
function searchWhat(body: z.output<typeof searchBody>): SearchWhat {
  const value = body.value?.trim() || undefined;
  const field = body.attributeToFilter ?? 'all';
  const state = field === 'all' ? stateOf(value) : null;
  return {
    value,
    field,
    narrow: {
      state,
      neighborhood: body.neighborhood?.trim() || null,
      minPriceCents: body.min_price_cents ?? null,
      maxPriceCents: body.max_price_cents ?? null,
      facilities: body.facilities?.length ? body.facilities.map((f) => f.toLowerCase()) : null,
      minRating: body.min_rating ?? null,
    },
    place: { near: body.near ?? null, bbox: body.bbox ?? null },
  };
}

/** Kilometres from the searched point to the room's clinic, one decimal as the card says it. */
function distanceOf(near: { lat: number; lng: number }, summary: RoomSummary): number | undefined {
  if (summary.latitude === null || summary.longitude === null) return undefined;
  return Math.round(distanceKm(near, { lat: summary.latitude, lng: summary.longitude }) * 10) / 10;
}

/** The cards of these rooms, in the order given (the city pages, server/features/public-pages). */
export async function roomSummaries(s: Services, roomIds: number[]): Promise<RoomSummary[]> {
  const cards = await repo.roomCards(s.db, roomIds);
  return roomIds.flatMap((id) => {
    const row = cards.rows.find((r) => r.room.id === id);
    return row ? [toSummary(cards, row)] : [];
  });
}

export async function searchRooms(
  s: Services,
  body: z.output<typeof searchBody>,
  page: number,
  perPage: number,
): Promise<RoomPage> {
  const what = searchWhat(body);
  // A search from a point is nearest first unless it asks for another order (DESIGN §10).
  const sort = body.attributeSortBy ?? (body.near ? 'distance' : undefined);
  const window = { limit: perPage, offset: (page - 1) * perPage };
  // The facets are asked beside the page, and awaited with it: a promise left waiting while another
  // fails would reject unhandled and end the process (issue 41).
  const pageOf = async (): Promise<{ ids: number[]; total: number }> => {
    if (body.date) {
      // Free hours are decided in the database too, so only this page's ids leave it.
      const free = { date: body.date, now: s.clock() };
      return repo.freeRoomsPage(s.db, what, sort, window, free);
    }
    const [total, rows] = await Promise.all([
      repo.countMatchingRooms(s.db, what),
      repo.matchingRooms(s.db, what, sort, window, s.clock()),
    ]);
    return { ids: rows.map((m) => m.roomId), total };
  };
  const [{ ids: pageIds, total }, facets] = await Promise.all([pageOf(), repo.searchFacets(s.db, what)]);
  const [cards, freeHours] = await Promise.all([
    repo.roomCards(s.db, pageIds),
    body.date ? freeHoursOf(s, pageIds, body.date) : undefined,
  ]);
  const data: RoomResult[] = pageIds.map((id) => {
    const summary: RoomResult = toSummary(cards, cards.rows.find((r) => r.room.id === id)!);
    const distance = body.near ? distanceOf(body.near, summary) : undefined;
    const placed = distance === undefined ? summary : { ...summary, distance_km: distance };
    if (!freeHours) return placed;
    const starts = freeHours.get(id) ?? [];
    return { ...placed, free_hours: starts.slice(0, FREE_HOURS_SHOWN), free_hours_total: starts.length };
  });
  return { data, meta: pageMeta(total, page, perPage), facets };
}

/** How many suggestions the search field shows. */
const SUGGESTIONS = 8;

/**
 * What the search field suggests for `q` (decision 0042): the states (by abbreviation or name),
 * cities, neighbourhoods and clinics of bookable rooms, best match first, at most eight.
 */
export async function suggestions(s: Services, q: string): Promise<Suggestion[]> {
  const text = fold(q);
  const [rows, states] = await Promise.all([
    repo.suggestionRows(s.db, q, SUGGESTIONS),
    repo.stateRooms(s.db),
  ]);
  const stateHits: Suggestion[] = states
    .filter(({ state }) => {
      const name = fold(stateNames[state as keyof typeof stateNames] ?? '');
      return state.toLowerCase() === text || (text.length >= 3 && name.startsWith(text));
    })
    .sort((a, b) => b.n - a.n)
    .map(({ state }) => ({
      kind: 'state' as const,
      label: stateNames[state as keyof typeof stateNames] ?? state,
      detail: state,
      value: state,
    }));
  const places: Suggestion[] = rows.map((r) => {
    if (r.kind === 'city') return { kind: 'city', label: r.label, detail: r.state, value: r.label };
    if (r.kind === 'neighborhood')
      return {
        kind: 'neighborhood',
        label: r.label,
        detail: `${r.city}, ${r.state}`,
        value: r.label,
        city: r.city,
      };
    return {
      kind: 'clinic',
      label: r.label,
      detail: r.neighborhood ? `${r.neighborhood}, ${r.city}` : r.city,
      value: r.label,
    };
  });
  return [...stateHits, ...places].slice(0, SUGGESTIONS);
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
