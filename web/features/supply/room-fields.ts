/**
 * The room forms' checks (the room editor and the clinic set-up's rooms step), read from the room
 * contract the server validates with: the same name rule and the same price floor, in the same
 * words (decision 0030). The forms take a price per hour; the contract's is per minute.
 */
import type { z } from 'zod';
import { pricePerMinute, roomBody } from '#common/contracts/supply';
import { pricePerMinuteFromHourly } from '#common/money';

const firstProblem = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

export const roomNameProblem = (name: string) => firstProblem(roomBody.shape.name, name);

/** The hourly price as typed (the NumberInput's number, or "" when empty). */
export const hourlyPriceProblem = (hourly: number | string) =>
  hourly === '' || !(Number(hourly) > 0)
    ? 'Informe o preço por hora.'
    : firstProblem(pricePerMinute, pricePerMinuteFromHourly(Number(hourly)));
