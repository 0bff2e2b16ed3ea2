import { formatBrl } from '#common/money';

export { formatBrl };

/** A date, or a date-time written with its offset ("…T23:30:00-04:00": the clinic's clock). */
const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+[+-]\d{2}:\d{2})?$/;

/**
 * dd/mm/yy, the lists' date format (SPEC §9). A time written with its offset keeps the day it was
 * written on — an appointment at 23:30 in Manaus is that day's, in a browser in São Paulo too
 * (issue 42); a UTC instant ("…Z") takes the browser's day.
 */
export function formatShortDate(iso: string): string {
  const written = WRITTEN.exec(iso);
  if (written) return `${written[3]}/${written[2]}/${written[1]!.slice(2)}`;
  const d = new Date(iso);
  return d.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: '2-digit' });
}

// Made at first use, not when the module loads: the first Intl object a page makes loads the
// locale's data (~40 ms of a phone's main thread), and the room page needs none to hydrate.
let rules: Intl.PluralRules | undefined;
let integers: Intl.NumberFormat | undefined;
const pluralRules = () => (rules ??= new Intl.PluralRules('pt-BR'));
const integer = () => (integers ??= new Intl.NumberFormat('pt-BR'));

/**
 * The word for `n` by Portuguese plural rules: plural(1, 'sala', 'salas') -> 'sala'. CLDR puts 0
 * with 1 ("one"), but Brazilians write "0 salas", so zero takes the plural.
 */
export const plural = (n: number, one: string, other: string): string =>
  n !== 0 && pluralRules().select(n) === 'one' ? one : other;

/** 4.325: thousands grouped as Brazilians write them. */
export const formatInteger = (n: number): string => integer().format(n);

/** The count and its word: countOf(11, 'agendamento', 'agendamentos') -> '11 agendamentos'. */
export const countOf = (n: number, one: string, other: string): string =>
  `${integer().format(n)} ${plural(n, one, other)}`;

/**
 * "28/11/2026 às 14:03": an instant (the moment a person did something, e.g. gave consent) on the
 * given zone's clock, by default the browser's.
 */
export function formatDateTime(iso: string, zone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}
