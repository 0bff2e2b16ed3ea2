/** GET /api/partner/{partner}/statement.xlsx?month=YYYY-MM: the month's statement, saved as Extrato-{month}.xlsx. */
import { download } from '#web/lib/api.ts';

export const downloadStatement = (partner: string, month: string) =>
  download(`/partner/${partner}/statement.xlsx?${new URLSearchParams({ month })}`);
