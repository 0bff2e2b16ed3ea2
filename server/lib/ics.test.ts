import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentUid, type IcsEvent, icsCalendar, icsText } from './ics.ts';

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
  it('writes an invitation: METHOD:REQUEST, ORGANIZER, ATTENDEE and one VEVENT per hour at SEQUENCE 0', () => {
    const list = events(3, { sequence: 0 });
    const text = icsCalendar(list, { now, method: 'REQUEST', organizer });
    const cal = parse(text);
    expect(value(cal, 'method')).toBe('REQUEST');
    const vevents = cal.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(3);
    expect(vevents.map((e) => value(e, 'uid'))).toEqual(list.map((e) => e.uid));
    for (const [i, e] of vevents.entries()) {
      expect(value(e, 'sequence')).toBe(0);
      expect(value(e, 'status')).toBe('CONFIRMED');
      const org = e.getFirstProperty('organizer')!;
      expect(org.getFirstValue()).toBe('mailto:nao-responda@salas.app');
      expect(org.getParameter('cn')).toBe('Salas');
      const att = e.getFirstProperty('attendee')!;
      expect(att.getFirstValue()).toBe('mailto:ana@exemplo.com.br');
      expect(att.getParameter('cn')).toBe('Ana Beatriz Souza');
      expect(att.getParameter('rsvp')).toBe('FALSE');
      const start = (value(e, 'dtstart') as InstanceType<typeof ICAL.Time>).toJSDate();
      expect(start.toISOString()).toBe(list[i]!.start.toISOString());
    }
    expect(text).toContain('ORGANIZER;CN=Salas:mailto:nao-responda@salas.app\r\n');
  });

  it('writes the cancellation with the same UIDs, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const invited = parse(icsCalendar(events(2, { sequence: 0 }), { now, method: 'REQUEST', organizer }));
    const canceled = parse(icsCalendar(events(2, { sequence: 1 }), { now, method: 'CANCEL', organizer }));
    expect(value(canceled, 'method')).toBe('CANCEL');
    const before = invited.getAllSubcomponents('vevent');
    const after = canceled.getAllSubcomponents('vevent');
    expect(after.map((e) => value(e, 'uid'))).toEqual(before.map((e) => value(e, 'uid')));
    for (const [i, e] of after.entries()) {
      expect(Number(value(e, 'sequence'))).toBeGreaterThan(Number(value(before[i]!, 'sequence')));
      expect(value(e, 'status')).toBe('CANCELLED');
    }
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
      events(2, {
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
      expect(cal.getAllSubcomponents().map((c) => c.name)).toEqual(['vevent', 'vevent']);
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
