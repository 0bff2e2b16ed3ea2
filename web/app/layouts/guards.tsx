import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { type Role, roleHome } from '#common/domain/user';
import { FullScreenLoading } from '#web/components/loading-overlay.tsx';
import { useSpecialistProfile } from '#web/features/auth/api/profile.ts';
import { safeRedirect } from '#web/lib/safe-redirect.ts';
import { useSession } from '#web/lib/session.tsx';

/**
 * The authenticated layout's gate (SPEC §2): "Carregando..." until the user is known, visitors to
 * /rooms, other roles to their home. Customers finish verification and their data first
 * (docs/decisions/0004). The server checks everything again: this is only navigation.
 */
export function RequireRole({ roles, children }: { roles: Role[]; children?: ReactNode }) {
  const { user, loading } = useSession();
  const isCustomer = user?.role_name === 'customer';
  const profile = useSpecialistProfile(Boolean(isCustomer && user?.email_verified));
  if (loading) return <FullScreenLoading />;
  if (!user) return <Navigate to="/rooms" replace />;
  if (!roles.includes(user.role_name)) return <Navigate to={roleHome(user.role_name)} replace />;
  // A clinic that signed itself up confirms its e-mail first, like a specialist (decision 0039).
  if (user.role_name === 'partner' && !user.email_verified) return <Navigate to="/verificacao" replace />;
  if (isCustomer) {
    if (!user.email_verified) return <Navigate to="/verificacao" replace />;
    if (profile.isPending) return <FullScreenLoading />;
    if (profile.data === null) return <Navigate to="/especialista/new-account" replace />;
  }
  return children ?? <Outlet />;
}

/** Any signed-in user (e.g. /verificacao, /especialista/new-account). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullScreenLoading />;
  if (!user) return <Navigate to="/rooms" replace />;
  return children;
}

/** Auth pages: a signed-in user goes to the `redirect` query, else to their role home (SPEC §2). */
export function RedirectIfSignedIn() {
  const { user, loading } = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (loading) return <FullScreenLoading />;
  if (user && !pathname.startsWith('/auth-user-ogin')) {
    return <Navigate to={safeRedirect(params.get('redirect')) ?? roleHome(user.role_name)} replace />;
  }
  return <Outlet />;
}
