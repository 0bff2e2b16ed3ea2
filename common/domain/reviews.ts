/** Reviews' numbers as every side shows them (DESIGN §10 "Reviews"). */

/** The average of the visible reviews, one decimal (4.65 → 4.7); null without reviews. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/** "4,7" — the average as a Brazilian reads it. */
export const formatRating = (avg: number): string =>
  avg.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "1 avaliação", "12 avaliações". */
export const reviewCountLabel = (count: number): string =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? 'avaliação' : 'avaliações'}`;
