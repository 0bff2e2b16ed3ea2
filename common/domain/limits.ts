/**
 * Limits per person (DESIGN §8), in one place: the server enforces them, the web quotes them.
 * Each comes with the Portuguese sentence the person reads when they meet it.
 */
export const limits = {
  /** Unpaid Pix bookings open at once. */
  maxOpenPixBookings: 3,
  /** Hours held unpaid (Pix) at once. */
  maxHeldUnpaidHours: 24,
  /** Refused card attempts (saving or paying) per hour before 429. */
  maxRefusedCardAttemptsPerHour: 5,
  /** How far ahead a booking may start. */
  maxDaysAhead: 365,
  /**
   * Mails a partner causes to addresses outside the platform (the person of an outside booking,
   * DESIGN §10), per hour and per day: a clinic's phone bookings fit, a mailing list does not.
   */
  maxOutsideMailsPerHour: 20,
  maxOutsideMailsPerDay: 100,
} as const;

export const limitMessages = {
  openPix: `Você já tem ${limits.maxOpenPixBookings} reservas aguardando pagamento Pix. Pague ou cancele uma delas antes de reservar de novo.`,
  heldHours: `Você já tem horários guardados sem pagamento; o máximo é ${limits.maxHeldUnpaidHours} horas aguardando Pix. Pague ou cancele antes de reservar mais.`,
  cardAttempts: 'Muitas tentativas de cartão recusadas. Tente de novo daqui a uma hora ou pague com Pix.',
  tooFarAhead: `Só é possível reservar até ${limits.maxDaysAhead} dias à frente.`,
  outsideMails: `A reserva foi registrada, mas o e-mail para a pessoa não foi enviado: cada clínica envia até ${limits.maxOutsideMailsPerHour} e-mails por hora (${limits.maxOutsideMailsPerDay} por dia) a pessoas de fora da plataforma. Avise a pessoa por telefone ou mensagem.`,
} as const;

/** Why the server refused a booking to this person (403 `code`). */
export type BookingGateCode = 'email_unverified' | 'profile_incomplete';
export const bookingGateMessages: Record<BookingGateCode, string> = {
  email_unverified: 'Confirme seu e-mail antes de reservar: enviamos um código para sua caixa de entrada.',
  profile_incomplete:
    'Complete seu cadastro (CPF, nascimento, telefone, conselho e endereço) antes de reservar.',
};
