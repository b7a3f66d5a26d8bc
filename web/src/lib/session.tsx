import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Session, User } from '@club/contract/schemas';
import { apiRequest, ApiCallError, setUnauthorizedListener } from './http.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from './session-storage.ts';

export type SessionStatus = 'restoring' | 'anonymous' | 'authenticated';

export interface SessionContextValue {
  status: SessionStatus;
  user: User | null;
  /** Keeps a new session (after login) in the storage that remember-me picks. */
  signIn(session: Session, remember: boolean): void;
  /**
   * Revokes the token on the server, clears storage at once and becomes anonymous; with
   * `{ revoke: false }` only forgets it, for when the server has already revoked it.
   */
  signOut(options?: { revoke?: boolean }): Promise<void>;
  /** Replaces the session user (after a profile update). */
  replaceUser(user: User): void;
  /** True once a call came back 401 and the member was signed out for it. */
  expired: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Holds the session; on start a stored token and uuid re-fetch the active user (SPEC §4). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(() => (readStoredSession() ? 'restoring' : 'anonymous'));
  const [user, setUser] = useState<User | null>(null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    const stored = readStoredSession();
    if (!stored) return;
    let cancelled = false;
    // The contract's schemas (and zod) load only when there is a session to restore.
    import('@club/contract/schemas')
      .then(({ sessionSchema }) => apiRequest('/api/active-user/', { schema: sessionSchema }))
      .then((session) => {
        if (cancelled) return;
        if (session.user.uuid !== stored.uuid) throw new ApiCallError(401, 'NOT_AUTHENTICATED', 'mismatch');
        setUser(session.user);
        setStatus('authenticated');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        if (err instanceof ApiCallError && err.status === 401) clearStoredSession();
        setUser(null);
        setStatus('anonymous');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    setUnauthorizedListener(() => {
      clearStoredSession();
      setUser(null);
      setStatus('anonymous');
      setExpired(true);
    });
    return () => setUnauthorizedListener(null);
  }, []);

  const signIn = useCallback((session: Session, remember: boolean) => {
    writeStoredSession({ token: session.token, uuid: session.user.uuid, remember });
    setUser(session.user);
    setExpired(false);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(async ({ revoke = true }: { revoke?: boolean } = {}) => {
    const call = revoke ? apiRequest('/api/logout/', { method: 'POST', body: {} }).catch(() => undefined) : undefined;
    // The call carries the token, so storage is cleared right after it leaves.
    clearStoredSession();
    setUser(null);
    setStatus('anonymous');
    await call;
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ status, user, signIn, signOut, replaceUser: setUser, expired }),
    [status, user, signIn, signOut, expired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
