import { z } from 'zod';

export const roleSchema = z.enum(['owner', 'admin', 'customer', 'partner']);
export type Role = z.infer<typeof roleSchema>;

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

/** Where each role lands after sign-in (SPEC §2). */
export function roleHome(role: Role): string {
  switch (role) {
    case 'owner':
    case 'admin':
      return '/admin/gestao/especialistas';
    case 'customer':
      return '/especialista/salas';
    case 'partner':
      return '/parceiro/gestao/agendamentos';
  }
}

export const isOperator = (role: Role) => role === 'owner' || role === 'admin';
