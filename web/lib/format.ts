import { formatBrl } from '#common/money';

export { formatBrl };

/** dd/mm/yy, the lists' date format (SPEC §9). */
export function formatShortDate(iso: string): string {
  const d = new Date(iso);
  return d.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: '2-digit' });
}

const pluralRules = new Intl.PluralRules('pt-BR');
const integer = new Intl.NumberFormat('pt-BR');

/**
 * The word for `n` by Portuguese plural rules: plural(1, 'sala', 'salas') -> 'sala'. CLDR puts 0
 * with 1 ("one"), but Brazilians write "0 salas", so zero takes the plural.
 */
export const plural = (n: number, one: string, other: string): string =>
  n !== 0 && pluralRules.select(n) === 'one' ? one : other;

/** 4.325: thousands grouped as Brazilians write them. */
export const formatInteger = (n: number): string => integer.format(n);

/** The count and its word: countOf(11, 'agendamento', 'agendamentos') -> '11 agendamentos'. */
export const countOf = (n: number, one: string, other: string): string =>
  `${integer.format(n)} ${plural(n, one, other)}`;
