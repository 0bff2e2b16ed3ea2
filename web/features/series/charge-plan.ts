import type { SeriesPreview } from '#common/contracts/series';

export type Month = SeriesPreview['months'][number];

/**
 * What is charged today and when each later month is (decision 0024's rule): the first month at
 * once; a later month whose charge date (5 days before it) has passed — a series made late in a
 * month — on the same day, right after the first (the card), or by a Pix mailed once the first is
 * paid; the others on their date.
 */
export function chargePlan(months: Month[]) {
  const today = months[0]?.charge_at.slice(0, 10);
  const dueToday = months.filter((m, i) => i > 0 && m.charge_at.slice(0, 10) === today);
  const todayCents = [months[0], ...dueToday].reduce((sum, m) => sum + (m?.amount_cents ?? 0), 0);
  return {
    isToday: (m: Month, i: number) => i > 0 && m.charge_at.slice(0, 10) === today,
    dueToday,
    todayCents,
  };
}
