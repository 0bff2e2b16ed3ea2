import { describe, expect, it } from 'vitest';
import { brazilianMobile } from './phone.ts';

describe('a Brazilian mobile in international digits (WhatsApp)', () => {
  it('reads a mobile as kept or typed, with or without the country code', () => {
    expect(
      ['11987654321', '(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '21 9 9999-0000'].map(
        brazilianMobile,
      ),
    ).toEqual(['5511987654321', '5511987654321', '5511987654321', '5511987654321', '5521999990000']);
  });

  it('refuses landlines, numbers without a DDD, impossible DDDs and other countries', () => {
    expect(
      [
        '1133334444', // landline (8 digits after the DDD)
        '11 3333-44445', // 9 digits not starting with 9
        '987654321', // no DDD
        '01987654321', // DDD with a 0
        '10987654321',
        '+1 415 555 0100', // another country
        '5411987654321',
        '551198765432', // short
        '',
        'telefone',
      ].map(brazilianMobile),
    ).toEqual(Array(10).fill(undefined));
  });
});
