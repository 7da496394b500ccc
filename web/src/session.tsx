import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { setCsrfToken, setOrganization, setWorkspace, type Me } from './api/client';
import { useMeQuery, useSessionCache } from './api/hooks/session';

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
  const cache = useSessionCache();
  const q = useMeQuery((me) => {
    // A remembered workspace that is gone (archived, other organization) is forgotten.
    if (localStorage.getItem(WS_KEY) && me.current.workspace_id !== localStorage.getItem(WS_KEY)) {
      localStorage.removeItem(WS_KEY);
      setWorkspace(null);
    }
  });
  const selectWorkspace = useCallback(
    (id: string) => {
      localStorage.setItem(WS_KEY, id);
      setWorkspace(id);
      void cache.reset();
    },
    [cache],
  );
  const selectOrganization = useCallback(
    (id: string) => {
      localStorage.setItem(ORG_KEY, id);
      localStorage.removeItem(WS_KEY);
      setOrganization(id);
      setWorkspace(null);
      void cache.reset();
    },
    [cache],
  );
  const signedOut = useCallback(() => {
    setCsrfToken(null);
    cache.signedOut();
  }, [cache]);
  const value: Session = {
    me: q.data ?? null,
    loading: q.isPending,
    selectWorkspace,
    selectOrganization,
    signedOut,
    refresh: cache.refreshMe,
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
