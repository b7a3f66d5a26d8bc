import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Score, ScoringSnapshot } from '@club/contract/match';

/** What a scoring device sends for one run (ipsc counts and time, or precision series). */
export type RunValues = { dnf: boolean } & (
  | { a: number; c: number; d: number; m: number; ns: number; procedurals: number; time: number }
  | { series: number[]; x: number }
);
export type ScoreSend = RunValues & { clientId: string; basedOn: number | null };

export type OutboxState = 'waiting' | 'conflict' | 'refused';

/** One saved score on this device, until the server has it (decision 0039). */
export interface OutboxEntry {
  /** Order of saving: scores go to the server in this order. */
  seq?: number;
  eventUuid: string;
  stage: number;
  competitorId: string;
  body: ScoreSend;
  savedAt: string;
  state: OutboxState;
  /** SCORE_CONFLICT: the server's copy, for the officer to choose. */
  theirs?: Score;
  /** A refusal other than a conflict (its error code), shown beside the entry. */
  errorCode?: string;
}

/** What the scoring screen needs to open with no network: the match as last seen. */
export type MatchSnapshot = ScoringSnapshot;

interface MatchDb extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { byEvent: string } };
  snapshots: { key: string; value: MatchSnapshot };
}

const DB_NAME = 'club-match';
let opening: Promise<IDBPDatabase<MatchDb>> | null = null;

function db(): Promise<IDBPDatabase<MatchDb>> {
  opening ??= openDB<MatchDb>(DB_NAME, 1, {
    upgrade(database) {
      const outbox = database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byEvent', 'eventUuid');
      database.createObjectStore('snapshots', { keyPath: 'eventUuid' });
    },
  });
  return opening;
}

