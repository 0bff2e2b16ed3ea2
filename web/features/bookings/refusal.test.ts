import { describe, expect, it } from 'vitest';
import { bookingGateMessages, limitMessages } from '#common/domain/limits';
import { ApiError } from '#web/lib/api.ts';
import { text } from './messages.ts';
import { bookingRefusal } from './refusal.ts';

const room = '/rooms/5b1f7c3e-1111-4222-8333-944445555666?dia=2026-11-30&h=2026-11-30T09:00:00-03:00';

describe('bookingRefusal', () => {
  it('sends an unverified person to the e-mail code, with the way back to the room', () => {
    const err = new ApiError(403, { message: 'x', code: 'email_unverified' });
    const refusal = bookingRefusal(err, room);
    expect(refusal.message).toBe(bookingGateMessages.email_unverified);
    expect(refusal.step?.to).toBe(`/verificacao?redirect=${encodeURIComponent(room)}`);
  });

  it('sends a specialist without the completed data to complete it, with the way back', () => {
    const err = new ApiError(403, { message: 'x', code: 'profile_incomplete' });
    const refusal = bookingRefusal(err, room);
    expect(refusal.message).toBe(bookingGateMessages.profile_incomplete);
    expect(refusal.step?.to).toBe(`/especialista/new-account?redirect=${encodeURIComponent(room)}`);
  });

  it('never carries a return path to another site', () => {
    const err = new ApiError(403, { message: 'x', code: 'email_unverified' });
    expect(bookingRefusal(err, '//evil.example').step?.to).toBe('/verificacao');
  });

  it('says the limits and the declined card as the server does, with no step', () => {
    const pix = new ApiError(422, { message: 'x', errors: { payment_method: [limitMessages.openPix] } });
    expect(bookingRefusal(pix, room)).toEqual({
      title: 'Erro ao efetuar reserva!',
      message: `Não foi possível efetuar a reserva. ${limitMessages.openPix}`,
    });
    const card = new ApiError(422, {
      message: 'Verifique se os dados do cartão estão corretos!',
      errors: { number: ['Verifique se os dados do cartão estão corretos!'] },
    });
    expect(bookingRefusal(card, room).message).toContain('Verifique se os dados do cartão');
    const attempts = new ApiError(429, { message: limitMessages.cardAttempts });
    expect(bookingRefusal(attempts, room).message).toBe(limitMessages.cardAttempts);
  });

  it('says the bank declined the card and offers Pix: when saving it and when charging it', () => {
    const onSave = bookingRefusal(
      new ApiError(422, {
        message: 'Verifique se os dados do cartão estão corretos!',
        errors: { number: ['Verifique se os dados do cartão estão corretos!'] },
      }),
      room,
    );
    expect(onSave).toEqual({
      title: 'Cartão recusado pelo banco',
      message:
        'O banco emissor não aprovou este cartão. Verifique se os dados do cartão estão corretos! Se estiverem, use outro cartão ou pague com Pix.',
      offerPix: true,
    });
    const onCharge = bookingRefusal(
      new ApiError(422, {
        message: 'Não foi possível efetuar a reserva.',
        code: 'card_declined',
        errors: { card_uuid: ['Saldo ou limite insuficiente no cartão.'] },
      }),
      room,
    );
    expect(onCharge).toMatchObject({
      title: 'Cartão recusado pelo banco',
      message: 'Saldo ou limite insuficiente no cartão. Use outro cartão ou pague com Pix.',
      offerPix: true,
    });
    // The provider's reason already offering Pix is not repeated.
    const said = bookingRefusal(
      new ApiError(422, {
        message: 'x',
        code: 'card_declined',
        errors: { card_uuid: ['O banco emissor recusou o pagamento. Use outro cartão ou pague com Pix.'] },
      }),
      room,
    );
    expect(said.message).toBe('O banco emissor recusou o pagamento. Use outro cartão ou pague com Pix.');
    // A card field the person mistyped is not a decline.
    const typo = bookingRefusal(
      new ApiError(422, {
        message: 'Os dados enviados são inválidos.',
        errors: { number: ['Número de cartão inválido.'] },
      }),
      room,
    );
    expect(typo.offerPix).toBeUndefined();
  });

  it('keeps server failures to the generic sentence', () => {
    const err = new ApiError(500, { message: 'Ocorreu um erro inesperado.' });
    expect(bookingRefusal(err, room).message).toBe('Não foi possível efetuar a reserva.');
  });

  it("says Mercado Pago's refusals in Portuguese: the card's reason, the installments, the CVV token", () => {
    const declined = new ApiError(422, {
      message: 'Dados inválidos.',
      errors: { card_uuid: ['Saldo ou limite insuficiente no cartão.'] },
    });
    expect(bookingRefusal(declined, room).message).toBe(
      `${text.failed} Saldo ou limite insuficiente no cartão.`,
    );
    const installments = new ApiError(422, {
      message: 'Dados inválidos.',
      errors: { installments: ['No máximo 6 parcelas.'] },
    });
    expect(bookingRefusal(installments, room).message).toBe(`${text.failed} No máximo 6 parcelas.`);
    const token = new ApiError(422, {
      message: 'x',
      errors: { card_token: ['Informe o código de segurança do cartão.'] },
    });
    expect(bookingRefusal(token, room).message).toBe(
      `${text.failed} Informe o código de segurança do cartão.`,
    );
  });
});
