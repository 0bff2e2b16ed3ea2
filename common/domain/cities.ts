/**
 * City pages (DESIGN §9): /salas/{cidade}, the city's name in lower case, without accents, words
 * joined by hyphens — "São Paulo" → "sao-paulo", "Santa Bárbara d'Oeste" → "santa-barbara-d-oeste".
 */
export function citySlug(city: string): string {
  return city
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const cityPath = (city: string) => `/salas/${citySlug(city)}`;
