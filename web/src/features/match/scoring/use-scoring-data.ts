import { useCallback, useEffect, useState } from 'react';
import type { Competitor, Match, Score } from '@club/contract/match';
import type { User } from '@club/contract/schemas';
import { ApiCallError } from '../../../lib/http.ts';
import { readStoredSession } from '../../../lib/session-storage.ts';
import { useShown } from '../../../lib/use-shown.ts';
import type { SessionStatus } from '../../../lib/session.tsx';
import { fetchMatch } from '../api/match.ts';
import { fetchCompetitors } from '../api/competitors.ts';
import { fetchScores } from '../api/scores.ts';
import { forgetDrawnScreen } from '../../../lib/early-calls.ts';
import { useDrawnScoring } from './drawn-scoring.ts';
import { readSnapshot, writeSnapshot } from './score-outbox.ts';
import type { MatchSnapshot } from './score-outbox.ts';

export type ScoringData =
  | { status: 'loading' }
  | { status: 'ready'; snapshot: MatchSnapshot; offline: boolean }
  /** `signIn`: nobody signed in and no copy of theirs; `forbidden`: not staff nor range officer. */
  | { status: 'error'; reason: 'signIn' | 'forbidden' | 'notAMatch' | 'offlineNoCopy' | 'failed' };

type MatchCalls = Promise<[Match, Competitor[], Score[]]>;

/** How long calls started ahead (prefetchScoring) stay the screen's to take. */
const PREFETCH_FRESH_MS = 10_000;
const prefetched = new Map<string, { at: number; calls: MatchCalls }>();

const askServer = (eventUuid: string): MatchCalls =>
  Promise.all([fetchMatch(eventUuid), fetchCompetitors(eventUuid), fetchScores(eventUuid)]);

/**
 * The screen's three calls, started by its route's loader for a member with a session stored on
 * the device: they go out beside the session's check, which the app waits for before it draws
 * the screen, instead of after it. The screen takes them on its first load (once, and only while
 * fresh); they carry the stored session, and the server refuses them as it refuses the check.
 */
export function prefetchScoring(eventUuid: string): void {
  if (!eventUuid || !readStoredSession()) return;
  const calls = askServer(eventUuid);
  // A refusal is read when the screen takes the calls; one never taken is dropped.
  calls.catch(() => undefined);
  prefetched.set(eventUuid, { at: Date.now(), calls });
}

function matchCalls(eventUuid: string): MatchCalls {
  const ahead = prefetched.get(eventUuid);
  prefetched.delete(eventUuid);
  return ahead && Date.now() - ahead.at < PREFETCH_FRESH_MS ? ahead.calls : askServer(eventUuid);
}

/** Staff and members with arbitroIpsc score (API.md, Matches). */
export const mayScore = (user: Pick<User, 'staff' | 'arbitroIpsc'> | null): boolean =>
  user !== null && (user.staff || user.arbitroIpsc);

/**
 * The match, its competitors and scores for the scoring screen: from the server when it answers
 * (and then kept on the device), else the copy kept on this device by the same member. A member
 * whose session could not be checked for want of network opens their own copy.
 */
export function useScoringData(eventUuid: string, status: SessionStatus, user: User | null) {
  // A screen the server drew for this member (decision 0068) starts from what it was drawn from,
  // so the app's first render draws what the page shows; the server is asked again all the same.
  const drawn = useDrawnScoring(eventUuid, user?.uuid ?? null);
  const [data, setData] = useState<ScoringData>(() => (drawn ? { status: 'ready', snapshot: drawn, offline: false } : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  // The starter's drawing serves the first render once: a later visit asks the server again.
  useEffect(forgetDrawnScreen, []);

  useEffect(() => {
    if (status === 'restoring') return;
    let cancelled = false;
    const stored = readStoredSession();
    const officerUuid = user?.uuid ?? stored?.uuid ?? null;
    const keptCopy = async (): Promise<MatchSnapshot | undefined> => {
      if (!officerUuid) return undefined;
      const snapshot = await readSnapshot(eventUuid).catch(() => undefined);
      return snapshot && snapshot.officerUuid === officerUuid ? snapshot : undefined;
    };
    const load = async (): Promise<ScoringData> => {
      if (status === 'authenticated' && !mayScore(user)) return { status: 'error', reason: 'forbidden' };
      if (!officerUuid) return { status: 'error', reason: 'signIn' };
      try {
        const [match, competitors, scores] = await matchCalls(eventUuid);
        const snapshot: MatchSnapshot = { eventUuid, match, competitors, scores, officerUuid, savedAt: new Date().toISOString() };
        await writeSnapshot(snapshot).catch(() => undefined);
        return { status: 'ready', snapshot, offline: false };
      } catch (error) {
        const code = error instanceof ApiCallError ? error.errorCode : 'NETWORK_ERROR';
        if (code === 'NOT_A_MATCH' || code === 'NOT_FOUND') return { status: 'error', reason: 'notAMatch' };
        if (code === 'FORBIDDEN' || code === 'NOT_A_RANGE_OFFICER') return { status: 'error', reason: 'forbidden' };
        if (code === 'NOT_AUTHENTICATED') return { status: 'error', reason: 'signIn' };
        const kept = await keptCopy();
        if (kept) return { status: 'ready', snapshot: kept, offline: true };
        return { status: 'error', reason: code === 'NETWORK_ERROR' ? 'offlineNoCopy' : 'failed' };
      }
    };
    void load().then((next) => {
      if (!cancelled) setData(next);
    });
    return () => {
      cancelled = true;
    };
  }, [eventUuid, status, user, attempt]);

  const shown = useShown();
  /** Reads the kept copy again (after the outbox sent scores, or another tab did). */
  const refreshFromDevice = useCallback(async () => {
    const snapshot = await readSnapshot(eventUuid).catch(() => undefined);
    if (!snapshot || !shown.current) return;
    setData((current) => (current.status === 'ready' ? { ...current, snapshot: { ...current.snapshot, scores: snapshot.scores } } : current));
  }, [eventUuid, shown]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, refreshFromDevice, reload };
}
