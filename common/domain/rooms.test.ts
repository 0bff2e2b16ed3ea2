import { describe, expect, it } from 'vitest';
import {
  BOOKABLE_DAYS,
  lastBookableDay,
  pageNumberIn,
  pagePath,
  searchFromUrl,
  shownMonthIn,
  stateOf,
} from './rooms.ts';

const from = (query: string) => searchFromUrl(new URLSearchParams(query));

describe('a list page’s address (DESIGN §10 "Crawlers")', () => {
  it('reads any page parameter as a page, and writes page 1 without it, the other parameters kept', () => {
    const page = (q: string) => pageNumberIn(new URLSearchParams(q));
    expect([
      page(''),
      page('page=2'),
      page('page=2.7'),
      page('page=0'),
      page('page=-3'),
      page('page=x'),
    ]).toEqual([1, 2, 2, 1, 1, 1]);
    expect(page('page=1e9')).toBe(100_000);
    const params = new URLSearchParams('search=Curitiba&page=3&bairro=%C3%81gua+Verde');
    expect(pagePath('/rooms', params, 1)).toBe('/rooms?search=Curitiba&bairro=%C3%81gua+Verde');
    expect(pagePath('/rooms', params, 2)).toBe('/rooms?search=Curitiba&page=2&bairro=%C3%81gua+Verde');
    expect(pagePath('/salas/curitiba', new URLSearchParams(), 1)).toBe('/salas/curitiba');
    expect(pagePath('/salas/curitiba', new URLSearchParams(), 4)).toBe('/salas/curitiba?page=4');
  });
});

describe('the room list address (decision 0042)', () => {
  it('orders by relevance unless told, and keeps the old values', () => {
    expect(from('').body).toEqual({ value: null, date: null, attributeSortBy: 'relevance' });
    for (const old of ['name', 'price_asc', 'price_desc']) expect(from(`ordem=${old}`).sort).toBe(old);
    expect(from('ordem=aleatorio').sort).toBe('relevance');
  });

  it('carries the filters in reais, facility uuids and the picked field', () => {
    const uuid = '5B0C1F2E-8A3D-4C1B-9F7E-2D6A4B8C0E13';
    expect(
      from(
        `search=Curitiba&campo=city&bairro=%C3%81gua+Verde&preco_min=120&preco_max=80&diferenciais=${uuid},x`,
      ).body,
    ).toEqual({
      value: 'Curitiba',
      date: null,
      attributeSortBy: 'relevance',
      attributeToFilter: 'city',
      neighborhood: 'Água Verde',
      min_price_cents: 8000,
      max_price_cents: 12000,
      facilities: [uuid.toLowerCase()],
    });
    // A field without a text, a bad price: left out, the link still opens.
    expect(from('campo=city&preco_min=abc&preco_max=-3').body).toEqual({
      value: null,
      date: null,
      attributeSortBy: 'relevance',
    });
  });

  it('carries the place on the map: perto, area, nota and the new orders (DESIGN §10 "Where rooms are")', () => {
    expect(from('perto=-23.5614,-46.6911&area=-23.6,-46.7,-23.5,-46.6&nota=4,5').body).toEqual({
      value: null,
      date: null,
      attributeSortBy: 'distance',
      min_rating: 4.5,
      near: { lat: -23.5614, lng: -46.6911 },
      bbox: { south: -23.6, west: -46.7, north: -23.5, east: -46.6 },
    });
    // Another order asked with a point keeps it; by distance without a point is relevance.
    expect(from('perto=-23.5,-46.6&ordem=price_asc').sort).toBe('price_asc');
    expect(from('ordem=distance').sort).toBe('relevance');
    expect(from('ordem=rating').sort).toBe('rating');
    // What is not a point, a box (reversed corners included) or a grade is left out.
    for (const bad of [
      'perto=91,10',
      'perto=-23.5',
      'perto=a,b',
      'area=-23.5,-46.6,-23.6,-46.7',
      'nota=6',
      'nota=x',
    ])
      expect(from(bad).body).toEqual({ value: null, date: null, attributeSortBy: 'relevance' });
  });

  it('reads a state abbreviation as the state', () => {
    expect(stateOf(' sp ')).toBe('SP');
    expect(stateOf('RJ')).toBe('RJ');
    expect(stateOf('Espaço')).toBeNull();
    expect(stateOf('XX')).toBeNull();
  });
});

describe('the room page’s calendar (decision 0043)', () => {
  it('takes bookings for 365 days from today, across month, year and leap-day ends', () => {
    expect(BOOKABLE_DAYS).toBe(365);
    expect(lastBookableDay('2026-07-31')).toBe('2027-07-31');
    expect(lastBookableDay('2027-03-01')).toBe('2028-02-29');
    expect(lastBookableDay('2028-02-29')).toBe('2029-02-28');
    expect(lastBookableDay('2026-12-31')).toBe('2027-12-31');
  });

  it('shows the asked month, kept between today’s and the last bookable day’s', () => {
    const month = (q: string) => shownMonthIn(new URLSearchParams(q), '2026-07-31');
    expect(month('')).toBe('2026-07');
    expect(month('mes=2026-09')).toBe('2026-09');
    expect(month('dia=2026-10-02')).toBe('2026-10');
    expect(month('mes=2026-05')).toBe('2026-07');
    expect(month('mes=2027-07')).toBe('2027-07');
    expect(month('mes=2027-08')).toBe('2027-07');
    expect(month('mes=julho')).toBe('2026-07');
  });
});
