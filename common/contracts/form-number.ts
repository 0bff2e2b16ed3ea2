import { z } from 'zod';

/**
 * A number typed in a form (a string is coerced). Null or an empty field is missing — the schema's
 * own message, 422 — not zero: `z.coerce.number()` alone turns null and "" into 0 and saved it
 * over a plan's fee and a clinic's cleaning time.
 */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema);

/**
 * The same where null means something (a room's own booking rules: null = the clinic's): null is
 * kept, only "" is missing. (A `.nullable()` around formNumber would take null too, but its
 * OpenAPI body would call the field optional, which it is not.)
 */
export const nullableFormNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.nullable());
