/** Money is integer centavos (DESIGN §4). */

/** An hour slot's price: round(price_per_minute * 60 * 100) centavos. */
export function hourPriceCents(pricePerMinute: string | number): number {
  return Math.round(Number(pricePerMinute) * 6000);
}

/** A slot's price: round(price_per_minute * minutes * 100) centavos (30- or 60-minute grids). */
export function slotPriceCents(pricePerMinute: string | number, minutes: number): number {
  return Math.round(Number(pricePerMinute) * minutes * 100);
}

/** BRL per hour (as typed by a partner) -> price_per_minute with 4 decimal places. */
export function pricePerMinuteFromHourly(hourlyBrl: number): string {
  return (hourlyBrl / 60).toFixed(4);
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBrl = (cents: number) => brl.format(cents / 100);
