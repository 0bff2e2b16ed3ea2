/**
 * The pages' titles, one builder for the server and the browser (DESIGN §10 "Crawlers"): the server
 * writes them into the public pages' HTML (server/features/public-pages/public-page.ts) and the
 * browser sets the same once the page runs (web/components/use-page-title.ts), so a crawler, a link
 * preview and a tab read one title before and after the scripts. Plain values: public pages import
 * them without the validation library.
 */

/** What a tab shows: the page's own words, then the product. */
export const documentTitle = (title: string) => `${title} — Salas`;

/** A list's later pages say which one they are (each is its own address, with its own canonical). */
const paged = (title: string, page: number) => (page > 1 ? `${title}, página ${page}` : title);

/** The public pages' own words (before `documentTitle`). */
export const publicTitles = {
  home: 'Salas por hora para profissionais da saúde',
  /** /rooms, or a search in it. */
  rooms: (search: string, page: number) =>
    paged(search ? `Salas para “${search}”` : 'Salas disponíveis por hora', page),
  room: (room: { name: string; clinic: { name: string } }) => `${room.name} · ${room.clinic.name}`,
  roomMissing: 'Sala não encontrada',
  city: (city: { name: string; state: string }, page: number) =>
    paged(`Salas por hora em ${city.name} – ${city.state}`, page),
  cityMissing: 'Cidade sem salas',
};
