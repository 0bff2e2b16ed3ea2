import { formatBrl } from '#common/money';

export { formatBrl };

/** dd/mm/yy, the lists' date format (SPEC §9). */
export function formatShortDate(iso: string): string {
  const d = new Date(iso);
  return d.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: '2-digit' });
}
