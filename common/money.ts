/** Money is integer centavos (DESIGN §4). */

/**
 * The least an hour may cost: R$ 2,00, so the shortest slot (half an hour) is charged at least
 * R$ 1,00 (decision 0030). A room at R$ 0,0001/min made R$ 0,01 card and Pix charges. Mercado
 * Pago refuses an amount under its minimum — "El monto enviado en transaction_amount es inferior o
 * superior al permitido" (error 4037, mercadopago.com.mx/developers/es/support/37026) — without
 * naming a Pix minimum in its docs; its Checkout Pro minimum for a Brazilian credit card is R$ 0,50
 * ("Brazil — Credit card: R$ 0,50", docs.y.uno/docs/mercado-pago-checkout-pro). R$ 1,00 clears both.
 */
export const MIN_HOUR_PRICE_CENTS = 200;

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

/**
 * "R$ 1.234,56" (a no-break space after R$), exactly as Intl.NumberFormat('pt-BR', BRL) writes it,
 * without Intl: the first Intl object a page makes loads the locale's data, ~40 ms of a phone's main
 * thread while the room page hydrates (docs/performance.md, "Décima rodada").
 */
export function formatBrl(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `${sign}R$\u00a0${reais},${String(whole % 100).padStart(2, '0')}`;
}
