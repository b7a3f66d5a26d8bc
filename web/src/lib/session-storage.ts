// Where the session survives a reload (DECISIONS): localStorage with remember-me, else
// sessionStorage; keys are prefixed `ipsc-club.`.
const PREFIX = 'ipsc-club.';
const TOKEN = `${PREFIX}token`;
const UUID = `${PREFIX}uuid`;
/**
 * Where the token and uuid are kept; a page's starter reads them to tell a member's visit and to
 * send the page's first calls (web/build/starter-source.ts, web/build/early-calls-source.ts).
 */
export const SESSION_TOKEN_KEY = TOKEN;
export const SESSION_UUID_KEY = UUID;
/** Where the visitor's language choice is kept (the `lang` preference). */
export const LANGUAGE_KEY = `${PREFIX}lang`;

export interface StoredSession {
  token: string;
  uuid: string;
  remember: boolean;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can be disabled (private mode, a strict browser): the app still works, unsaved.
    return fallback;
  }
}

/** The stored token and user uuid, from either storage, or null. */
export function readStoredSession(): StoredSession | null {
  return safe(() => {
    for (const [storage, remember] of [
      [localStorage, true],
      [sessionStorage, false],
    ] as const) {
      const token = storage.getItem(TOKEN);
      const uuid = storage.getItem(UUID);
      if (token && uuid) return { token, uuid, remember };
    }
    return null;
  }, null);
}

/** Keeps a new session in the storage that remember-me chooses, and clears the other. */
export function writeStoredSession(session: StoredSession): void {
  safe(() => {
    clearStoredSession();
    const storage = session.remember ? localStorage : sessionStorage;
    storage.setItem(TOKEN, session.token);
    storage.setItem(UUID, session.uuid);
  }, undefined);
}

/** Forgets the session in both storages. */
export function clearStoredSession(): void {
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) {
      storage.removeItem(TOKEN);
      storage.removeItem(UUID);
    }
  }, undefined);
}

/** Reads a preference kept across visits (language, designer layout). */
export function readPreference(key: string): string | null {
  return safe(() => localStorage.getItem(`${PREFIX}${key}`), null);
}

/** Writes a preference kept across visits. */
export function writePreference(key: string, value: string): void {
  safe(() => localStorage.setItem(`${PREFIX}${key}`, value), undefined);
}
