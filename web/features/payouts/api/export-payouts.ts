/** POST /api/fusion/exportPayouts { dateInit, dateEnd }: Repasses-{start}-{end}.xlsx with bank and Pix data. */
import { download } from '#web/lib/api.ts';

export const exportPayouts = (dateInit: string, dateEnd: string) =>
  download('/fusion/exportPayouts', { method: 'POST', body: { dateInit, dateEnd } });
