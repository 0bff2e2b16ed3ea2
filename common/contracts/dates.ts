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

/**
 * The marketplace's dates and instants below carry this mark: in a path, a value that fails one is
 * bad input (422), where any other malformed path parameter names nothing (404). The API's error
 * handler (server/plugins/errors.ts) reads it from the route's path schema.
 */
export const calendarValues = z.registry();

/** A calendar date (aaaa-mm-dd) of the marketplace. */
export const marketDate = (message = 'Data inválida: use aaaa-mm-dd.') =>
  z.iso
    .date({ message })
    .refine((d) => d >= FIRST_DAY && d <= LAST_DAY, { message: outOfRangeMessage })
    .register(calendarValues);

/**
 * An instant with its offset (ISO 8601) whose date, as written (the clinic's offset), lies within
 * the marketplace's calendar.
 */
export const marketInstant = (message = 'Data e hora inválidas (ISO 8601 com fuso).') =>
  z.iso
    .datetime({ offset: true, message })
    .refine((t) => t.slice(0, 10) >= FIRST_DAY && t.slice(0, 10) <= LAST_DAY, { message: outOfRangeMessage })
    .register(calendarValues);
