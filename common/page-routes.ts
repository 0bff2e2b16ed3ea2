/**
 * Every page path of the web app, as React Router writes them (`:name` is one path segment). The
 * server answers the app with 200 on these and with 404 on any other path (DESIGN §8, web app
 * shell); web/app/page-routes.test.ts checks that this list and web/app/router.tsx agree.
 */
export const PAGE_PATHS = [
  '/',
  '/tests',
  '/signin',
  '/signup',
  '/anuncie',
  '/forgot-password',
  '/password-reset',
  '/two-factors/:email',
  '/auth-user-ogin',
  '/verificacao',
  '/especialista/new-account',
  '/rooms',
  '/rooms/:uuid',
  '/salas/:cidade',
  '/privacidade',
  '/especialista',
  '/especialista/salas',
  '/especialista/perfil',
  '/especialista/agendamentos',
  '/especialista/agendamentos/:uuid',
  '/especialista/agendamentos/:uuid/recibo',
  '/especialista/avaliacoes',
  '/especialista/avaliacoes/:booking_uuid',
  '/parceiro',
  '/parceiro/gestao',
  '/parceiro/gestao/perfil',
  '/parceiro/gestao/clinicas',
  '/parceiro/gestao/salas',
  '/parceiro/gestao/salas/:uuid',
  '/parceiro/gestao/clinicas/:uuid',
  '/parceiro/gestao/agendamentos',
  '/parceiro/configuracoes',
  '/parceiro/configuracoes/dados-parceiro',
  '/parceiro/configuracoes/dados-bancarios',
  '/parceiro/configuracoes/dados-pagamento',
  '/parceiro/dashboard',
  '/parceiro/repasses',
  '/parceiro/avaliacoes',
  '/admin',
  '/admin/gestao',
  '/admin/gestao/especialistas',
  '/admin/gestao/salas',
  '/admin/gestao/parceiros',
  '/admin/gestao/especialistas/:uuid',
  '/admin/gestao/parceiros/:uuid',
  '/admin/gestao/agendamentos',
  '/admin/gestao/diferenciais',
  '/admin/gestao/planos',
  '/admin/gestao/reservas',
  '/admin/gestao/reservas/:uuid',
  '/admin/gestao/avaliacoes',
  '/admin/dashboard',
  '/admin/repasses',
  '/admin/conta',
] as const;

const segments = (path: string) => path.split('/').filter(Boolean);

const patterns = PAGE_PATHS.map(segments);

/**
 * Whether `pathname` (without the query; a trailing slash is ignored) is one of the app's pages.
 * A `:name` segment takes any one non-empty segment, dots included (`/two-factors/ana@x.com.br`).
 */
export function isPagePath(pathname: string): boolean {
  const parts = segments(pathname);
  return patterns.some(
    (pattern) =>
      pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]),
  );
}
