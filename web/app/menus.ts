/** Menus by role and the section menus (SPEC §2). Pure data: the header and tests read it. */
import type { PublicLinks } from '#common/contracts/meta';
import type { Role } from '#common/domain/user';

export interface MenuLink {
  label: string;
  to: string;
  external?: boolean;
}

export function roleMenu(
  role: Role | null,
  links: Pick<PublicLinks, 'aboutUrl' | 'advertiseUrl'>,
): MenuLink[] {
  const about: MenuLink = { label: 'Sobre nós', to: links.aboutUrl, external: true };
  switch (role) {
    case 'owner':
    case 'admin':
      return [
        { label: 'Especialistas', to: '/admin/gestao/especialistas' },
        { label: 'Salas', to: '/admin/gestao/salas' },
        { label: 'Parceiros', to: '/admin/gestao/parceiros' },
        { label: 'Agendamentos', to: '/admin/gestao/agendamentos' },
        { label: 'Reservas', to: '/admin/gestao/reservas' },
        { label: 'Diferenciais', to: '/admin/gestao/diferenciais' },
        { label: 'Dashboard', to: '/admin/dashboard' },
        { label: 'Repasses', to: '/admin/repasses' },
      ];
    case 'customer':
      return [
        { label: 'Alugue aqui', to: '/rooms' },
        { label: 'Meu perfil', to: '/especialista/perfil' },
        { label: 'Meus agendamentos', to: '/especialista/agendamentos' },
        { label: 'Avaliações', to: '/especialista/avaliacoes' },
        about,
      ];
    case 'partner':
      return [
        { label: 'Novo Agendamento', to: '/rooms' },
        { label: 'Perfil', to: '/parceiro/gestao/perfil' },
        { label: 'Clínicas', to: '/parceiro/gestao/clinicas' },
        { label: 'Salas', to: '/parceiro/gestao/salas' },
        { label: 'Agendamentos', to: '/parceiro/gestao/agendamentos' },
        about,
      ];
    default:
      return [
        { label: 'Salas', to: '/rooms' },
        // The clinics' own sign-up (decision 0039); ADVERTISE_URL is linked from that page.
        { label: 'Anuncie sua sala', to: '/anuncie' },
        about,
      ];
  }
}

/** The person's own account page, in the header's user menu: operators have /admin/conta. */
export function accountLink(role: Role | null | undefined): MenuLink | undefined {
  return role === 'owner' || role === 'admin' ? { label: 'Minha conta', to: '/admin/conta' } : undefined;
}

export interface SectionMenu {
  title: string;
  links: MenuLink[];
}

const sections: { prefix: string; menu: SectionMenu }[] = [
  {
    prefix: '/admin/gestao',
    menu: {
      title: 'Gestão',
      links: [
        { label: 'Especialistas', to: '/admin/gestao/especialistas' },
        { label: 'Salas', to: '/admin/gestao/salas' },
        { label: 'Parceiros', to: '/admin/gestao/parceiros' },
        { label: 'Agendamentos', to: '/admin/gestao/agendamentos' },
        { label: 'Reservas', to: '/admin/gestao/reservas' },
        { label: 'Avaliações', to: '/admin/gestao/avaliacoes' },
        { label: 'Diferenciais', to: '/admin/gestao/diferenciais' },
        { label: 'Planos', to: '/admin/gestao/planos' },
      ],
    },
  },
  {
    prefix: '/admin/dashboard',
    menu: { title: 'Dashboard', links: [{ label: 'Visão geral', to: '/admin/dashboard' }] },
  },
  {
    prefix: '/admin/repasses',
    menu: { title: 'Repasses', links: [{ label: 'Saldos e repasses', to: '/admin/repasses' }] },
  },
  {
    prefix: '/parceiro/dashboard',
    menu: { title: 'Dashboard', links: [{ label: 'Visão geral', to: '/parceiro/dashboard' }] },
  },
  {
    prefix: '/parceiro/repasses',
    menu: { title: 'Repasses', links: [{ label: 'Extrato e repasses', to: '/parceiro/repasses' }] },
  },
  {
    prefix: '/parceiro/avaliacoes',
    menu: { title: 'Avaliações', links: [{ label: 'Avaliações das salas', to: '/parceiro/avaliacoes' }] },
  },
  {
    prefix: '/parceiro/configuracoes',
    menu: {
      title: 'Configurações',
      links: [
        { label: 'Dados do parceiro', to: '/parceiro/configuracoes/dados-parceiro' },
        { label: 'Dados bancários', to: '/parceiro/configuracoes/dados-bancarios' },
        { label: 'Dados de pagamento', to: '/parceiro/configuracoes/dados-pagamento' },
      ],
    },
  },
  {
    prefix: '/parceiro/gestao',
    menu: {
      title: 'Gestão',
      links: [
        { label: 'Agendamentos', to: '/parceiro/gestao/agendamentos' },
        { label: 'Clínicas', to: '/parceiro/gestao/clinicas' },
        { label: 'Salas', to: '/parceiro/gestao/salas' },
        { label: 'Perfil', to: '/parceiro/gestao/perfil' },
      ],
    },
  },
];

/** The section menu of the current path, if it is in a section. */
export function sectionMenu(pathname: string): SectionMenu | undefined {
  return sections.find((s) => pathname === s.prefix || pathname.startsWith(`${s.prefix}/`))?.menu;
}

/**
 * Every section menu of the role's area, in the order of its sections: the phone drawer lists them
 * all, since the section strip sits above the page only on wider screens.
 */
export function areaSections(role: Role | null | undefined): SectionMenu[] {
  const prefixes =
    role === 'partner'
      ? [
          '/parceiro/gestao',
          '/parceiro/dashboard',
          '/parceiro/repasses',
          '/parceiro/avaliacoes',
          '/parceiro/configuracoes',
        ]
      : role === 'owner' || role === 'admin'
        ? ['/admin/gestao', '/admin/dashboard', '/admin/repasses']
        : [];
  return prefixes.map((prefix) => sections.find((s) => s.prefix === prefix)!.menu);
}

/** The other sections of the partner area, linked from its section menus. */
export const partnerSections: MenuLink[] = [
  { label: 'Gestão', to: '/parceiro/gestao/agendamentos' },
  { label: 'Dashboard', to: '/parceiro/dashboard' },
  { label: 'Repasses', to: '/parceiro/repasses' },
  { label: 'Avaliações', to: '/parceiro/avaliacoes' },
  { label: 'Configurações', to: '/parceiro/configuracoes/dados-parceiro' },
];
export const adminSections: MenuLink[] = [
  { label: 'Gestão', to: '/admin/gestao/especialistas' },
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Repasses', to: '/admin/repasses' },
];

/** A link is current when the path is it or below it. */
export const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);
