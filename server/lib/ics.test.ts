import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  appointmentUid,
  type BookingHour,
  bookingEventChanges,
  bookingEvents,
  hourRuns,
  type IcsEvent,
  icsCalendar,
  icsText,
} from './ics.ts';

const now = new Date('2026-03-02T12:00:00Z');
const organizer = { name: 'Salas', email: 'nao-responda@salas.app' };
const attendee = { name: 'Ana Beatriz Souza', email: 'ana@exemplo.com.br' };

const events = (n: number, over: Partial<IcsEvent> = {}): IcsEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: appointmentUid(`0000000${i}-0000-4000-8000-000000000000`, 'https://salas.app'),
    start: new Date(Date.UTC(2026, 2, 10, 11 + i)),
    end: new Date(Date.UTC(2026, 2, 10, 12 + i)),
    summary: 'Sala 1 — Clínica Vida',
    location: 'Clínica Vida, Rua A, 10 - Centro, São Paulo/SP',
    attendee,
    ...over,
  }));

// Calendar apps read X-WR-CALNAME as TEXT; ical.js must be told so to unescape it.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

/** The calendar as ical.js reads it. */
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
/** The same text read by a lenient parser that also breaks lines on a bare CR. */
const parseLenient = (text: string) => parse(text.replace(/\r(?!\n)/g, '\r\n'));

const names = (c: InstanceType<typeof ICAL.Component>) =>
  c
    .getAllProperties()
    .map((p) => p.name)
    .sort();
const value = (c: InstanceType<typeof ICAL.Component>, name: string) => c.getFirstPropertyValue(name);

