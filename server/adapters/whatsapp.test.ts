/** The Cloud API client against the fake: what it sends, and how it classes Meta's errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_WA_PHONE_NUMBER_ID,
  FAKE_WA_TOKEN,
  type FakeWhatsApp,
  startFakeWhatsApp,
} from '../test/whatsapp-fake.ts';
import { createWhatsAppSender, type WhatsAppError, type WhatsAppTemplateMessage } from './whatsapp.ts';

let fake: FakeWhatsApp;
let clock = new Date('2026-11-10T12:00:00Z');
beforeAll(async () => {
  fake = await startFakeWhatsApp({ clock: () => clock });
});
afterAll(() => fake?.close());

const sender = (token = FAKE_WA_TOKEN, apiUrl = fake.url) =>
  createWhatsAppSender({ token, phoneNumberId: FAKE_WA_PHONE_NUMBER_ID, apiUrl });
const template = (to: string): WhatsAppTemplateMessage => ({
  type: 'template',
  to,
  template: 'reserva_confirmada',
  params: ['Sala 1 (Clínica)', 'sex. 13/11, 10:00–11:00', 'https://salas.app/especialista/agendamentos/x'],
  quickReplies: ['booking:cancel:x', 'booking:details:x'],
});
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: WhatsAppError) => [err.kind, err.code],
  );

describe('WhatsApp Cloud API client', () => {
  it('sends a pt_BR template with its parameters and quick replies and answers the wamid', async () => {
    const wamid = await sender().send(template('5511999990001'));
    expect(wamid).toMatch(/^wamid\./);
    expect(fake.messages.at(-1)).toMatchObject({
      wamid,
      language: 'pt_BR',
      params: template('').params,
      quickReplies: ['booking:cancel:x', 'booking:details:x'],
    });
  });

  it('retries the limits, 5xx and the network later; anything else is final', async () => {
    const s = sender();
    fake.failNext({ code: 130429 });
    expect(await failure(s.send(template('5511999990002')))).toEqual(['retry', 130429]);
    fake.failNext({ code: 131056 });
    expect(await failure(s.send(template('5511999990003')))).toEqual(['retry', 131056]);
    fake.failNext({ code: 1, status: 503 });
    expect(await failure(s.send(template('5511999990004')))).toEqual(['retry', 1]);
    fake.failNext({ code: 131026 });
    expect(await failure(s.send(template('5511999990005')))).toEqual(['permanent', 131026]);
    // Free-form text outside the 24-hour window.
    expect(await failure(s.send({ type: 'text', to: '5511999990006', text: 'Oi' }))).toEqual([
      'permanent',
      131047,
    ]);
    expect(await failure(sender('wrong-token-0123456789').send(template('5511999990007')))).toEqual([
      'permanent',
      190,
    ]);
    expect(
      await failure(sender(FAKE_WA_TOKEN, 'http://127.0.0.1:1/v21.0').send(template('5511999990008'))),
    ).toEqual(['retry', undefined]);
    clock = new Date(clock.getTime() + 6_000);
  });
});
