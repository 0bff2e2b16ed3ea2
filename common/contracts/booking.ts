/** Cards and bookings (SPEC §7 Cards, Appointments; DESIGN §4, §5). */
import { z } from 'zod';
import { onlyDigits } from '../br/documents.ts';
import { partnerStatuses } from '../domain/booking.ts';
import { zonedDate } from '../time/zone.ts';
import { marketDate, marketInstant } from './dates.ts';
import { pageQuery } from './rooms.ts';
import { singleLine } from './text.ts';

// The plain values beside the schemas (messages, labels, enums), for the server's imports.
export * from '../domain/booking.ts';

/** Luhn check digit of a card number. */
export function isLuhnValid(number: string): boolean {
  const digits = onlyDigits(number);
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its month, in Brazil's time. */
export function cardExpired(c: { exp_month: number; exp_year: number }, now: Date): boolean {
  const month = zonedDate(now, 'America/Sao_Paulo').slice(0, 7);
  return `${c.exp_year}-${String(c.exp_month).padStart(2, '0')}` < month;
}

/** A typed card (sandbox), checked against the clock of the side that checks it. */
export const cardBodyAt = (clock: () => Date) =>
  z
    .object({
      number: z
        .string({ message: 'Informe o número do cartão.' })
        .transform(onlyDigits)
        .refine(isLuhnValid, 'Número de cartão inválido.'),
      holder_name: singleLine(
        z
          .string({ message: 'Informe o nome impresso no cartão.' })
          .trim()
          .min(3, 'Informe o nome impresso no cartão.')
          .max(60),
      ),
      exp_month: z.coerce
        .number({ message: 'Mês inválido.' })
        .int()
        .min(1, 'Mês inválido.')
        .max(12, 'Mês inválido.'),
      exp_year: z.coerce
        .number({ message: 'Ano inválido.' })
        .int()
        .min(2000, 'Ano inválido.')
        .max(2100, 'Ano inválido.'),
      cvv: z
        .string({ message: 'Informe o código de segurança.' })
        .regex(/^\d{3,4}$/, 'Código de segurança inválido.'),
    })
    .refine((c) => !cardExpired(c, clock()), { message: 'Cartão vencido.', path: ['exp_month'] });
export type CardBody = z.input<ReturnType<typeof cardBodyAt>>;

/**
 * A card tokenised in the browser by the provider's own secure fields (Mercado Pago): the number
 * never reaches the server.
 */
export const cardTokenBody = z.object({
  card_token: z.string({ message: 'Cartão inválido.' }).trim().min(8, 'Cartão inválido.').max(200),
  payment_method_id: z.string().trim().max(40).nullish(),
});
/** POST /api/customer/{user}/card: the typed fields (sandbox) or a provider's card token. */
export const cardSaveBodyAt = (clock: () => Date) => z.union([cardTokenBody, cardBodyAt(clock)]);
export type CardSaveBody = z.output<ReturnType<typeof cardSaveBodyAt>>;

export const cardSchema = z.object({
  uuid: z.uuid(),
  /** Mercado Pago's id of the saved card (its CVV token is made from it); null with the sandbox. */
  provider_card_id: z.string().nullable(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder_name: z.string(),
  is_default: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardResponse = z.object({ data: cardSchema });
export const cardListResponse = z.object({ data: z.array(cardSchema) });

export const bookingBody = z.object({
  room_uuid: z.uuid({ message: 'Sala não encontrada.' }),
  date_times: z
    .array(marketInstant('Horário inválido.'), {
      message: 'Escolha os horários.',
    })
    .min(1, 'Escolha pelo menos um horário.')
    .max(200, 'No máximo 200 horários por reserva.'),
  payment_method: z.enum(['card', 'pix'], { message: 'Escolha cartão ou Pix.' }),
  card_uuid: z.uuid({ message: 'Escolha um cartão.' }).nullish(),
  /** Card only, with a provider that asks for it: the one-time token of the saved card's CVV. */
  card_token: z.string().trim().min(8, 'Informe o código de segurança do cartão.').max(200).nullish(),
  /** Card only: how many installments ("parcelas"); 1 = à vista. */
  installments: z.coerce
    .number({ message: 'Número de parcelas inválido.' })
    .int('Número de parcelas inválido.')
    .min(1, 'Número de parcelas inválido.')
    .max(12, 'No máximo 12 parcelas.')
    .optional(),
  /**
   * Card only: false = "Salvar este cartão" left unchecked — the card (just added to pay) is removed
   * from the person's saved cards once this payment is done, approved or not (decision 0037).
   */
  save_card: z.boolean().optional(),
});
export type BookingBody = z.input<typeof bookingBody>;

export const bookingSchema = z.object({
  uuid: z.uuid(),
  status: z.string(),
  amount_cents: z.number().int(),
  appointments: z.array(z.object({ uuid: z.uuid(), date_time: z.string(), status: z.string() })),
  payment: z.object({
    uuid: z.uuid(),
    method: z.string(),
    status: z.string(),
    pix: z.object({ copy_paste: z.string(), qr_code: z.string(), expires_at: z.string() }).optional(),
  }),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingResponse = z.object({ data: bookingSchema });

export const appointmentsQueryBody = z
  .object({
    dateInit: marketDate('Data inicial inválida.').nullish(),
    dateEnd: marketDate('Data final inválida.').nullish(),
  })
  .refine((b) => !b.dateInit || !b.dateEnd || b.dateInit <= b.dateEnd, {
    message: 'A data final deve ser depois da inicial.',
    path: ['dateEnd'],
  });

export const myAppointmentSchema = z.object({
  uuid: z.uuid(),
  date_time: z.string(),
  status: z.string(),
  amount_cents: z.number().int(),
  refund_cents: z.number().int(),
  payment_method: z.string(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  /** Whether cancelling now refunds (more than 24 h before the start). */
  refundable: z.boolean(),
  cancelable: z.boolean(),
});
export type MyAppointment = z.infer<typeof myAppointmentSchema>;

export const cancelResponse = z.object({
  data: z.object({
    uuid: z.uuid(),
    status: z.string(),
    refund_cents: z.number().int(),
    /** An unpaid Pix booking is canceled whole: every hour of it went with this one. */
    whole_booking: z.boolean(),
  }),
});

/** GET /api/customer/payment/{uuid} (DESIGN §8). */
export const refundSchema = z.object({
  uuid: z.uuid(),
  amount_cents: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  created_at: z.string(),
});
export const paymentStatusSchema = z.object({
  uuid: z.uuid(),
  status: z.string(),
  booking_status: z.string(),
  method: z.string(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  refunds: z.array(refundSchema),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentStatusResponse = z.object({ data: paymentStatusSchema });

export const partnerAppointmentSchema = z.object({
  uuid: z.uuid(),
  date_time: z.string(),
  status: z.string(),
  amount_cents: z.number().int(),
  payment_method: z.string(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  customer: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  /** Part of a horário fixo (a weekly series, decision 0024). */
  series: z.boolean(),
  /** The booking's payment (`disputed`, `charged_back`: the partner's share is held). */
  payment_status: z.string().nullable(),
  /** When the hour ends (30 or 60 minutes after date_time), in the clinic's zone. */
  ends_at: z.string(),
  /** The booking's own id (its hours share it). */
  booking_uuid: z.uuid(),
  /** A booking the partner recorded for someone off the platform (payment_method "manual"). */
  outside: z
    .object({ name: z.string(), email: z.string().nullable(), note: z.string().nullable() })
    .nullable(),
});
export type PartnerAppointment = z.infer<typeof partnerAppointmentSchema>;

export const statusUpdateBody = z
  .object({
    date_time: marketInstant('Horário inválido.'),
    status: z.enum(partnerStatuses, { message: 'Situação inválida.' }),
    /**
     * An outside booking only (payment_method "manual"): cancel every hour of it still held, in one
     * go — the person gets one mail. Without it, only this hour.
     */
    whole_booking: z.boolean().optional(),
  })
  .refine((b) => !b.whole_booking || b.status === 'canceled', {
    message: 'Só o cancelamento vale para a reserva inteira.',
    path: ['whole_booking'],
  });

/** The partner's private iCal feed: whether it exists and, right after (re)creating it, its URL. */
export const icalFeedResponse = z.object({
  data: z.object({ active: z.boolean(), url: z.string().nullable() }),
});
export type IcalFeed = z.infer<typeof icalFeedResponse>['data'];

// ------------------------------------------------ the specialist's bookings (DESIGN §9, decision 0037)

/** An hour of a booking as its specialist sees it: what it cost, what came back, what is allowed now. */
export const myBookingHourSchema = z.object({
  uuid: z.uuid(),
  date_time: z.string(),
  ends_at: z.string(),
  status: z.string(),
  price_cents: z.number().int(),
  refund_cents: z.number().int(),
  /** The specialist may cancel it now (DESIGN §8's table). */
  cancelable: z.boolean(),
  /** Canceling it now gives the money back (more than 24 h before the start). */
  refundable: z.boolean(),
});
export type MyBookingHour = z.infer<typeof myBookingHourSchema>;

/** What went back, or is going back, to the specialist: refunds not failed (or the failed ones, alone). */
export const refundSummarySchema = z.object({
  amount_cents: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
});

/**
 * A row of "Meus agendamentos": one booking with all its hours (`kind: "booking"`), or one horário
 * fixo with all its weeks (`kind: "series"`, `uuid` the series' uuid; its monthly bookings are not
 * listed apart).
 */
export const myBookingSchema = z.object({
  kind: z.enum(['booking', 'series']),
  uuid: z.uuid(),
  /** The booking's status; for a series, `active` or `canceled`. */
  status: z.string(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  /** The booking's hours; for a series, the hours of its next week still held (none once over). */
  appointments: z.array(myBookingHourSchema),
  /** The booking's amount; for a series, what one week costs. */
  amount_cents: z.number().int(),
  refund: refundSummarySchema.nullable(),
  /** A booking's payment: `pix_expires_at` while its Pix can still be paid. Null for a series. */
  payment: z
    .object({
      uuid: z.uuid(),
      method: z.string(),
      status: z.string(),
      pix_expires_at: z.string().nullable(),
    })
    .nullable(),
  /** Canceling the booking now is allowed (a series is changed on its own card). */
  cancelable: z.boolean(),
  series: z
    .object({
      weekday: z.number().int(),
      time: z.string(),
      minutes: z.number().int(),
      weeks: z.number().int().nullable(),
      /** Weeks still ahead and held. */
      upcoming_weeks: z.number().int(),
    })
    .nullable(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

export const myBookingsQuery = pageQuery
  .extend({
    /** Bookings with an hour on or after this date. */
    dateInit: marketDate('Data inicial inválida.').optional(),
    /** Bookings with an hour on or before this date. */
    dateEnd: marketDate('Data final inválida.').optional(),
  })
  .refine((b) => !b.dateInit || !b.dateEnd || b.dateInit <= b.dateEnd, {
    message: 'A data final deve ser depois da inicial.',
    path: ['dateEnd'],
  });

/** GET /api/customer/booking/{uuid}: one of the specialist's bookings, with what the receipt needs. */
/** A CPF or CNPJ on a receipt (digits only). */
const receiptDocumentSchema = z.object({ type: z.enum(['cpf', 'cnpj']), number: z.string() });

export const customerBookingSchema = z.object({
  uuid: z.uuid(),
  status: z.string(),
  amount_cents: z.number().int(),
  created_at: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({
    uuid: z.uuid(),
    name: z.string(),
    timezone: z.string(),
    address: z
      .object({
        street: z.string(),
        number: z.string(),
        complement: z.string().nullable(),
        neighborhood: z.string(),
        city: z.string(),
        state: z.string(),
        zip_code: z.string(),
      })
      .nullable(),
  }),
  appointments: z.array(myBookingHourSchema),
  payment: z
    .object({
      uuid: z.uuid(),
      method: z.string(),
      status: z.string(),
      amount_cents: z.number().int(),
      refunded_cents: z.number().int(),
      paid_at: z.string().nullable(),
      /** The card charged, while it is still saved. */
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
      /** While the Pix can still be paid: its copia e cola, QR image and deadline. */
      pix: z.object({ copy_paste: z.string(), qr_code: z.string(), expires_at: z.string() }).nullable(),
    })
    .nullable(),
  refunds: z.array(refundSchema),
  /** The horário fixo this month belongs to. */
  series_uuid: z.uuid().nullable(),
  /** "Cancelar reserva" is offered: some hour may still be canceled (not a horário fixo's month). */
  cancelable: z.boolean(),
  /**
   * Who the receipt names, once paid (null before): the payer's CPF and the payee — the clinic's
   * partner — by legal name and CNPJ or CPF, both in full (a rent receipt is the payer's proof in
   * livro-caixa and IRPF, which ask for whole documents); a document not on file is null.
   */
  receipt: z
    .object({
      payer_document: receiptDocumentSchema.nullable(),
      payee: z.object({ name: z.string(), document: receiptDocumentSchema.nullable() }),
    })
    .nullable(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;
export const customerBookingResponse = z.object({ data: customerBookingSchema });

/** POST /api/customer/booking/{uuid}/cancel: every hour still cancelable, one mail. */
export const customerBookingCancelResponse = z.object({
  data: z.object({
    uuid: z.uuid(),
    status: z.string(),
    refund_cents: z.number().int(),
    /** Hours canceled now. */
    canceled: z.number().int(),
    /** An unpaid booking goes whole. */
    whole_booking: z.boolean(),
  }),
});
export type CustomerBookingCancel = z.infer<typeof customerBookingCancelResponse>['data'];

/** The 422 `code` of a card the bank (issuer) declined when charged: the screen offers Pix. */
export const CARD_DECLINED = 'card_declined';

export const customerBookingMessages = {
  notFound: 'Reserva não encontrada.',
  seriesMonth:
    'Este mês faz parte de um horário fixo: pule semanas ou cancele o horário fixo em “Meus agendamentos”.',
} as const;
