/**
 * A room's booking rules (decision 0023): the grid its slots start on, the shortest stretch one
 * may book, the minutes kept free after each booking for cleaning, how far ahead and how soon one
 * may book. Set per clinic (defaults) and per room (null = the clinic's). Pure: the server's slot
 * rule, the booking check and the room page all use these functions.
 */

export interface BookingRules {
  /** Slots start every 30 or 60 minutes; each appointment is one slot. */
  slot_minutes: number;
  /** Shortest stretch of consecutive slots per booking; 0 = one slot. */
  min_booking_minutes: number;
  /** Minutes kept free after each booked stretch (cleaning). */
  buffer_minutes: number;
  /** A slot may start at most this many days from now. */
  max_days_ahead: number;
  /** A slot must start at least this many minutes from now. */
  min_notice_minutes: number;
}

/** What every room had before rules existed, and what a new clinic starts with. */
export const defaultBookingRules: BookingRules = {
  slot_minutes: 60,
  min_booking_minutes: 0,
  buffer_minutes: 0,
  max_days_ahead: 365,
  min_notice_minutes: 0,
};

export const ruleChoices = {
  slot: [60, 30],
  minimum: [0, 60, 90, 120, 180, 240, 360, 480],
  buffer: [0, 15, 30],
  notice: [0, 60, 120, 240, 720, 1440, 2880, 10080],
  daysAhead: { min: 1, max: 365 },
} as const;

/** Portuguese names of durations: "30 min", "1 h", "1 h 30 min", "2 dias". */
export function durationLabel(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) {
    const days = minutes / 1440;
    return days === 1 ? '1 dia' : `${days} dias`;
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const ruleMessages = {
  slot: 'Escolha uma grade de 30 ou 60 minutos.',
  minimum: 'Escolha um mínimo entre as opções (até 12 horas).',
  minimumGrid: 'O mínimo precisa ser um múltiplo da grade de horários.',
  buffer: 'O intervalo entre reservas pode ser 0, 15 ou 30 minutos.',
  daysAhead: 'Informe de 1 a 365 dias de antecedência máxima.',
  notice: 'Escolha uma antecedência mínima entre as opções (até 7 dias).',
  tooShort: (min: number) => `Cada período reservado precisa ter no mínimo ${durationLabel(min)}.`,
  offGrid: (slot: number) => `Os horários desta sala começam a cada ${slot} minutos.`,
  tooSoon: (notice: number) =>
    `Esta sala pede reserva com pelo menos ${durationLabel(notice)} de antecedência.`,
  tooFar: (days: number) => `Esta sala aceita reservas até ${days} dias à frente.`,
} as const;

/** The rules of a room: each of its own, or its clinic's where it has none. */
export function effectiveRules(
  room: Partial<Record<keyof BookingRules, number | null>>,
  clinic: BookingRules,
): BookingRules {
  const pick = (k: keyof BookingRules) => room[k] ?? clinic[k];
  return {
    slot_minutes: pick('slot_minutes'),
    min_booking_minutes: pick('min_booking_minutes'),
    buffer_minutes: pick('buffer_minutes'),
    max_days_ahead: pick('max_days_ahead'),
    min_notice_minutes: pick('min_notice_minutes'),
  };
}

/** The shortest stretch one may book, in minutes: the minimum, or one slot. */
export const minimumStretch = (rules: BookingRules) =>
  Math.max(rules.min_booking_minutes, rules.slot_minutes);

/** Why a set of rules cannot be kept, per field; empty when they can. */
export function ruleProblems(rules: BookingRules): Partial<Record<keyof BookingRules, string>> {
  const out: Partial<Record<keyof BookingRules, string>> = {};
  if (!(ruleChoices.slot as readonly number[]).includes(rules.slot_minutes))
    out.slot_minutes = ruleMessages.slot;
  if (!(ruleChoices.minimum as readonly number[]).includes(rules.min_booking_minutes))
    out.min_booking_minutes = ruleMessages.minimum;
  else if (rules.min_booking_minutes % rules.slot_minutes !== 0)
    out.min_booking_minutes = ruleMessages.minimumGrid;
  if (!(ruleChoices.buffer as readonly number[]).includes(rules.buffer_minutes))
    out.buffer_minutes = ruleMessages.buffer;
  if (
    !Number.isInteger(rules.max_days_ahead) ||
    rules.max_days_ahead < ruleChoices.daysAhead.min ||
    rules.max_days_ahead > ruleChoices.daysAhead.max
  )
    out.max_days_ahead = ruleMessages.daysAhead;
  if (!(ruleChoices.notice as readonly number[]).includes(rules.min_notice_minutes))
    out.min_notice_minutes = ruleMessages.notice;
  return out;
}

export interface Stretch {
  /** First slot's start, ms. */
  start: number;
  /** Last slot's end, ms. */
  end: number;
}

/** Slot starts (ms) joined into stretches of consecutive slots, in order. */
export function stretchesOf(starts: number[], slotMinutes: number): Stretch[] {
  const step = slotMinutes * 60_000;
  const out: Stretch[] = [];
  for (const start of [...new Set(starts)].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && last.end === start) last.end = start + step;
    else out.push({ start, end: start + step });
  }
  return out;
}

/** The stretches shorter than the room's minimum (empty when every stretch may be booked). */
export function shortStretches(starts: number[], rules: BookingRules): Stretch[] {
  const min = minimumStretch(rules) * 60_000;
  return stretchesOf(starts, rules.slot_minutes).filter((s) => s.end - s.start < min);
}

/**
 * The buffer each slot of a booking keeps after it: the room's on the last slot of each stretch,
 * none inside one (its next slot is the same person's). `starts` are the booking's slot starts (ms).
 */
export function bufferAfter(starts: number[], rules: BookingRules): (start: number) => number {
  const ends = new Set(stretchesOf(starts, rules.slot_minutes).map((s) => s.end));
  const step = rules.slot_minutes * 60_000;
  return (start) => (ends.has(start + step) ? rules.buffer_minutes : 0);
}
