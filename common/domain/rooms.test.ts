import { describe, expect, it } from 'vitest';
import { searchFromUrl, stateOf } from './rooms.ts';

const from = (query: string) => searchFromUrl(new URLSearchParams(query));

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

  it('reads a state abbreviation as the state', () => {
    expect(stateOf(' sp ')).toBe('SP');
    expect(stateOf('RJ')).toBe('RJ');
    expect(stateOf('Espaço')).toBeNull();
    expect(stateOf('XX')).toBeNull();
  });
});
