/**
 * The product's mails built from sample data by the same functions that send them: what the mail
 * tests read (mail-samples.test.ts) and what the phone-width journey renders in Chromium
 * (e2e/mail-phone.spec.ts). Names are long on purpose, and the rooms' names take "o" and "a"
 * ("Consultório …", "Sala …") so wording that needs an article shows up.
 */
import { loginCodeMail, verificationMail } from '../auth/auth.mails.ts';
import {
  type BookingMail,
  canceledMails,
  confirmedMails,
  type MailBooking,
  type MailContext,
  pixLateRefundedMails,
  pixPendingMail,
  pixReceivedMail,
  reminderMail,
  seriesChargeRefusedMail,
} from '../notifications/mails/booking.mails.ts';
import { outsideBookingMails } from '../notifications/mails/outside-booking.mails.ts';
import { payoutPaidMail } from '../notifications/mails/payout.mails.ts';
import { reviewInvitationMail } from '../notifications/mails/review.mails.ts';

export const sampleContext: MailContext = {
  publicUrl: 'https://salas.app',
  mailFrom: 'Salas <nao-responda@salas.app>',
  now: new Date('2026-11-20T12:00:00Z'),
};

/** A Pix copia e cola as banks make them: one word of 200-odd characters. */
export const samplePixCode =
  '00020101021226990014br.gov.bcb.pix2577pix-qr.mercadopago.com/instore/o/v2/5f3a1c9e-7b2d-4e8f-a6c1-0d9b8e7f6a5b5204000053039865406180.005802BR5925SALAS INTERMEDIACAO LTDA6009SAO PAULO62070503***6304A1B2';

const hour = (id: number, iso: string, status = 'confirmed') => ({
  id,
  uuid: `6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f30${String(id).padStart(2, '0')}`,
  startsAt: new Date(iso),
  endsAt: new Date(new Date(iso).getTime() + 3_600_000),
  status,
  priceCents: 6000,
});

/** A booking of `room`: the hours given (São Paulo time, 27/11/2026, a Friday, unless said). */
export function sampleBooking(room: string, hours: string[], over: Partial<MailBooking> = {}): MailBooking {
  const items = hours.map((h, i) => hour(i + 1, h.includes('T') ? h : `2026-11-27T${h}:00-03:00`));
  return {
    booking: {
      uuid: '0b9e4c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d',
      amountCents: 6000 * items.length,
      seriesId: null,
      createdAt: sampleContext.now,
      holdExpiresAt: null,
      status: 'confirmed',
      outsideName: null,
      outsideEmail: null,
    },
    room: { name: room },
    clinic: { name: 'Clínica Integrada Vila Madalena de Saúde Mental', timezone: 'America/Sao_Paulo' },
    address: {
      street: 'Rua Mourato Coelho',
      number: '1.372',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
    },
    customer: {
      name: 'Maria Aparecida Fernandes de Albuquerque',
      email: 'maria.aparecida.fernandes.albuquerque@consultorio-exemplo.com.br',
    },
    items,
    payment: {
      uuid: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706',
      amountCents: 6000 * items.length,
      status: 'paid',
      paidAt: sampleContext.now,
      pixCopyPaste: null,
      pixExpiresAt: null,
    },
    ...over,
  };
}

export interface SampleMail {
  /** Which mail, e.g. "confirmada (cartão)". */
  name: string;
  mail: BookingMail;
  /** Mails about a booking name its room and its date in the subject. */
  room?: string;
}

const CONSULTORIO = 'Consultório Jardim';
const SALA = 'Sala 1';

