import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCpf, onlyDigits } from './documents.ts';
import {
  completeTime,
  formatPhone,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfOrCnpj,
  maskDate,
  maskPhone,
  maskTime,
  timeSteps,
} from './masks.ts';

describe('masks', () => {
  it('formats phones as they are typed, mobile and landline', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('1198765')).toBe('(11) 9876-5');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 (11) 98765-4321 ramal')).toBe('(55) 11987-6543');
    expect(maskPhone('(11) 98765-43219')).toBe('(11) 98765-4321');
  });

  it('shows a stored phone one way everywhere: mobile, landline, +55, 0800, and leaves the unknown alone', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('(11) 32851234')).toBe('(11) 3285-1234');
    expect(formatPhone('1132851234')).toBe('(11) 3285-1234');
    expect(formatPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('+551132851234')).toBe('(11) 3285-1234');
    expect(formatPhone('5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('011 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('08001234567')).toBe('0800 123 4567');
    expect(formatPhone('987654321')).toBe('98765-4321');
    expect(formatPhone('32851234')).toBe('3285-1234');
    // A DDD 55 (Rio Grande do Sul) number is not mistaken for the country code.
    expect(formatPhone('5532851234')).toBe('(55) 3285-1234');
    expect(formatPhone('55987654321')).toBe('(55) 98765-4321');
    // Not a Brazilian number: as typed, never a wrong mask.
    expect(formatPhone(' +1 415 555 0100 ')).toBe('+1 415 555 0100');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('')).toBe('');
    // Whatever the mask typed, the formatter reads it back the same.
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]{2}9?[2-9]\d{7}$/), (d) => {
        expect(formatPhone(maskPhone(d))).toBe(maskPhone(d));
        expect(onlyDigits(formatPhone(`+55${d}`))).toBe(d);
      }),
    );
  });

  it('formats CEP, CPF, CNPJ and either', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310-1009')).toBe('01310-100');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfOrCnpj('112223330001')).toBe('11.222.333/0001');
  });

  it('turns a date typed without slashes into dd/mm/aaaa', () => {
    expect(maskDate('15031990')).toBe('15/03/1990');
    expect(maskDate('150')).toBe('15/0');
    expect(maskDate('15/03/1990')).toBe('15/03/1990');
    expect(maskDate('1503199012')).toBe('15/03/1990');
  });

  it('keeps the digits and is stable when applied twice', () => {
    const masks = [maskPhone, maskCep, maskCpf, maskCnpj, maskCpfOrCnpj, maskDate, maskTime];
    fc.assert(
      fc.property(fc.string(), (s) => {
        for (const mask of masks) {
          const once = mask(s);
          expect(mask(once)).toBe(once);
          expect(onlyDigits(s).startsWith(onlyDigits(once))).toBe(true);
        }
      }),
    );
    expect(isValidCpf(maskCpf('52998224725'))).toBe(true);
  });

  it('masks and completes 24-hour times', () => {
    expect(maskTime('0730')).toBe('07:30');
    expect(maskTime('07')).toBe('07');
    expect(maskTime('073')).toBe('07:3');
    expect(completeTime('7')).toBe('07:00');
    expect(completeTime('730')).toBe('07:30');
    expect(completeTime('07:3')).toBe('07:30');
    expect(completeTime('1930')).toBe('19:30');
    expect(completeTime('19:')).toBe('19:00');
    expect(completeTime('23:59')).toBe('23:59');
    expect(completeTime('24:00')).toBeNull();
    expect(completeTime('12:60')).toBeNull();
    expect(completeTime('7 PM')).toBeNull();
    expect(completeTime('')).toBeNull();
  });

  it('lists the day in steps, ending at 23:59', () => {
    const steps = timeSteps(30);
    expect(steps).toHaveLength(49);
    expect(steps.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(steps.at(-2)).toBe('23:30');
    expect(steps.at(-1)).toBe('23:59');
    expect(timeSteps(60)).toHaveLength(25);
  });
});
