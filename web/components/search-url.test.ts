import { describe, expect, it } from 'vitest';
import { backToList, isoDate, roomPath, searchTarget } from './search-url.ts';

describe('searchTarget', () => {
  it('goes to /rooms when both fields are empty', () => {
    expect(searchTarget('/especialista/salas', '  ', null)).toBe('/rooms');
  });

  it('keeps a room list page and sets search and date', () => {
    expect(searchTarget('/especialista/salas', 'São Paulo', '2026-12-01')).toBe(
      '/especialista/salas?search=S%C3%A3o+Paulo&date=2026-12-01',
    );
    expect(searchTarget('/rooms', '', '2026-12-01')).toBe('/rooms?date=2026-12-01');
  });

  it('sends other pages to the public room list', () => {
    expect(searchTarget('/parceiro/gestao/clinicas', 'Pinheiros', null)).toBe('/rooms?search=Pinheiros');
  });

  it('formats local dates as yyyy-MM-dd', () => {
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('the search context between the list and a room', () => {
  const uuid = '5b0c1f2e-8a3d-4c1b-9f7e-2d6a4b8c0e13';

  it('opens a room with the search and date', () => {
    expect(roomPath(uuid, { search: ' Pinheiros ', date: '2026-12-01' })).toBe(
      `/rooms/${uuid}?search=Pinheiros&date=2026-12-01`,
    );
    expect(roomPath(uuid, { search: '', date: null })).toBe(`/rooms/${uuid}`);
  });

  it('goes back to the list the person came from, with its sort and page', () => {
    const params = new URLSearchParams('search=Pinheiros&date=2026-12-01&h=2026-12-01T09:00:00-03:00');
    expect(backToList(params, '/especialista/salas?search=Pinheiros&ordem=price_asc&page=2')).toBe(
      '/especialista/salas?search=Pinheiros&ordem=price_asc&page=2',
    );
    expect(backToList(params, 'https://elsewhere.example/rooms')).toBe(
      '/rooms?search=Pinheiros&date=2026-12-01',
    );
  });

  it('otherwise to the public list with the search and date of the room address', () => {
    expect(backToList(new URLSearchParams('search=sao+paulo&dia=2026-12-03'))).toBe(
      '/rooms?search=sao+paulo',
    );
    expect(backToList(new URLSearchParams())).toBe('/rooms');
  });
});

describe('narrowing in the address (decision 0042)', () => {
  const uuid = '5b0c1f2e-8a3d-4c1b-9f7e-2d6a4b8c0e13';

  it('names what a picked suggestion is, and keeps the order and filters of the list', () => {
    expect(searchTarget('/rooms', 'Curitiba', null, { field: 'city' })).toBe(
      '/rooms?search=Curitiba&campo=city',
    );
    const current = new URLSearchParams(
      'search=x&ordem=price_asc&preco_max=90&bairro=Centro&diferenciais=a,b&page=3',
    );
    expect(searchTarget('/rooms', 'Recife', '2026-12-01', { current })).toBe(
      '/rooms?search=Recife&date=2026-12-01&ordem=price_asc&preco_max=90&diferenciais=a%2Cb',
    );
    // Elsewhere the public list starts afresh.
    expect(searchTarget('/parceiro/gestao/clinicas', 'Recife', null, { current })).toBe(
      '/rooms?search=Recife',
    );
  });

  it('opens a room on a tapped free hour', () => {
    expect(
      roomPath(uuid, {
        date: '2026-12-01',
        hours: ['2026-12-01T09:00:00-03:00', '2026-12-01T08:00:00-03:00'],
      }),
    ).toBe(
      `/rooms/${uuid}?date=2026-12-01&h=2026-12-01T08%3A00%3A00-03%3A00%2C2026-12-01T09%3A00%3A00-03%3A00`,
    );
  });
});
