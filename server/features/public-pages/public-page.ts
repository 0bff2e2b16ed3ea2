/**
 * The public pages as search engines and link previews read them (DESIGN §9 "Public pages seen
 * without JavaScript", decision 0044): for `/`, `/rooms`, `/rooms/{uuid}` and `/salas/{cidade}`,
 * the data the page is drawn from (the same answers as the API, under the browser's query keys),
 * its head — title, description, canonical URL, Open Graph, twitter:card, schema.org JSON-LD — the
 * photo seen first, and 301 to the canonical spelling of the path.
 */
import type { QueryKey } from '@tanstack/react-query';
import { type CityPageResult, cityPageResponse } from '#common/contracts/cities';
import type { RoomDetail, RoomSummary } from '#common/contracts/rooms';
import { pageQuery, roomDetailResponse, roomPageResponse, searchBody } from '#common/contracts/rooms';
import { cityPath, citySlug } from '#common/domain/cities';
import { GALLERY_SHOWN, gallerySizes, gallerySrcSet } from '#common/domain/gallery';
import { documentTitle, publicTitles } from '#common/domain/page-titles';
import {
  monthDays,
  pageNumberIn,
  pagePath,
  publicQueryKeys,
  searchFromUrl,
  shownDayIn,
  shownMonthIn,
} from '#common/domain/rooms';
import { AppError } from '#common/errors';
import { formatBrl } from '#common/money';
import { zonedDate } from '#common/time/zone';
import type { Services } from '../../services.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import { SHARE_IMAGE } from '../photos/photo.routes.ts';
import { roomDetail, searchRooms } from '../search/search.service.ts';
import { cityPage, listCities } from './public-pages.service.ts';

export interface PageHead {
  title: string;
  description: string;
  /** The path search engines should index (no query string but where it names the page). */
  canonicalPath: string;
  image: { url: string; width: number; height: number; alt: string };
  /** og:type */
  type: 'website' | 'product';
  jsonLd: Record<string, unknown>[];
}

type PageSeed = { queryKey: QueryKey; data: unknown };

export interface PublicPage {
  status: 200 | 404;
  head: PageHead;
  seeds: PageSeed[];
  /** The photo seen first, fetched at once (<link rel="preload" fetchpriority="high">). */
  firstImage?: FirstImage;
  /** Which page's own chunks to announce (route-preloads.json of the build). */
  chunks: 'home' | 'rooms' | 'room' | 'city';
}

/** A preload the browser matches to the page's <img>: its URL, or its srcset and sizes. */
export type FirstImage = { href: string; srcset?: string; sizes?: string };

/** 301: the canonical spelling of the same page; 302: a list's page past its last (decision notes, issue 42). */
export type PublicPageAnswer = PublicPage | { redirect: string; status?: 301 | 302 } | null;

/** The site's own share image (web/public), for the pages that show no single room. */
const SITE_IMAGE = {
  path: '/salas-compartilhar.jpg',
  alt: 'Salas — salas por hora para profissionais da saúde',
};
const SITE_DESCRIPTION =
  'Alugue salas em clínicas e coworkings de saúde por hora ou em pacotes, com pagamento por cartão ou Pix.';
/** A search slower than this is left to the browser: the page itself must not wait for it. */
const SEARCH_BUDGET_MS = 250;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the public pages need from the rest of the product. */
type Base = { s: Services; base: string };

const organization = ({ base }: Base) => ({
  '@type': 'Organization',
  '@id': `${base}/#organizacao`,
  name: 'Salas',
  url: `${base}/`,
  logo: `${base}/icons/icon-512.png`,
});

const breadcrumbs = ({ base }: Base, items: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: item.name,
    item: `${base}${item.path}`,
  })),
});

/** A list page's rooms; `before`: how many rooms the earlier pages hold. */
const roomList = ({ base }: Base, rooms: RoomSummary[], before = 0) => ({
  '@context': 'https://schema.org',
  '@type': 'ItemList',
  itemListElement: rooms.map((room, i) => ({
    '@type': 'ListItem',
    position: before + i + 1,
    url: `${base}/rooms/${room.uuid}`,
    name: room.name,
  })),
});

const siteImage = ({ base }: Base): PageHead['image'] => ({
  url: `${base}${SITE_IMAGE.path}`,
  ...SITE_IMAGE_SIZE,
  alt: SITE_IMAGE.alt,
});
const SITE_IMAGE_SIZE = { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height };

const roomImage = ({ base }: Base, room: RoomSummary): PageHead['image'] | null => {
  const photo = room.photos.find((p) => p.is_cover) ?? room.photos[0];
  if (!photo) return null;
  return {
    url: `${base}/api/photo/${photo.uuid}/share.jpg`,
    ...SITE_IMAGE_SIZE,
    alt: `${room.name}, ${room.clinic.name}`,
  };
};