describe('icsText (RFC 5545 §3.3.11)', () => {
  it('escapes \\ ; , and line breaks, and removes every other control character', () => {
    expect(icsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(icsText('um\r\ndois\ntrês')).toBe('um\\ndois\\ntrês');
    expect(icsText('a\rb\u0000c\u0007d\te\u001Ff\u007Fg\u000Bh\u000Ci')).toBe('abcdefghi');
    expect(icsText('São Paulo — consultório')).toBe('São Paulo — consultório');
  });
});

describe('appointmentUid', () => {
  it('is the appointment uuid at the host of PUBLIC_URL', () => {
    expect(appointmentUid('abc', 'https://agenda.salas.app:8443/x')).toBe('abc@agenda.salas.app');
    expect(appointmentUid('abc', 'http://localhost:3000')).toBe('abc@localhost');
  });
});

describe('icsCalendar', () => {
  it('writes an invitation: METHOD:REQUEST, ORGANIZER, ATTENDEE and its one VEVENT at SEQUENCE 0', () => {
    const [one] = events(1, { sequence: 0, end: new Date(Date.UTC(2026, 2, 10, 14)) });
    const text = icsCalendar([one!], { now, method: 'REQUEST', organizer });
    const cal = parse(text);
    expect(value(cal, 'method')).toBe('REQUEST');
    const vevents = cal.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const e = vevents[0]!;
    expect(value(e, 'uid')).toBe(one!.uid);
    expect(value(e, 'sequence')).toBe(0);
    expect(value(e, 'status')).toBe('CONFIRMED');
    const org = e.getFirstProperty('organizer')!;
    expect(org.getFirstValue()).toBe('mailto:nao-responda@salas.app');
    expect(org.getParameter('cn')).toBe('Salas');
    const att = e.getFirstProperty('attendee')!;
    expect(att.getFirstValue()).toBe('mailto:ana@exemplo.com.br');
    expect(att.getParameter('cn')).toBe('Ana Beatriz Souza');
    expect(att.getParameter('rsvp')).toBe('FALSE');
    const time = (name: string) =>
      (value(e, name) as InstanceType<typeof ICAL.Time>).toJSDate().toISOString();
    expect(time('dtstart')).toBe(one!.start.toISOString());
    expect(time('dtend')).toBe('2026-03-10T14:00:00.000Z');
    expect(text).toContain('ORGANIZER;CN=Salas:mailto:nao-responda@salas.app\r\n');
  });

  it('writes the cancellation with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const invited = parse(icsCalendar(events(1, { sequence: 0 }), { now, method: 'REQUEST', organizer }));
    const canceled = parse(icsCalendar(events(1, { sequence: 1 }), { now, method: 'CANCEL', organizer }));
    expect(value(canceled, 'method')).toBe('CANCEL');
    const [before] = invited.getAllSubcomponents('vevent');
    const [after] = canceled.getAllSubcomponents('vevent');
    expect(value(after!, 'uid')).toBe(value(before!, 'uid'));
    expect(Number(value(after!, 'sequence'))).toBeGreaterThan(Number(value(before!, 'sequence')));
    expect(value(after!, 'status')).toBe('CANCELLED');
  });

  it('refuses a scheduling message with more than one event: Outlook would keep only the first', () => {
    expect(() => icsCalendar(events(2), { now, method: 'REQUEST', organizer })).toThrow(/one event/);
    expect(() => icsCalendar(events(3), { now, method: 'CANCEL', organizer })).toThrow(/one event/);
    // The feed (no METHOD) holds any number.
    expect(parse(icsCalendar(events(3), { now })).getAllSubcomponents('vevent')).toHaveLength(3);
  });

  it('refuses an invitation without organizer or attendee', () => {
    expect(() => icsCalendar(events(1), { now, method: 'REQUEST' })).toThrow(/organizer/);
    expect(() =>
      icsCalendar(events(1, { attendee: undefined }), { now, method: 'REQUEST', organizer }),
    ).toThrow(/attendee/);
  });

  const hostile = [
    'Sala\r',
    'Sala\rATTACH:http://x',
    'Sala\r\nDESCRIPTION:evil',
    'Sala\nATTACH:http://x',
    'Sala\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil',
    'Sala; Bloco B, 2º andar \\ fundos',
    'Sala\u0000nula\u007Fdel\tTAB',
  ];
  /** What the text must read after parsing: line breaks kept as such, other controls gone. */
  const expected = (s: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters to remove
    s.replace(/\r\n/g, '\n').replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '');

  it.each(hostile)('lets no text add a property or an event: %j', (evil) => {
    const text = icsCalendar(
      events(1, {
        sequence: 0,
        summary: evil,
        location: evil,
        description: evil,
        attendee: { name: `Ana "${evil}": ;x=1`, email: 'ana@exemplo.com.br' },
      }),
      { now, method: 'REQUEST', organizer, name: evil },
    );
    // Every line ends in CR LF, and no CR or LF stands anywhere else.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').join('')).not.toMatch(/[\r\n]/);
    for (const cal of [parse(text), parseLenient(text)]) {
      expect(names(cal)).toEqual(
        [
          'calscale',
          'method',
          'prodid',
          'refresh-interval',
          'version',
          'x-wr-calname',
          'x-wr-timezone',
        ].sort(),
      );
      expect(cal.getAllSubcomponents().map((c) => c.name)).toEqual(['vevent']);
      for (const e of cal.getAllSubcomponents('vevent')) {
        expect(names(e)).toEqual(
          [
            'attendee',
            'description',
            'dtend',
            'dtstamp',
            'dtstart',
            'location',
            'organizer',
            'sequence',
            'status',
            'summary',
            'uid',
          ].sort(),
        );
        expect(value(e, 'summary')).toBe(expected(evil));
        expect(value(e, 'location')).toBe(expected(evil));
        expect(value(e, 'description')).toBe(expected(evil));
        expect(value(e, 'status')).toBe('CONFIRMED');
        const att = e.getFirstProperty('attendee')!;
        expect(att.getFirstValue()).toBe('mailto:ana@exemplo.com.br');
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may remain
        expect(att.getParameter('cn')).not.toMatch(/[\u0000-\u001F\u007F"]/);
        expect(att.getParameter('rsvp')).toBe('FALSE');
      }
      expect(value(cal, 'x-wr-calname')).toBe(expected(evil));
    }
  });

  it('folds long lines at 75 octets without splitting a character, and they read back whole', () => {
    const summary = `${'Consultório de psicologia com divã, ar-condicionado e iluminação ♥ 🩺 '.repeat(4)}fim`;
    const text = icsCalendar(events(1, { summary, location: 'ação'.repeat(40) }), { now });
    const lines = text.split('\r\n');
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    const [e] = parse(text).getAllSubcomponents('vevent');
    expect(value(e!, 'summary')).toBe(summary);
    expect(value(e!, 'location')).toBe('ação'.repeat(40));
  });

  it('keeps the feed form: no METHOD, the calendar name, cancelled events marked', () => {
    const text = icsCalendar([...events(1), ...events(1, { cancelled: true, attendee: undefined })], {
      now,
      name: 'Salas — agenda de Ana; Clínica, Vida',
    });
    const cal = parse(text);
    expect(value(cal, 'method')).toBeNull();
    expect(value(cal, 'x-wr-calname')).toBe('Salas — agenda de Ana; Clínica, Vida');
    expect(cal.getAllSubcomponents('vevent').map((e) => value(e, 'status'))).toEqual([
      'CONFIRMED',
      'CANCELLED',
    ]);
  });
});

describe('a booking’s calendar events (decision 0041)', () => {
  const url = 'https://salas.app';
  /** Hours of one booking: [day, hour] pairs, 1 h each, ids 1, 2, 3… */
  const hours = (...at: [number, number][]): BookingHour[] =>
    at.map(([day, hour], i) => ({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-00000000000${i + 1}`,
      startsAt: new Date(Date.UTC(2026, 2, day, hour)),
      endsAt: new Date(Date.UTC(2026, 2, day, hour + 1)),
    }));
  const uidOf = (h: BookingHour) => appointmentUid(h.uuid, url);
  const none = new Set<number>();
  const iso = (d: Date) => d.toISOString().slice(5, 16);

  it('makes one event of contiguous hours, from the start of the first to the end of the last', () => {
    const h = hours([10, 14], [10, 15], [10, 16]);
    const events = bookingEvents(h, none, url);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: uidOf(h[0]!), sequence: 0 });
    expect([iso(events[0]!.start), iso(events[0]!.end)]).toEqual(['03-10T14:00', '03-10T17:00']);
  });

  it('makes one event per run when the hours have gaps or fall on several days', () => {
    const h = hours([10, 9], [10, 10], [10, 14], [17, 9]);
    expect(hourRuns(h).map((r) => r.length)).toEqual([2, 1, 1]);
    expect(bookingEvents(h, none, url).map((e) => e.uid)).toEqual([h[0], h[2], h[3]].map((x) => uidOf(x!)));
  });

  it('shrinks an event when an hour at its edge is canceled, keeping its UID with a higher SEQUENCE', () => {
    const h = hours([10, 14], [10, 15], [10, 16]);
    for (const gone of [1, 3]) {
      const changes = bookingEventChanges(h, none, new Set([gone]), url);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ method: 'REQUEST', uid: uidOf(h[0]!), sequence: 1 });
      expect(changes[0]!.hours.map((x) => x.id)).toEqual(gone === 1 ? [2, 3] : [1, 2]);
    }
  });

  it('splits an event at a canceled middle hour: the first part keeps the UID, the rest gets its own', () => {
    const h = hours([10, 14], [10, 15], [10, 16], [10, 17]);
    const changes = bookingEventChanges(h, none, new Set([2]), url);
    expect(changes.map((c) => [c.method, c.uid, c.sequence, iso(c.start), iso(c.end)])).toEqual([
      ['REQUEST', uidOf(h[0]!), 1, '03-10T14:00', '03-10T15:00'],
      ['REQUEST', uidOf(h[2]!), 1, '03-10T16:00', '03-10T18:00'],
    ]);
    // Later the first part goes too: the run's UID moves to what is left of the run (a REQUEST with
    // the new times) and the split-off UID is canceled — the UIDs follow from the hours alone.
    const later = bookingEventChanges(h, new Set([2]), new Set([1]), url);
    expect(later.map((c) => [c.method, c.uid, c.sequence, iso(c.start), iso(c.end)])).toEqual([
      ['CANCEL', uidOf(h[2]!), 2, '03-10T16:00', '03-10T18:00'],
      ['REQUEST', uidOf(h[0]!), 2, '03-10T16:00', '03-10T18:00'],
    ]);
  });

  it('cancels every event with the UIDs it was sent with when all hours go', () => {
    const h = hours([10, 9], [10, 10], [12, 9]);
    const sent = bookingEvents(h, none, url);
    const changes = bookingEventChanges(h, none, new Set(h.map((x) => x.id)), url);
    expect(changes.map((c) => c.method)).toEqual(['CANCEL', 'CANCEL']);
    expect(changes.map((c) => c.uid)).toEqual(sent.map((e) => e.uid));
    for (const [i, c] of changes.entries()) expect(c.sequence).toBeGreaterThan(sent[i]!.sequence);
  });

  it('never sends a lower SEQUENCE for a UID, whatever order the hours are canceled in', () => {
    const h = hours([10, 8], [10, 9], [10, 10], [10, 11], [10, 12]);
    for (const order of [
      [3, 1, 5, 2, 4],
      [1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1],
      [2, 4, 1, 5, 3],
    ]) {
      const seen = new Map<string, number>();
      for (const e of bookingEvents(h, none, url)) seen.set(e.uid, e.sequence);
      const canceled = new Set<number>();
      const ended = new Set<string>();
      for (const id of order) {
        for (const c of bookingEventChanges(h, canceled, new Set([id]), url)) {
          expect(ended.has(c.uid), `${c.uid} after its CANCEL`).toBe(false);
          if (seen.has(c.uid)) expect(c.sequence).toBeGreaterThan(seen.get(c.uid)!);
          seen.set(c.uid, c.sequence);
          if (c.method === 'CANCEL') ended.add(c.uid);
        }
        canceled.add(id);
      }
      // Every event sent was canceled in the end.
      expect([...seen.keys()].every((uid) => ended.has(uid))).toBe(true);
    }
  });
});
