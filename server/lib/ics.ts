/**
 * iCalendar (RFC 5545) documents: invitations and cancellations attached to mails (RFC 5546
 * REQUEST / CANCEL) and the partners' agenda feed. All text is escaped per RFC 5545 §3.3.11
 * (DESIGN §8), so no name or address can start a property of its own.
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