/** The photo a room card shows first, as the browser asks for it. */
const cardCover = (room: RoomSummary): FirstImage | undefined => {
  const photo = room.photos.find((p) => p.is_cover) ?? room.photos[0];
  return photo ? { href: `${photo.url}?size=sm` } : undefined;
};

/** The room page's first photo, with the gallery's own srcset and sizes. */
const galleryCover = (room: RoomDetail): FirstImage | undefined => {
  const photo = room.photos[0];
  if (!photo) return undefined;
  const shown = Math.min(room.photos.length, GALLERY_SHOWN);
  return { href: `${photo.url}?size=lg`, srcset: gallerySrcSet(photo.url), sizes: gallerySizes(0, shown) };
};

const place = (room: RoomSummary) => {
  const a = room.clinic.address;
  return a ? `${a.neighborhood}, ${a.city} – ${a.state}` : '';
};

async function withinBudget<T>(work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SEARCH_BUDGET_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The list's first page, as `POST /api/customer/room/genericsearch` answers it (none with a date). */
async function searchSeed(s: Services, query: URLSearchParams) {
  const { body, page } = searchFromUrl(query);
  if (body.date) return null;
  const parsed = searchBody.safeParse(body);
  const paging = pageQuery.safeParse({ page });
  if (!parsed.success || !paging.success) return null;
  const result = await withinBudget(searchRooms(s, parsed.data, paging.data.page, paging.data.per_page));
  if (!result) return null;
  return { queryKey: publicQueryKeys.search(body, page), data: roomPageResponse.parse(result) };
}

async function homePage(b: Base): Promise<PublicPage> {
  const [search, cities] = await Promise.all([searchSeed(b.s, new URLSearchParams()), listCities(b.s)]);
  const first = (search?.data.data ?? []) as RoomSummary[];
  return {
    status: 200,
    chunks: 'home',
    head: {
      title: documentTitle(publicTitles.home),
      description: `Psicólogos, fisioterapeutas, nutricionistas e outros especialistas alugam salas por hora em ${
        cities.length > 0
          ? cities
              .slice(0, 3)
              .map((c) => c.name)
              .join(', ')
          : 'clínicas e coworkings'
      }. ${SITE_DESCRIPTION}`,
      canonicalPath: '/',
      image: siteImage(b),
      type: 'website',
      jsonLd: [
        { '@context': 'https://schema.org', ...organization(b) },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          '@id': `${b.base}/#site`,
          name: 'Salas',
          url: `${b.base}/`,
          inLanguage: 'pt-BR',
          publisher: { '@id': `${b.base}/#organizacao` },
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${b.base}/rooms?search={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    },
    seeds: [...(search ? [search] : []), { queryKey: publicQueryKeys.cities, data: cities }],
    firstImage: first[0] ? cardCover(first[0]) : undefined,
  };
}

/** A list's page past its last, sent to the last (302: the number of pages changes with the rooms). */
const pastTheLast = (path: string, query: URLSearchParams, page: number, lastPage: number) =>
  page > Math.max(1, lastPage) ? { redirect: pagePath(path, query, lastPage), status: 302 as const } : null;

async function roomsPage(b: Base, query: URLSearchParams): Promise<PublicPageAnswer> {
  const search = await searchSeed(b.s, query);
  const { search: text, body, page } = searchFromUrl(query);
  const rooms = (search?.data.data ?? []) as RoomSummary[];
  const meta = search?.data.meta;
  const total = meta?.total;
  if (meta) {
    const past = pastTheLast('/rooms', query, page, meta.last_page);
    if (past) return past;
  }
  // The whole list's pages are each its own page to index; a search, a filter or another order is
  // the list narrowed or reordered: the list itself is the page to index (decision 0044).
  const plain =
    !body.value && !body.date && body.attributeSortBy === 'relevance' && Object.keys(body).length === 3;
  const title = documentTitle(publicTitles.rooms(text, page));
  return {
    status: 200,
    chunks: 'rooms',
    head: {
      title,
      description: `${
        total !== undefined ? `${total} ${total === 1 ? 'sala' : 'salas'} ` : 'Salas '
      }em clínicas e coworkings de saúde${text ? ` para “${text}”` : ''}. ${SITE_DESCRIPTION}`,
      canonicalPath: plain ? pagePath('/rooms', new URLSearchParams(), page) : '/rooms',
      image: siteImage(b),
      type: 'website',
      jsonLd: [
        breadcrumbs(b, [
          { name: 'Salas', path: '/' },
          { name: 'Salas disponíveis', path: '/rooms' },
        ]),
        ...(rooms.length ? [roomList(b, rooms, (page - 1) * (meta?.per_page ?? 0))] : []),
      ],
    },
    seeds: search ? [search] : [],
    firstImage: rooms[0] ? cardCover(rooms[0]) : undefined,
  };
}

/**
 * The room's visible reviews as an `aggregateRating` of the room's own Product node — never of the
 * Salas Organization: Google's review-snippet guidelines want the rating about the specific item
 * the page is about, from the reviews shown on it, and none on a page without reviews
 * (https://developers.google.com/search/docs/appearance/structured-data/review-snippet).
 */
function roomRating(room: RoomDetail) {
  if (room.rating_avg === null || room.rating_count <= 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: room.rating_avg.toFixed(1),
      ratingCount: room.rating_count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

function roomHead(b: Base, room: RoomDetail): PageHead {
  const price = (room.hour_price_cents / 100).toFixed(2);
  const where = place(room);
  const city = room.clinic.address?.city;
  const image = roomImage(b, room) ?? siteImage(b);
  const url = `${b.base}/rooms/${room.uuid}`;
  return {
    title: documentTitle(publicTitles.room(room)),
    description: `${room.name} em ${room.clinic.name}${where ? ` (${where})` : ''}, ${formatBrl(
      room.hour_price_cents,
    )} por hora. ${room.description}`.slice(0, 300),
    canonicalPath: `/rooms/${room.uuid}`,
    image,
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: room.name,
        description: room.description || `${room.name} em ${room.clinic.name}`,
        url,
        image: room.photos.length ? room.photos.map((p) => `${b.base}${p.url}?size=lg`) : [image.url],
        category: 'Aluguel de sala por hora',
        brand: { '@type': 'Brand', name: room.clinic.name },
        ...roomRating(room),
        offers: {
          '@type': 'Offer',
          url,
          price,
          priceCurrency: 'BRL',
          availability: 'https://schema.org/InStock',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: 'BRL',
            unitCode: 'HUR',
            unitText: 'hora',
          },
          seller: { '@type': 'Organization', name: room.clinic.name },
          ...(room.clinic.address
            ? {
                areaServed: {
                  '@type': 'Place',
                  address: {
                    '@type': 'PostalAddress',
                    streetAddress: `${room.clinic.address.street}, ${room.clinic.address.number}`,
                    addressLocality: room.clinic.address.city,
                    addressRegion: room.clinic.address.state,
                    postalCode: room.clinic.address.zip_code,
                    addressCountry: 'BR',
                  },
                },
              }
            : {}),
        },
      },
      breadcrumbs(b, [
        { name: 'Salas', path: '/' },
        ...(city ? [{ name: city, path: cityPath(city) }] : [{ name: 'Salas disponíveis', path: '/rooms' }]),
        { name: room.name, path: `/rooms/${room.uuid}` },
      ]),
    ],
  };
}

const notFoundHead = (b: Base, canonicalPath: string, title: string): PageHead => ({
  title: documentTitle(title),
  description: SITE_DESCRIPTION,
  canonicalPath,
  image: siteImage(b),
  type: 'website',
  jsonLd: [],
});

/**
 * What the room page's calendar draws from (decision 0044): today in the clinic's zone, the shown
 * month's days and the shown day's hours (one statement when the day is in the month), so the page is drawn with them and
 * its days and hours work as links before (or without) the page's scripts.
 */
async function calendarSeeds(b: Base, room: RoomDetail, query: URLSearchParams): Promise<PageSeed[]> {
  const today = zonedDate(b.s.clock(), room.clinic.timezone);
  const month = shownMonthIn(query, today);
  const day = shownDayIn(query);
  const days = monthDays(month, today);
  // A day outside the month is read on its own: one window from it to the month could span years.
  const [{ days: slots }, other] = await Promise.all([
    roomAvailability(b.s, room.uuid, days),
    day && !days.includes(day) ? roomAvailability(b.s, room.uuid, [day]) : null,
  ]);
  const seeds: PageSeed[] = [
    { queryKey: publicQueryKeys.today(room.clinic.timezone), data: today },
    { queryKey: publicQueryKeys.month(room.uuid, month), data: slots },
  ];
  const shown = other ? other.days[0] : slots.find((d) => d.date === day);
  if (day) seeds.push({ queryKey: publicQueryKeys.day(room.uuid, day), data: shown });
  return seeds;
}

async function roomPage(b: Base, uuid: string, query: URLSearchParams): Promise<PublicPage> {
  const room = await roomDetail(b.s, uuid).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  const queryKey = publicQueryKeys.room(uuid);
  if (!room) {
    // The page draws its not-found from this null (web/features/rooms/api.ts): visitors and crawlers alike.
    return {
      status: 404,
      chunks: 'room',
      head: notFoundHead(b, `/rooms/${uuid}`, publicTitles.roomMissing),
      seeds: [{ queryKey, data: null }],
    };
  }
  return {
    status: 200,
    chunks: 'room',
    head: roomHead(b, room),
    seeds: [
      { queryKey, data: roomDetailResponse.parse({ data: room }).data },
      ...(await calendarSeeds(b, room, query)),
    ],
    firstImage: galleryCover(room),
  };
}

/** A city page's data as the browser's hook holds it (web/features/cities/api.ts): the API's answer, its meta inside. */
function cityPageSeed(answer: Awaited<ReturnType<typeof cityPage>>): CityPageResult {
  const { data, meta } = cityPageResponse.parse(answer);
  return { ...data, meta };
}

async function cityPageOf(b: Base, slug: string, query: URLSearchParams): Promise<PublicPageAnswer> {
  const number = pageNumberIn(query);
  const queryKey = publicQueryKeys.city(slug, number);
  const page = await cityPage(b.s, slug, number).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (!page) {
    return {
      status: 404,
      chunks: 'city',
      head: notFoundHead(b, `/salas/${slug}`, publicTitles.cityMissing),
      seeds: [{ queryKey, data: null }],
    };
  }
  // Only `page` names a city page: every other parameter is dropped from its links and canonical.
  const own = new URLSearchParams();
  const past = pastTheLast(`/salas/${slug}`, own, number, page.meta.last_page);
  if (past) return past;
  const { city, rooms, neighborhoods } = page.data;
  const cover = rooms[0] ? roomImage(b, rooms[0]) : null;
  return {
    status: 200,
    chunks: 'city',
    head: {
      title: documentTitle(publicTitles.city(city, number)),
      description: `${city.rooms} ${city.rooms === 1 ? 'sala' : 'salas'} para profissionais da saúde em ${
        city.name
      }, a partir de ${formatBrl(city.price_from_cents)} por hora${
        neighborhoods.length
          ? ` (${neighborhoods
              .slice(0, 4)
              .map((n) => n.name)
              .join(', ')})`
          : ''
      }. Reserve por hora e pague com cartão ou Pix.`,
      canonicalPath: pagePath(`/salas/${city.slug}`, own, number),
      image: cover ?? siteImage(b),
      type: 'website',
      jsonLd: [
        breadcrumbs(b, [
          { name: 'Salas', path: '/' },
          { name: city.name, path: `/salas/${city.slug}` },
        ]),
        roomList(b, rooms, (number - 1) * page.meta.per_page),
      ],
    },
    seeds: [{ queryKey, data: cityPageSeed(page) }],
    firstImage: rooms[0] ? cardCover(rooms[0]) : undefined,
  };
}

/**
 * The page at `path` (no query string) if it is one of the public pages, a redirect to its
 * canonical spelling, or null for every other page (the browser draws those alone).
 */
export async function publicPage(
  s: Services,
  path: string,
  query: URLSearchParams,
): Promise<PublicPageAnswer> {
  const answer = await pageAt(s, path, query);
  // The footer's and help buttons' links are drawn from GET /api/config: they go with the page, or
  // the browser would fetch them while hydrating and draw something the server did not.
  if (answer && 'seeds' in answer)
    answer.seeds.push({ queryKey: publicQueryKeys.config, data: s.config.publicLinks });
  return answer;
}

async function pageAt(s: Services, path: string, query: URLSearchParams): Promise<PublicPageAnswer> {
  const b: Base = { s, base: s.config.publicUrl };
  const qs = query.toString();
  const keep = (to: string) => ({ redirect: qs ? `${to}?${qs}` : to });
  if (path === '/') return homePage(b);
  if (path === '/rooms') return roomsPage(b, query);
  if (path === '/rooms/') return keep('/rooms');
  const room = /^\/rooms\/([^/]+)(\/?)$/.exec(path);
  if (room && UUID.test(room[1]!)) {
    const uuid = room[1]!;
    if (room[2] || uuid !== uuid.toLowerCase()) return keep(`/rooms/${uuid.toLowerCase()}`);
    return roomPage(b, uuid, query);
  }
  const city = /^\/salas\/([^/]+)(\/?)$/.exec(path);
  if (city) {
    let raw = city[1]!;
    try {
      raw = decodeURIComponent(raw);
    } catch {
      /* a broken escape is just a name no city has */
    }
    const slug = citySlug(raw);
    if (!slug) return null;
    if (city[2] || slug !== city[1]) return keep(`/salas/${slug}`);
    return cityPageOf(b, slug, query);
  }
  return null;
}
