import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { IpscScore } from '@club/contract/match';
import {
  enqueueScore,
  lastSeenRevision,
  listOutbox,
  readSnapshot,
  resolveConflict,
  sendOutbox,
  writeSnapshot,
} from './score-outbox.ts';
import type { OutboxEntry, ScoreSend, SendOutcome } from './score-outbox.ts';

let events = 0;
const newEvent = () => `00000000-0000-4000-8000-${String(++events).padStart(12, '0')}`;

const run = (clientId: string, basedOn: number | null, a = 10): ScoreSend => ({ clientId, basedOn, dnf: false, a, c: 0, d: 0, m: 0, ns: 0, procedurals: 0, time: 10 });

const serverScore = (entry: OutboxEntry, revision: number, scoredBy = 'Officer'): IpscScore => ({
  ...(entry.body as Extract<ScoreSend, { a: number }>),
  stage: entry.stage,
  competitorId: entry.competitorId,
  revision,
  scoredBy,
  scoredAt: '2026-11-26T10:00:00.000Z',
});

async function keepMatch(eventUuid: string, scores: IpscScore[] = []) {
  await writeSnapshot({
    eventUuid,
    match: { eventUuid, name: 'Match', scoring: 'ipsc', published: false, stages: [], squads: [], version: 1 },
    competitors: [],
    scores,
    officerUuid: 'officer',
    savedAt: '2026-11-26T09:00:00.000Z',
  });
}

/** A fake server that keeps revisions per (stage, competitor) and answers like the API. */
function fakeServer() {
  const held = new Map<string, IpscScore>();
  const byClient = new Map<string, IpscScore>();
  const calls: OutboxEntry[] = [];
  let online = true;
  const send = async (entry: OutboxEntry): Promise<SendOutcome> => {
    calls.push(structuredClone(entry));
    if (!online) return { kind: 'stop', reason: 'offline' };
    const seen = byClient.get(entry.body.clientId);
    if (seen) return { kind: 'saved', score: seen };
    const key = `${entry.stage}:${entry.competitorId}`;
    const current = held.get(key);
    if (current && current.revision !== entry.body.basedOn) return { kind: 'conflict', theirs: current };
    const score = serverScore(entry, (current?.revision ?? 0) + 1);
    held.set(key, score);
    byClient.set(entry.body.clientId, score);
    return { kind: 'saved', score };
  };
  return {
    send,
    calls,
    held,
    setOnline(value: boolean) {
      online = value;
    },
  };
}

