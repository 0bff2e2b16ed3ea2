/**
 * iCalendar (RFC 5545) documents: invitations and cancellations sent by mail (RFC 5546 REQUEST /
 * CANCEL, one event per message: docs/decisions/0041) and the partners' agenda feed. All text is
 * escaped per RFC 5545 §3.3.11 (DESIGN §8), so no name or address can start a property of its own.
 */

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  /** The full UID: use appointmentUid() so mails and the feed name an appointment alike. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description?: string;
  cancelled?: boolean;
  /** Revision of the event: 0 when invited, higher for each later change (cancellation). */
  sequence?: number;
  attendee?: IcsPerson;
  /**
   * DTSTAMP: when the event was last revised. A feed (no METHOD) gives the row's last change, so
   * an unchanged agenda is byte for byte the same document (and keeps its ETag); mails leave it
   * out and stamp the sending time (RFC 5545 §3.8.7.2).
   */
  revisedAt?: Date;
}

export interface IcsOptions {
  now: Date;
  /** The calendar's name in calendar apps (feeds). */
  name?: string;
  method?: IcsMethod;
  /** Who sends invitations and cancellations; required by REQUEST and CANCEL. */
  organizer?: IcsPerson;
}

/** `<appointment uuid>@<host of PUBLIC_URL>`: the one UID of an appointment everywhere. */
export function appointmentUid(appointmentUuid: string, publicUrl: string): string {
  return `${appointmentUuid}@${new URL(publicUrl).hostname}`;
}

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// Every C0 control but LF, and DEL: a bare CR is one of them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000B-\u001F\u007F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;

