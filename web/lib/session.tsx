/**
 * The signed-in user (SPEC §4): null and loading at start; GET /api/user when a token is stored;
 * logout revokes the token on the server, removes it and clears the user.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { User } from '#common/contracts/user';
import { api, onUnauthorized } from './api.ts';
import { clearToken, getToken, setToken } from './token.ts';

interface Session {
  user: User | null;
  loading: boolean;
  signIn(token: string, user: User): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
export const userQueryKey = ['user'] as const;

/** Where a person whose account was suspended lands: the sign-in page, saying why (AuthCard). */
export const SUSPENDED_NOTICE_URL = '/signin?conta=suspensa';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: async () => {
      if (!getToken()) return null;
      try {
        return (await api<{ data: User }>('/user')).data;
      } catch (err) {
        // A suspended account is handled by the listener below (it leaves the page).
        if ((err as { status?: number }).status === 401) return null;
        throw err;
      }
    },
    // No token stored: nobody is signed in, known at once in the browser. Asked of the query
    // instead, the answer came a moment after hydrating and redrew the session in a synchronous
    // task. Not on the server, which cannot see the browser's token and hands its data over.
    initialData: () => (typeof window !== 'undefined' && !getToken() ? null : undefined),
    staleTime: 60_000,
  });

  useEffect(
    () =>
      onUnauthorized(({ suspended }) => {
        if (suspended) {
          // A fresh page, with nothing of the account left cached in the tab, saying why.
          window.location.replace(SUSPENDED_NOTICE_URL);
          return;
        }
        queryClient.setQueryData(userQueryKey, null);
      }),
    [queryClient],
  );

  const signIn = useCallback(
    (token: string, user: User) => {
      setToken(token);
      queryClient.setQueryData(userQueryKey, user);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      if (getToken()) await api('/logout');
    } catch {
      /* the token is dropped either way */
    }
    clearToken();
    queryClient.setQueryData(userQueryKey, null);
    // Everything cached belonged to the signed-out user; the user query itself stays observed.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
  }, [queryClient]);

  // The first answer (is anyone signed in?) is taken in as a transition. Arriving while React still
  // hydrates a server-drawn page, a plain update would make it hydrate the whole page at once, in
  // one synchronous task; every later change (sign-in, sign-out) applies at once.
  const [known, setKnown] = useState(false);
  useEffect(() => {
    if (!query.isPending && !known) startTransition(() => setKnown(true));
  }, [query.isPending, known]);
  const loading = query.isPending || !known;
  const user = loading ? null : (query.data ?? null);
  const value = useMemo<Session>(
    () => ({ user, loading, signIn, signOut }),
    [user, loading, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession fora do SessionProvider');
  return session;
}
