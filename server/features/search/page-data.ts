/**
 * What the public pages' HTML carries besides the app (server/plugins/spa.ts): a room page its own
 * title, description and preview image; both pages the data of their first queries, answered
 * exactly as the API would, and their first photos to preload.
 */
import { pageQuery, roomDetailResponse, roomPageResponse, searchBody } from '#common/contracts/rooms';
import { initialDataKeys, searchFromUrl } from '#common/domain/rooms';
import { AppError } from '#common/errors';
import { formatBrl } from '#common/money';
import type { PageExtras } from '../../plugins/spa.ts';
import type { Services } from '../../services.ts';
import { roomDetail, searchRooms } from './search.service.ts';

/**
 * A search slower than this is left to the browser: the page itself must not wait for it. Only
 * searches without a date are tried here: with a date, the free-hour check makes them the slow
 * kind, and one given up at the budget would be run a second time by the browser.
 */
const SEARCH_BUDGET_MS = 250;
/** The photos of the first cards, seen before scrolling on a phone and a desktop alike. */
const PRELOADED_PHOTOS = 2;

export async function roomListPage(s: Services, query: URLSearchParams): Promise<PageExtras | null> {
  const { body, page } = searchFromUrl(query);
  if (body.date) return null;
  const parsed = searchBody.safeParse(body);
  // The browser asks for ?page=N alone: the same page size as the API's default.
  const paging = pageQuery.safeParse({ page });
  if (!parsed.success || !paging.success) return null;
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    searchRooms(s, parsed.data, paging.data.page, paging.data.per_page),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SEARCH_BUDGET_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!result) return null;
  const answer = roomPageResponse.parse(result);
  return {
    data: { [initialDataKeys.search(body, page)]: answer },
    images: answer.data
      .slice(0, PRELOADED_PHOTOS)
      .map((room) => (room.photos.find((p) => p.is_cover) ?? room.photos[0])?.url)
      .filter((url) => url !== undefined)
      .map((url) => `${url}?size=sm`),
  };
}

/**
 * A room's page; null (nothing added, as for any unknown page) when the room is not bookable: unknown,
 * inactive, or of an inactive partner — the same rule as `GET /api/rooms/{uuid}`.
 */
export async function roomPage(s: Services, uuid: string): Promise<PageExtras | null> {
  const room = await roomDetail(s, uuid).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (!room) return null;
  const where = room.clinic.address ? `${room.clinic.address.neighborhood}, ${room.clinic.address.city}` : '';
  const price = formatBrl(room.hour_price_cents);
  const cover = room.photos[0] ? `${room.photos[0].url}?size=lg` : undefined;
  return {
    meta: {
      title: `${room.name} · ${room.clinic.name} — Salas`,
      description:
        `${room.name} em ${room.clinic.name}${where ? ` (${where})` : ''}, ${price} por hora. ${room.description}`.slice(
          0,
          300,
        ),
      image: cover ? `${s.config.publicUrl}${cover}` : undefined,
    },
    data: { [initialDataKeys.room(uuid)]: roomDetailResponse.parse({ data: room }).data },
    images: cover ? [cover] : [],
  };
}