/** TEXT value (RFC 5545 §3.3.11): `\`, `;`, `,` escaped, CR LF and LF as `\n`, other controls removed. */
export function icsText(value: string): string {
  return value
    .replace(/\r\n/g, '\n')
    .replace(CONTROL_BUT_LF, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** A parameter value (e.g. CN): no controls, no `"`, `^` per RFC 6868, quoted unless plain. */
function icsParam(value: string): string {
  const clean = value.replace(CONTROL, '').replace(/"/g, '').replace(/\^/g, '^^').trim();
  return /^[A-Za-z0-9._-]+$/.test(clean) ? clean : `"${clean}"`;
}

/** A `mailto:` address: controls and spaces can never be part of one. */
const mailto = (email: string) => `mailto:${email.replace(CONTROL, '').replace(/\s/g, '')}`;

const person = (property: string, p: IcsPerson, extra = '') =>
  `${property};CN=${icsParam(p.name)}${extra}:${mailto(p.email)}`;

/** Lines longer than 75 octets are folded (continuation lines start with a space). */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Events in UTC, so every calendar app places them right whatever its zone. */
export function icsCalendar(events: IcsEvent[], options: IcsOptions): string {
  const { method, organizer } = options;
  if ((method === 'REQUEST' || method === 'CANCEL') && !organizer) {
    throw new Error(`METHOD:${method} needs an organizer`);
  }
  if (method === 'REQUEST' && events.some((e) => !e.attendee)) {
    throw new Error('METHOD:REQUEST needs an attendee in every event');
  }
  // RFC 5546 §3.2.1: 'The "Organizer" MUST be present in a published iCalendar component.
  // "Attendees" MUST NOT be present.' (a file of several events: the outside bookings, issue 41).
  if (method === 'PUBLISH' && (!organizer || events.some((e) => e.attendee))) {
    throw new Error('METHOD:PUBLISH needs an organizer and no attendee');
  }
  // Outlook keeps only the first VEVENT of a scheduling message (decision 0041): one event each.
  if ((method === 'REQUEST' || method === 'CANCEL') && new Set(events.map((e) => e.uid)).size > 1) {
    throw new Error(`METHOD:${method} carries one event (one UID) per message`);
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Salas//Agenda//PT-BR',
    'CALSCALE:GREGORIAN',
    ...(method ? [`METHOD:${method}`] : []),
    ...(options.name
      ? [
          `X-WR-CALNAME:${icsText(options.name)}`,
          'X-WR-TIMEZONE:America/Sao_Paulo',
          'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
        ]
      : []),
  ];
  for (const e of events) {
    const cancelled = e.cancelled || method === 'CANCEL';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${icsDate(e.revisedAt ?? options.now)}`,
      `DTSTART:${icsDate(e.start)}`,
      `DTEND:${icsDate(e.end)}`,
      ...(e.sequence !== undefined ? [`SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`] : []),
      `SUMMARY:${icsText(e.summary)}`,
      `LOCATION:${icsText(e.location)}`,
      ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
      ...(organizer ? [person('ORGANIZER', organizer)] : []),
      ...(e.attendee ? [person('ATTENDEE', e.attendee, ';RSVP=FALSE')] : []),
      `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.map(fold).join('\r\n');
}

/**
 * The calendar events of one booking (docs/decisions/0041). Its hours, as booked, fall into runs of
 * contiguous hours; a run is one event, from the start of its first hour to the end of its last,
 * with the UID of its first hour (so a one-hour booking's event has that hour's UID, as in the
 * partner's feed). Hours canceled later shrink their run's event; a cancellation inside a run
 * splits it, and each later part becomes an event of its own, with the UID of its own first hour.
 * SEQUENCE is the number of the run's hours canceled so far, which grows with every change.
 */
export interface BookingHour {
  id: number;
  uuid: string;
  startsAt: Date;
  endsAt: Date;
}

export interface BookingEvent<H extends BookingHour = BookingHour> {
  uid: string;
  start: Date;
  end: Date;
  sequence: number;
  /** The hours the event holds (live ones; for a canceled event, the ones it last held). */
  hours: H[];
}

export interface BookingEventChange<H extends BookingHour = BookingHour> extends BookingEvent<H> {
  method: 'REQUEST' | 'CANCEL';
}

/** The runs of contiguous hours, in order of start. */
export function hourRuns<H extends BookingHour>(hours: readonly H[]): H[][] {
  const sorted = [...hours].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const runs: H[][] = [];
  for (const h of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1)!.endsAt.getTime() === h.startsAt.getTime()) run.push(h);
    else runs.push([h]);
  }
  return runs;
}

/** The events a booking's calendar holds when the hours in `canceled` are gone. */
export function bookingEvents<H extends BookingHour>(
  hours: readonly H[],
  canceled: ReadonlySet<number>,
  publicUrl: string,
): BookingEvent<H>[] {
  const events: BookingEvent<H>[] = [];
  for (const run of hourRuns(hours)) {
    const sequence = run.filter((h) => canceled.has(h.id)).length;
    const live = run.filter((h) => !canceled.has(h.id));
    hourRuns(live).forEach((part, i) => {
      events.push({
        // The first part keeps the run's UID; a part split off takes its own first hour's.
        uid: appointmentUid((i === 0 ? run[0]! : part[0]!).uuid, publicUrl),
        start: part[0]!.startsAt,
        end: part.at(-1)!.endsAt,
        sequence,
        hours: part,
      });
    });
  }
  return events;
}

/**
 * What to send when the hours in `canceledNow` are canceled, those in `canceledBefore` being gone
 * already: a CANCEL for each event that no longer holds any hour, a REQUEST (higher SEQUENCE) for
 * each that changed or was split off. Events the change does not touch are left alone.
 */
export function bookingEventChanges<H extends BookingHour>(
  hours: readonly H[],
  canceledBefore: ReadonlySet<number>,
  canceledNow: ReadonlySet<number>,
  publicUrl: string,
): BookingEventChange<H>[] {
  const before = bookingEvents(hours, canceledBefore, publicUrl);
  const after = bookingEvents(hours, new Set([...canceledBefore, ...canceledNow]), publicUrl);
  const same = (a: BookingEvent<H>, b: BookingEvent<H>) =>
    a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();
  const changes: BookingEventChange<H>[] = [];
  for (const old of before) {
    const now = after.find((e) => e.uid === old.uid);
    if (!now) {
      // The run's SEQUENCE after the change: every canceled hour of it counted.
      const run = hourRuns(hours).find((r) => r.some((h) => h.id === old.hours[0]!.id))!;
      const sequence = run.filter((h) => canceledBefore.has(h.id) || canceledNow.has(h.id)).length;
      changes.push({ ...old, sequence, method: 'CANCEL' });
    }
  }
  for (const now of after) {
    const old = before.find((e) => e.uid === now.uid);
    if (!old || !same(old, now)) changes.push({ ...now, method: 'REQUEST' });
  }
  return changes.sort((a, b) => a.start.getTime() - b.start.getTime());
}
