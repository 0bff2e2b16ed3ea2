import { describe, expect, it } from 'vitest';
import { text } from '../messages.ts';
import { fieldCauseMessage, tokenCauseMessages, tokenErrorMessages } from './field-errors.ts';

const e = text.mp.errors;

describe('tokenErrorMessages', () => {
  it('has a Portuguese message for every documented card token cause', () => {
    const causes = [
      '205',
      '208',
      '209',
      '212',
      '213',
      '214',
      '221',
      '224',
      'E301',
      'E302',
      '316',
      '322',
      '323',
      '324',
      '325',
      '326',
    ];
    for (const cause of causes) expect(tokenCauseMessages[cause], cause).toMatch(/\S/);
  });

  it('reads the causes however the SDK rejects: a list, { cause: [...] }, codes as numbers', () => {
    expect(
      tokenErrorMessages([{ code: '205', message: 'parameter cardNumber can not be null/empty' }]),
    ).toEqual([e.numberRequired]);
    expect(tokenErrorMessages({ cause: [{ code: 'E302' }, { code: 324 }] })).toEqual([
      e.cvvInvalid,
      e.documentInvalid,
    ]);
    expect(tokenErrorMessages({ cause: '325' })).toEqual([e.dateInvalid]);
  });

  it('says each reason once (325 and 326 are both the date)', () => {
    expect(tokenErrorMessages([{ code: '325' }, { code: '326' }])).toEqual([e.dateInvalid]);
  });

  it('falls back to a generic message for an unknown or empty error', () => {
    expect(tokenErrorMessages(new Error('network'))).toEqual([e.generic]);
    expect(tokenErrorMessages(undefined)).toEqual([e.generic]);
    expect(tokenErrorMessages([{ code: '999' }])).toEqual([e.generic]);
  });
});

describe('fieldCauseMessage', () => {
  it("maps each secure field's validity cause", () => {
    expect(fieldCauseMessage('cardNumber', 'invalid_length')).toBe(e.numberLength);
    expect(fieldCauseMessage('cardNumber', 'invalid_value')).toBe(e.numberInvalid);
    expect(fieldCauseMessage('securityCode', 'invalid_length')).toBe(e.cvvInvalid);
    expect(fieldCauseMessage('expirationDate', 'invalid_value')).toBe(e.dateInvalid);
  });
});
