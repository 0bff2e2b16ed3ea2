/** The breadcrumb rules of SPEC §2, as a pure function. */
import type { Role } from '#common/domain/user';

const HIDDEN = new Set(['especialista', 'admin', 'parceiro', 'gestao', 'clinica', 'sala']);

export interface Crumb {
  label: string;
  to: string;
  active: boolean;
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1);

function prettify(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    /* keep it raw */
  }
  return capitalise(text.replace(/-/g, ' '));
}

/**
 * Crumbs of `pathname`: hidden segments dropped, a trail only with more than one segment left, a
 * loaded entity's name for its uuid, the last one active.
 */
export function breadcrumbTrail(pathname: string, names: Record<string, string>): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  parts.forEach((segment, index) => {
    if (HIDDEN.has(segment)) return;
    crumbs.push({
      label: names[segment] ?? prettify(segment),
      to: `/${parts.slice(0, index + 1).join('/')}`,
      active: false,
    });
  });
  if (crumbs.length <= 1) return [];
  crumbs[crumbs.length - 1]!.active = true;
  return crumbs;
}

/** SPEC §2: owner and admin are "admin", partner "parceiro", customer "especialista"; no user = admin. */
export function sectionOf(role: Role | null | undefined): 'admin' | 'parceiro' | 'especialista' {
  if (role === 'partner') return 'parceiro';
  if (role === 'customer') return 'especialista';
  return 'admin';
}
