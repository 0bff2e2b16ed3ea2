/**
 * "Horário fixo" (decision 0024): the same room at the same weekday and hours every week, paid
 * month by month. Pure: the server's booking of a series and the room page's preview use these.
 */
import { addDays, toZonedIso, zonedInstant } from '#common/time/zone';

/** How many days before a month starts its charge is made (saved card) or its Pix is mailed. */
export const SERIES_CHARGE_DAYS_BEFORE = 5;
/** After a month's charge is due, how long it may stay unpaid before its hours are released. */
export const SERIES_GRACE_DAYS = 3;
/** A series with an end runs 1 to 52 weeks; one without runs until canceled, booked to the room's horizon. */
export const SERIES_MAX_WEEKS = 52;

export interface Occurrence {
  /** yyyy-MM-dd in the clinic's zone. */
  date: string;
  /** Start of each slot of the occurrence, ISO 8601 in the clinic's zone. */
  starts: string[];
}

/**
 * The weekly occurrences from the first date at the same wall-clock time: `weeks` of them, or as
 * many as start within `until` (the room's horizon) when the series has no end.
 */
export function seriesOccurrences(input: {
  firstDate: string;
  time: string;
  timezone: string;
  minutes: number;
  slotMinutes: number;
  weeks: number | null;
  until: Date;
}): Occurrence[] {
  const out: Occurrence[] = [];
  const count = input.weeks ?? SERIES_MAX_WEEKS + 1;
  for (let i = 0; i < count; i++) {
    const date = addDays(input.firstDate, 7 * i);
    const start = zonedInstant(date, input.time, input.timezone).getTime();
    if (start > input.until.getTime()) break;
    const starts: string[] = [];
    for (let m = 0; m < input.minutes; m += input.slotMinutes)
      starts.push(toZonedIso(new Date(start + m * 60_000), input.timezone));
    out.push({ date, starts });
  }
  return out;
}

/** yyyy-MM of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** A later month's charge date: SERIES_CHARGE_DAYS_BEFORE days before its first day, 08:00 clinic time. */
export const chargeDate = (month: string, timezone: string): Date =>
  zonedInstant(addDays(`${month}-01`, -SERIES_CHARGE_DAYS_BEFORE), '08:00', timezone);

/**
 * When a later month is charged: on its charge date, or — when that date has already passed (a
 * series made in the last days of a month, an open series extended late) — right away: the
 * lifecycle's job charges it on its next round, once the series' first month is paid (decision 0024).
 */
export function chargeMoment(month: string, timezone: string, now: Date): Date {
  const at = chargeDate(month, timezone);
  return at.getTime() > now.getTime() ? at : now;
}

export const seriesMessages = {
  conflicts: 'Algumas semanas já estão ocupadas. Pule essas semanas ou escolha outro horário.',
  notFound: 'Horário fixo não encontrado.',
  ended: 'Este horário fixo já foi cancelado.',
  noOccurrence: 'Não há nenhuma semana deste horário fixo nessa data.',
  alreadyBilled:
    'A cobrança deste mês já foi emitida: pague-a antes de pular a semana, ou cancele a semana depois de pago.',
  nothingLeft: 'Nenhuma semana livre para reservar: escolha outro horário ou outra data.',
  weeks: `Escolha de 1 a ${SERIES_MAX_WEEKS} semanas, ou "até eu cancelar".`,
  minutes: 'A duração deve seguir a grade de horários da sala.',
} as const;
