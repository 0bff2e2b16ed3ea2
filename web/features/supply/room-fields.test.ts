import { describe, expect, it } from 'vitest';
import { priceMessages } from '#common/contracts/supply';
import { textMessages } from '#common/contracts/text';
import { hourlyPriceProblem, roomNameProblem } from './room-fields.ts';

describe('the room forms', () => {
  it('ask at least R$ 2,00 an hour, in the server’s words', () => {
    expect(hourlyPriceProblem('')).toBe('Informe o preço por hora.');
    expect(hourlyPriceProblem(0)).toBe('Informe o preço por hora.');
    expect(hourlyPriceProblem(0.01)).toBe(priceMessages.minimum);
    expect(hourlyPriceProblem(1.99)).toBe(priceMessages.minimum);
    expect(hourlyPriceProblem(2)).toBeNull();
    expect(hourlyPriceProblem(65)).toBeNull();
  });

  it('keep a room name on one line', () => {
    expect(roomNameProblem('S')).toBe('Informe o nome da sala.');
    expect(roomNameProblem('Sala\nAzul')).toBe(textMessages.singleLine);
    expect(roomNameProblem('Sala \u202Elua')).toBe(textMessages.singleLine);
    expect(roomNameProblem("Sala D'Ávila")).toBeNull();
  });
});
