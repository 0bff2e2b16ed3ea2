/**
 * Roles and where each lands.
 * Plain values without zod: public pages import them without loading the validation library.
 */
export const roles = ['owner', 'admin', 'customer', 'partner'] as const;
export type Role = (typeof roles)[number];

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
