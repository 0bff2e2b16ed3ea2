/** The breadcrumb rules of SPEC §2, as a pure function. */
import type { Role } from '#common/domain/user';
import {
  accountLink,
  adminSections,
  type MenuLink,
  partnerSections,
  roleMenu,
  sectionMenu,
} from '#web/app/menus.ts';

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

const roles: Role[] = ['admin', 'partner', 'customer'];
let menuLinks: MenuLink[] | undefined;
/** Every in-app link of the menus: their labels carry the accents the URL segments leave out. */
function allMenuLinks(): MenuLink[] {
  menuLinks ??= [
    ...roles.flatMap((role) => roleMenu(role, { aboutUrl: '', advertiseUrl: '' })),
    ...partnerSections,
    ...adminSections,
    ...roles.flatMap((role) => accountLink(role) ?? []),
  ].filter((link) => !link.external && link.to.startsWith('/'));
  return menuLinks;
}

/**
 * The menus' own label for the page at `path`: its link ("Dados bancários"), the title of the
 * section it is the root of ("Configurações"), or a link ending in the same segment ("Clínicas").
 */
function menuLabel(path: string, segment: string): string | undefined {
  const section = sectionMenu(path);
  const links = [...(section?.links ?? []), ...allMenuLinks()];
  const exact = links.find((link) => link.to === path);
  if (exact) return exact.label;
  if (section?.links.every((link) => link.to.startsWith(`${path}/`))) return section.title;
  return links.find((link) => link.to.split('/').at(-1) === segment)?.label;
}

/**
 * Crumbs of `pathname`: hidden segments dropped, a trail only with more than one segment left, a
 * loaded entity's name for its uuid, the menus' label for a page they link, the last one active.
 */
export function breadcrumbTrail(pathname: string, names: Record<string, string>): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  parts.forEach((segment, index) => {
    // A city page (/salas/{cidade}) is a page of its own, like a room's: no trail.
    if (HIDDEN.has(segment) || (index === 0 && segment === 'salas')) return;
    const to = `/${parts.slice(0, index + 1).join('/')}`;
    crumbs.push({ label: names[segment] ?? menuLabel(to, segment) ?? prettify(segment), to, active: false });
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
