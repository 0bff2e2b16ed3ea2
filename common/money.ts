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

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBrl = (cents: number) => brl.format(cents / 100);