describe('the score outbox', () => {
  it('sends saved scores in the order they were saved and keeps what the server answered', async () => {
    const eventUuid = newEvent();
    await keepMatch(eventUuid);
    const server = fakeServer();
    for (const competitorId of ['c1', 'c2', 'c3']) {
      await enqueueScore({ eventUuid, stage: 1, competitorId, body: run(`id-${competitorId}`, null), savedAt: '' });
    }
    const report = await sendOutbox(eventUuid, server.send);
    expect(report).toEqual({ sent: 3, stopped: null });
    expect(server.calls.map((c) => c.competitorId)).toEqual(['c1', 'c2', 'c3']);
    expect(await listOutbox(eventUuid)).toEqual([]);
    const snapshot = await readSnapshot(eventUuid);
    expect(snapshot?.scores.map((s) => [s.competitorId, s.revision])).toEqual([
      ['c1', 1],
      ['c2', 1],
      ['c3', 1],
    ]);
  });

  it('keeps every score while there is no network and resends each with the same clientId', async () => {
    const eventUuid = newEvent();
    await keepMatch(eventUuid);
    const server = fakeServer();
    server.setOnline(false);
    await enqueueScore({ eventUuid, stage: 2, competitorId: 'c1', body: run('first', null), savedAt: '' });
    await enqueueScore({ eventUuid, stage: 2, competitorId: 'c2', body: run('second', null), savedAt: '' });
    expect(await sendOutbox(eventUuid, server.send)).toEqual({ sent: 0, stopped: 'offline' });
    expect((await listOutbox(eventUuid)).map((e) => e.state)).toEqual(['waiting', 'waiting']);
    server.setOnline(true);
    expect(await sendOutbox(eventUuid, server.send)).toEqual({ sent: 2, stopped: null });
    // The first try and the resend carry one clientId: the server holds one score.
    expect(server.calls.map((c) => c.body.clientId)).toEqual(['first', 'first', 'second']);
    expect(server.held.get('2:c1')?.revision).toBe(1);
  });

  it('bases a second save of one competitor on the revision the first got', async () => {
    const eventUuid = newEvent();
    await keepMatch(eventUuid);
    const server = fakeServer();
    await enqueueScore({ eventUuid, stage: 1, competitorId: 'c1', body: run('one', null, 8), savedAt: '' });
    await enqueueScore({ eventUuid, stage: 1, competitorId: 'c1', body: run('two', null, 9), savedAt: '' });
    expect(await sendOutbox(eventUuid, server.send)).toEqual({ sent: 2, stopped: null });
    expect(server.calls[1].body.basedOn).toBe(1);
    expect(server.held.get('1:c1')?.revision).toBe(2);
    expect(lastSeenRevision((await readSnapshot(eventUuid))?.scores ?? [], 1, 'c1')).toBe(2);
  });

  it('holds a conflict with both copies and lets the officer keep theirs or their own', async () => {
    const eventUuid = newEvent();
    await keepMatch(eventUuid);
    const server = fakeServer();
    // Another officer's phone saved c1 and c2 first.
    for (const competitorId of ['c1', 'c2']) {
      await server.send({ eventUuid, stage: 3, competitorId, body: run(`other-${competitorId}`, null, 5), savedAt: '', state: 'waiting' });
    }
    await enqueueScore({ eventUuid, stage: 3, competitorId: 'c1', body: run('mine-1', null, 7), savedAt: '' });
    await enqueueScore({ eventUuid, stage: 3, competitorId: 'c2', body: run('mine-2', null, 7), savedAt: '' });
    await enqueueScore({ eventUuid, stage: 3, competitorId: 'c3', body: run('mine-3', null, 7), savedAt: '' });
    expect(await sendOutbox(eventUuid, server.send)).toEqual({ sent: 1, stopped: null });
    const [first, second] = await listOutbox(eventUuid);
    expect(first.state).toBe('conflict');
    expect(first.theirs?.revision).toBe(1);
    expect(second.state).toBe('conflict');

    await resolveConflict(first.seq!, 'mine');
    await resolveConflict(second.seq!, 'theirs');
    expect(await sendOutbox(eventUuid, server.send)).toEqual({ sent: 1, stopped: null });
    expect(await listOutbox(eventUuid)).toEqual([]);
    const resend = server.calls.at(-1)!;
    expect(resend.body).toMatchObject({ clientId: 'mine-1', basedOn: 1 });
    expect(server.held.get('3:c1')).toMatchObject({ a: 7, revision: 2 });
    expect(server.held.get('3:c2')).toMatchObject({ a: 5, revision: 1 });
    const kept = (await readSnapshot(eventUuid))?.scores ?? [];
    expect(lastSeenRevision(kept, 3, 'c2')).toBe(1);
  });

  it('puts a refused score aside and goes on with the next', async () => {
    const eventUuid = newEvent();
    await keepMatch(eventUuid);
    const server = fakeServer();
    const refusing = async (entry: OutboxEntry): Promise<SendOutcome> =>
      entry.competitorId === 'bad' ? { kind: 'refused', errorCode: 'VALIDATION_ERROR' } : server.send(entry);
    await enqueueScore({ eventUuid, stage: 1, competitorId: 'bad', body: run('x1', null), savedAt: '' });
    await enqueueScore({ eventUuid, stage: 1, competitorId: 'good', body: run('x2', null), savedAt: '' });
    expect(await sendOutbox(eventUuid, refusing)).toEqual({ sent: 1, stopped: null });
    const [left] = await listOutbox(eventUuid);
    expect(left).toMatchObject({ competitorId: 'bad', state: 'refused', errorCode: 'VALIDATION_ERROR' });
  });
});