// Every change of the outbox is told to this tab's screens and to the other tabs.
type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
function announce(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}
/** Calls `listener` whenever the outbox changes here or in another tab; returns the unsubscribe. */
export function onOutboxChange(listener: Listener): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('club-match-outbox');
    channel.onmessage = () => {
      for (const each of listeners) each();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const scoreKey = (stage: number, competitorId: string) => `${stage}:${competitorId}`;

/** The newest revision the device has seen of each (stage, competitor). */
function revisions(scores: readonly Score[]): Map<string, Score> {
  const byKey = new Map<string, Score>();
  for (const score of scores) {
    const key = scoreKey(score.stage, score.competitorId);
    const seen = byKey.get(key);
    if (!seen || seen.revision < score.revision) byKey.set(key, score);
  }
  return byKey;
}

export async function readSnapshot(eventUuid: string): Promise<MatchSnapshot | undefined> {
  return (await db()).get('snapshots', eventUuid);
}

export async function listSnapshots(): Promise<MatchSnapshot[]> {
  return (await db()).getAll('snapshots');
}

export async function writeSnapshot(snapshot: MatchSnapshot): Promise<void> {
  await (await db()).put('snapshots', snapshot);
}

/** Puts a score the server now holds into the kept snapshot (the newest revision wins). */
async function rememberScore(eventUuid: string, score: Score): Promise<void> {
  const database = await db();
  const tx = database.transaction('snapshots', 'readwrite');
  const snapshot = await tx.store.get(eventUuid);
  if (snapshot) {
    const byKey = revisions([...snapshot.scores, score]);
    await tx.store.put({ ...snapshot, scores: [...byKey.values()] });
  }
  await tx.done;
}

/** The device's saved scores of a match, oldest first. */
export async function listOutbox(eventUuid: string): Promise<OutboxEntry[]> {
  const entries = await (await db()).getAllFromIndex('outbox', 'byEvent', eventUuid);
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Keeps a confirmed score on the device; it is sent by `sendOutbox`. */
export async function enqueueScore(entry: Omit<OutboxEntry, 'seq' | 'state'>): Promise<number> {
  const seq = await (await db()).add('outbox', { ...entry, state: 'waiting' });
  announce();
  return seq;
}

export type SendOutcome =
  | { kind: 'saved'; score: Score }
  | { kind: 'conflict'; theirs: Score }
  | { kind: 'refused'; errorCode: string }
  /** No network, server busy, or no session: everything waits for the next try. */
  | { kind: 'stop'; reason: 'offline' | 'unauthorized' | 'busy' };

export type Sender = (entry: OutboxEntry) => Promise<SendOutcome>;

export interface SendReport {
  sent: number;
  stopped: 'offline' | 'unauthorized' | 'busy' | null;
}

let flushing: Promise<SendReport> | null = null;

/**
 * Sends every waiting score of the match to the server, one at a time in the order they were
 * saved, each with its own clientId (a resend is the same score). A conflict or a refusal stays
 * for the officer and the next entry goes on; no network stops the run, to try again later.
 * One run at a time in this tab, and one across tabs where the browser has Web Locks.
 */
export function sendOutbox(eventUuid: string, send: Sender): Promise<SendReport> {
  if (flushing) return flushing;
  const run = async (): Promise<SendReport> => {
    let sent = 0;
    // A device that scores one competitor twice before the first is sent bases the second on the
    // first's revision once the server has given it.
    const seen = new Map<string, number>();
    for (const entry of await listOutbox(eventUuid)) {
      if (entry.state !== 'waiting' || entry.seq === undefined) continue;
      const database = await db();
      const current = await database.get('outbox', entry.seq);
      if (!current || current.state !== 'waiting') continue;
      const key = scoreKey(current.stage, current.competitorId);
      const newer = seen.get(key);
      if (newer !== undefined && newer !== current.body.basedOn) {
        current.body = { ...current.body, basedOn: newer };
        await database.put('outbox', current);
      }
      const outcome = await send(current);
      if (outcome.kind === 'stop') return { sent, stopped: outcome.reason };
      if (outcome.kind === 'saved') {
        seen.set(key, outcome.score.revision);
        await rememberScore(eventUuid, outcome.score);
        await database.delete('outbox', entry.seq);
        sent += 1;
      } else if (outcome.kind === 'conflict') {
        await database.put('outbox', { ...current, state: 'conflict', theirs: outcome.theirs });
      } else {
        await database.put('outbox', { ...current, state: 'refused', errorCode: outcome.errorCode });
      }
      announce();
    }
    return { sent, stopped: null };
  };
  const locked = async (): Promise<SendReport> =>
    typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request(`club-match-outbox:${eventUuid}`, run) : run();
  flushing = locked().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * The officer's choice in a conflict: "mine" sends the device's copy again, now based on the
 * server's revision (so it replaces it knowingly, same clientId); "theirs" drops the device's copy.
 */
export async function resolveConflict(seq: number, choice: 'mine' | 'theirs'): Promise<void> {
  const database = await db();
  const entry = await database.get('outbox', seq);
  if (!entry || entry.state !== 'conflict' || !entry.theirs) return;
  if (choice === 'theirs') {
    await rememberScore(entry.eventUuid, entry.theirs);
    await database.delete('outbox', seq);
  } else {
    await database.put('outbox', {
      ...entry,
      state: 'waiting',
      theirs: undefined,
      body: { ...entry.body, basedOn: entry.theirs.revision },
    });
  }
  announce();
}

/** Drops a refused entry the officer has read (it cannot be sent as it is). */
export async function discardEntry(seq: number): Promise<void> {
  await (await db()).delete('outbox', seq);
  announce();
}

/** The revision the device last saw of a (stage, competitor), for a new save's `basedOn`. */
export function lastSeenRevision(scores: readonly Score[], stage: number, competitorId: string): number | null {
  return revisions(scores).get(scoreKey(stage, competitorId))?.revision ?? null;
}

/** The newest score of each (stage, competitor) the device knows. */
export function latestScores(scores: readonly Score[]): Map<string, Score> {
  return revisions(scores);
}
