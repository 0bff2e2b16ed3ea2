import { z } from 'zod';
import { roles } from '../domain/user.ts';

// The plain values beside the schemas (messages, labels, enums), for the server's imports.
export * from '../domain/user.ts';

export const roleSchema = z.enum(roles);

/** `User` as every client sees it (DESIGN §4). */
export const userSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role_name: roleSchema,
  active: z.boolean(),
  email_verified: z.boolean(),
  photo: z.object({ url: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;
