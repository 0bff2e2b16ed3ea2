/**
 * The marketplace's calendar (DESIGN §9 "Edges"): every date or instant a route takes — search,
 * availability, bookings, blocks, waitlist, series, agenda, dashboards, exports — lies between
 * 2000-01-01 and 2099-12-31; anything else answers 422 in Portuguese before it reaches the
 * database or the clock arithmetic (year 1 or 9999 used to end in a 500).
 */
import { z } from 'zod';

export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

export const outOfRangeMessage = 'Data fora do intervalo aceito (01/01/2000 a 31/12/2099).';

/** A calendar date (aaaa-mm-dd) of the marketplace. */
export const marketDate = (message = 'Data inválida: use aaaa-mm-dd.') =>
  z.iso.date({ message }).refine((d) => d >= FIRST_DAY && d <= LAST_DAY, { message: outOfRangeMessage });

/**
 * An instant with its offset (ISO 8601) whose date, as written (the clinic's offset), lies within
 * the marketplace's calendar.
 */
export const marketInstant = (message = 'Data e hora inválidas (ISO 8601 com fuso).') =>
  z.iso
    .datetime({ offset: true, message })
    .refine((t) => t.slice(0, 10) >= FIRST_DAY && t.slice(0, 10) <= LAST_DAY, { message: outOfRangeMessage });
