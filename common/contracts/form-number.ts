import { z } from 'zod';

/**
 * A number typed in a form (a string is coerced). Null or an empty field is missing — the schema's
 * own message, 422 — not zero: `z.coerce.number()` alone turns null and "" into 0 and saved it
 * over a plan's fee. A `.nullable()` around it still takes null as "not set" where null means
 * something.
 */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema);
