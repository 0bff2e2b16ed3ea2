/**
 * The mails' words and layout (issue 32, docs/decisions/0041): subjects name the room and the
 * date, no article stands before a room's name, the HTML is fluid up to 560 px with the Pix code
 * in a box that wraps, and each calendar part carries one event. How they look at 375 px in
 * Chromium is e2e/mail-phone.spec.ts.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sampleMails, samplePixCode } from './mail-samples.ts';

const mails = sampleMails();
const byName = (name: string) => mails.find((m) => m.name === name)!.mail;
const DAY = /\b(dom|seg|ter|qua|qui|sex|sáb)\. \d\d\/\d\d\b/;
/** An article or contraction right before a room's name: "da Consultório", "na Sala 1"… */
const ARTICLE = /\b(a|o|à|ao|da|do|na|no|pela|pelo|das|dos)\s+(Consultório Jardim|Sala 1)\b/i;

describe('mail wording', () => {
  it.each(mails.filter((m) => m.room))(
    'names the room and the date in the subject: $name',
    ({ mail, room }) => {
      expect(mail.subject).toContain(room!);
      expect(mail.subject).toMatch(DAY);
    },
  );

  it.each(mails)('puts no article before a room’s name: $name', ({ mail }) => {
    expect(mail.subject).not.toMatch(ARTICLE);
    expect(mail.text).not.toMatch(ARTICLE);
  });

  it('words the subjects as the decision says', () => {
    expect(byName('reserva confirmada (cartão)').subject).toBe(
      'Reserva confirmada: Consultório Jardim, sex. 27/11, 14:00–17:00',
    );
    expect(byName('reserva confirmada com intervalos').subject).toBe(
      'Reserva confirmada: Sala 1, sex. 27/11, 09:00–10:00 e mais 2 horários',
    );
    expect(byName('cancelada pela clínica').subject).toBe(
      'Reserva cancelada pela clínica: Sala 1, sex. 27/11, 09:00–10:00 e mais 1 horário',
    );
    expect(byName('cancelada pela especialista').subject).toBe(
      'Reserva cancelada: Consultório Jardim, sex. 27/11, 16:00–17:00',
    );
    expect(byName('pagamento devolvido').subject).toBe(
      'Pagamento devolvido, reserva cancelada: Sala 1, sex. 04/12, 09:00–10:00',
    );
    expect(byName('lembrete').subject).toBe(
      'Lembrete de amanhã: Consultório Jardim, sex. 27/11 às 14:00 e mais 2 horários',
    );
    expect(byName('cobrança do horário fixo recusada').subject).toBe(
      'Cobrança do horário fixo recusada: Consultório Jardim, novembro de 2026',
    );
    expect(byName('reserva confirmada (cartão)').text).toContain(
      'Sua reserva está confirmada — Consultório Jardim (Clínica Integrada Vila Madalena de Saúde Mental):',
    );
  });
});

describe('mail layout', () => {
  it.each(mails)('is fluid up to 560 px and made for a phone: $name', ({ mail }) => {
    const { html } = mail;
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toMatch(/class="mail-card"[^>]*width="100%"[^>]*max-width:560px/);
    // A fixed width only for Outlook on Windows, inside its conditional comment.
    const outsideMso = html.replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, '');
    expect(outsideMso).not.toMatch(/width="\d+"/);
    expect(outsideMso).not.toMatch(/(?<![-\w])width:\s*\d{3,}px/);
    expect(html).toContain('overflow-wrap:anywhere');
  });

  it('puts the Pix code whole in a box that wraps, and whole on a line of the text part', () => {
    const mail = byName('Pix pendente');
    expect(mail.html).toMatch(
      new RegExp(
        `class="mail-copy" style="[^"]*word-break:break-all[^"]*">${samplePixCode.replace(/\*/g, '\\*')}</div>`,
      ),
    );
    expect(mail.text.split('\n')).toContain(samplePixCode);
    // The code comes right after the sentence that asks for it.
    const lines = mail.text.split('\n').filter(Boolean);
    const asked = lines.findIndex((l) => l.startsWith('Valor: '));
    expect(lines.slice(asked + 1, asked + 3)).toEqual(['Pix copia e cola:', samplePixCode]);
  });

  it('makes the main action a full-width block', () => {
    const { html } = byName('código de acesso');
    expect(html).toMatch(
      /<a class="mail-button" href="https:\/\/salas\.app\/auth-user-ogin\?[^"]+" style="display:block;/,
    );
  });
});

describe('mail calendars', () => {
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

  it('invites to contiguous hours as one event of 14:00–17:00', () => {
    const { calendar } = byName('reserva confirmada (cartão)');
    expect(calendar?.method).toBe('REQUEST');
    const events = parse(calendar!.content).getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const time = (name: string) =>
      (events[0]!.getFirstPropertyValue(name) as InstanceType<typeof ICAL.Time>).toJSDate().toISOString();
    expect([time('dtstart'), time('dtend')]).toEqual([
      '2026-11-27T17:00:00.000Z',
      '2026-11-27T20:00:00.000Z',
    ]);
  });

  it('carries exactly one event in every calendar part', () => {
    for (const { name, mail } of mails.filter((m) => m.mail.calendar)) {
      const cal = parse(mail.calendar!.content);
      expect(cal.getFirstPropertyValue('method'), name).toBe(mail.calendar!.method);
      expect(cal.getAllSubcomponents('vevent'), name).toHaveLength(1);
    }
  });
});
