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

/** Where the session stands: what the provider starts from. */
export interface SessionSnapshot {
  status: SessionStatus;
  user: User | null;
}

/**
 * Re-fetches the active user of a stored token and uuid (SPEC §4): authenticated with that user,
 * or anonymous (a token the server refuses is forgotten).
 */
export async function restoreSession(): Promise<SessionSnapshot> {
  const stored = readStoredSession();
  if (!stored) return { status: 'anonymous', user: null };
  try {
    // The contract's schemas (and zod) load only when there is a session to restore.
    const { sessionSchema } = await import('@club/contract/schemas');
    const session = await apiRequest('/api/active-user/', { schema: sessionSchema });
    if (session.user.uuid !== stored.uuid) throw new ApiCallError(401, 'NOT_AUTHENTICATED', 'mismatch');
    return { status: 'authenticated', user: session.user };
  } catch (err: unknown) {
    if (err instanceof ApiCallError && err.status === 401) clearStoredSession();
    return { status: 'anonymous', user: null };
  }
}

/**
 * Holds the session. Given `initial` (the app restores the session before its first render, so
 * a member's screen is drawn signed in from the start), it starts there; otherwise a stored
 * token and uuid re-fetch the active user on mount.
 */
export function SessionProvider({ children, initial }: { children: ReactNode; initial?: SessionSnapshot }) {
  const [status, setStatus] = useState<SessionStatus>(
    () => initial?.status ?? (readStoredSession() ? 'restoring' : 'anonymous'),
  );
  const [user, setUser] = useState<User | null>(initial?.user ?? null);
  const [expired, setExpired] = useState(false);
  const [restoreOnMount] = useState(() => !initial && readStoredSession() !== null);

  useEffect(() => {
    if (!restoreOnMount) return;
    let cancelled = false;
    void restoreSession().then((restored) => {
      if (cancelled) return;
      setUser(restored.user);
      setStatus(restored.status);
    });
    return () => {
      cancelled = true;
    };
  }, [restoreOnMount]);

  // A session restored without network (a page opened offline, as the scoring screen may be)
  // is anonymous with its token still stored: it is restored again when the network returns.
  useEffect(() => {
    if (status !== 'anonymous' || typeof window === 'undefined') return;
    const retry = () => {
      if (!readStoredSession()) return;
      void restoreSession().then((restored) => {
        if (restored.status !== 'authenticated') return;
        setUser(restored.user);
        setStatus('authenticated');
      });
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status]);

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