/** Every mail kind the phone test and the wording tests look at; the main mail of each send. */
export function sampleMails(): SampleMail[] {
  const ctx = sampleContext;
  const main = (mails: BookingMail[]) => mails.at(-1)!;
  const contiguous = sampleBooking(CONSULTORIO, ['14', '15', '16']);
  const gaps = sampleBooking(SALA, ['09', '14', '2026-12-04T09:00-03:00']);
  const pix = sampleBooking(CONSULTORIO, ['14', '15'], {
    payment: {
      uuid: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706',
      amountCents: 12000,
      status: 'pending',
      paidAt: null,
      pixCopyPaste: samplePixCode,
      pixExpiresAt: new Date('2026-11-20T12:15:00Z'),
    },
  });
  const outside = sampleBooking(SALA, ['10', '11'], {
    booking: {
      ...contiguous.booking,
      outsideName: 'Joana Paciente',
      outsideEmail: 'joana@exemplo.com.br',
    },
  });
  const cancel = (d: MailBooking, actor: Parameters<typeof canceledMails>[2]['actor'], ids: number[]) =>
    main(
      canceledMails(ctx, d, {
        appointmentIds: ids,
        actor,
        refundCents: actor === 'hold_job' ? 0 : 6000 * ids.length,
        wholeBooking: actor === 'hold_job',
      }),
    );
  return [
    { name: 'reserva confirmada (cartão)', room: CONSULTORIO, mail: main(confirmedMails(ctx, contiguous)) },
    { name: 'reserva confirmada com intervalos', room: SALA, mail: main(confirmedMails(ctx, gaps)) },
    { name: 'convite de mais um bloco', room: SALA, mail: confirmedMails(ctx, gaps)[0]! },
    { name: 'Pix pendente', room: CONSULTORIO, mail: pixPendingMail(ctx, pix) },
    { name: 'Pix recebido', room: CONSULTORIO, mail: pixReceivedMail(ctx, contiguous) },
    { name: 'cancelada pela especialista', room: CONSULTORIO, mail: cancel(contiguous, 'customer', [3]) },
    { name: 'cancelada pela clínica', room: SALA, mail: cancel(gaps, 'partner', [1, 2]) },
    { name: 'cancelada pela equipe', room: CONSULTORIO, mail: cancel(contiguous, 'operator', [2]) },
    { name: 'prazo do Pix encerrado', room: CONSULTORIO, mail: cancel(pix, 'hold_job', [1, 2]) },
    { name: 'pagamento devolvido', room: SALA, mail: cancel(gaps, 'provider', [3]) },
    {
      name: 'Pix fora do prazo',
      room: CONSULTORIO,
      mail: main(pixLateRefundedMails(ctx, { ...pix, booking: { ...pix.booking, status: 'expired' } })),
    },
    {
      name: 'lembrete',
      room: CONSULTORIO,
      mail: reminderMail(ctx, {
        email: contiguous.customer.email,
        name: contiguous.customer.name,
        room: CONSULTORIO,
        clinic: contiguous.clinic,
        location: 'Clínica Integrada Vila Madalena de Saúde Mental, Rua Mourato Coelho, 1.372',
        starts: contiguous.items.map((a) => a.startsAt),
      }),
    },
    { name: 'horário reservado pela clínica', room: SALA, mail: main(outsideBookingMails(ctx, outside)) },
    {
      name: 'horário cancelado pela clínica',
      room: SALA,
      mail: main(outsideBookingMails(ctx, outside, [2])),
    },
    {
      name: 'cobrança do horário fixo recusada',
      mail: seriesChargeRefusedMail({ ...contiguous, booking: { ...contiguous.booking, seriesId: 7 } }),
    },
    {
      name: 'código de acesso',
      mail: loginCodeMail(
        'Maria Aparecida',
        '482913',
        `${ctx.publicUrl}/auth-user-ogin?email=maria.aparecida.fernandes.albuquerque%40consultorio-exemplo.com.br&token=482913`,
        10,
      ),
    },
    { name: 'confirmação de e-mail', mail: verificationMail('Maria Aparecida', '730215', 15) },
    {
      name: 'convite para avaliar',
      room: SALA,
      mail: reviewInvitationMail(ctx.publicUrl, {
        booking: gaps.booking,
        room: gaps.room,
        clinic: gaps.clinic,
        customer: { ...gaps.customer, id: 1, whatsappPhone: null, whatsappOptedInAt: null },
        endedAt: gaps.items[0]!.endsAt,
      }),
    },
    {
      name: 'repasse enviado',
      mail: payoutPaidMail(ctx.publicUrl, {
        name: 'Clínica Integrada Vila Madalena',
        amountCents: 1_234_567,
        reference: 'E12345678202611271200abcdefghijkLMNOPQRSTUV',
        lines: 37,
      }),
    },
  ];
}
