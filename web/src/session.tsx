import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { api, ok, setCsrfToken, setOrganization, setWorkspace, type Me } from './api/client';

const WS_KEY = 'qrs.workspace';
const ORG_KEY = 'qrs.organization';
setWorkspace(localStorage.getItem(WS_KEY));
setOrganization(localStorage.getItem(ORG_KEY));

interface Session {
  me: Me | null;
  loading: boolean;
  selectWorkspace(id: string): void;
  selectOrganization(id: string): void;
  refresh(): Promise<unknown>;
  signedOut(): void;
}
const Ctx = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['me'],
    retry: false,
    // Who is signed in changes by signing in or out, which refresh it; not on every page change.
    staleTime: 60_000,
    queryFn: async () => {
      const res = await api.GET('/auth/me');
      if (res.response.status === 401) {
        setCsrfToken(null);
        return null;
      }
      const me = await ok(res);
      setCsrfToken(me.csrf_token);
      // A remembered workspace that is gone (archived, other organization) is forgotten.
      if (localStorage.getItem(WS_KEY) && me.current.workspace_id !== localStorage.getItem(WS_KEY)) {
        localStorage.removeItem(WS_KEY);
        setWorkspace(null);
      }
      return me;
    },
  });
  const selectWorkspace = useCallback(
    (id: string) => {
      localStorage.setItem(WS_KEY, id);
      setWorkspace(id);
      void qc.resetQueries();
    },
    [qc],
  );
  const selectOrganization = useCallback(
    (id: string) => {
      localStorage.setItem(ORG_KEY, id);
      localStorage.removeItem(WS_KEY);
      setOrganization(id);
      setWorkspace(null);
      void qc.resetQueries();
    },
    [qc],
  );
  const signedOut = useCallback(() => {
    setCsrfToken(null);
    qc.setQueryData(['me'], null);
    qc.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
  }, [qc]);
  const value: Session = {
    me: q.data ?? null,
    loading: q.isPending,
    selectWorkspace,
    selectOrganization,
    signedOut,
    refresh: () => qc.invalidateQueries({ queryKey: ['me'] }),
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}

/** Query keys are scoped by workspace so a switch never shows another workspace's data. */
export function useWsKey(...parts: unknown[]): unknown[] {
  const { me } = useSession();
  return [me?.current.workspace_id ?? 'none', ...parts];
}
