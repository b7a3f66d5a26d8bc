import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRow } from './queue.ts';
import {
  beat,
  claimJobs,
  completeJobs,
  failJob,
  pruneDoneJobs,
  releaseJobs,
  renewStartedJobs,
  retireDeadLocalWorkers,
  retireWorker,
  startJobs,
} from './queue.ts';

export type JobHandler = (job: JobRow) => Promise<void>;

export interface JobWorker {
  /** Registers what runs the jobs of a kind (modules do it as they load). */
  handle(kind: string, handler: JobHandler): void;
  /** Looks for due work now (after a commit that added some) instead of at the next poll. */
  kick(): void;
  start(): void;
  /** Takes no more work and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often to look for due work; 0 runs no worker in this process (jobs still queue). */
  pollMs: number;
  retryLimit: number;
  leaseMs: number;
  /** Jobs run at once (the SMTP pool's connections). */
  concurrency: number;
  /** Jobs taken per claim: several rounds of `concurrency`, so one write claims a burst. */
  claimBatch?: number;
  /** How often the worker writes its heartbeat; without it the worker keeps no heartbeat (leases only). */
  heartbeatMs?: number;
  /** A worker whose heartbeat is older than this is gone, and its claims are taken back. */
  goneMs?: number;
}

/** This machine's name as worker ids carry it (no ':' inside). */
const HOST = os.hostname().replace(/[:%_]/g, '-') || 'host';

/** True unless the process does not exist (EPERM: it exists, under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

const DAY_MS = 24 * 60 * 60_000;
const KEEP_DONE_MS = 7 * DAY_MS;

/**
 * The worker each server process runs: claims due jobs (never the same as another process, see
 * claimJobs), runs a few at once, and records the outcome. A job is started with a write that
 * holds only while this worker still has its claim, and the start's lease is renewed by the
 * heartbeat while the job runs: a peer takes a started job back only when this process is known
 * dead or the lease ran out, so a slow heartbeat never makes two live processes send one mail.
 * Delivery stays at least once for a process that dies between a send and its mark: the job is
 * run again (at once when the process is known dead, else when the start's lease runs out).
 *
 * Under load the database is the narrow part: on SQLite every statement of the process waits its
 * turn on one connection behind the requests being answered. So the worker spends few writes per
 * job: one claim takes a batch, and the jobs that finish while a mark is being written are marked
 * done together in the next one.
 */
export function createJobWorker(options: WorkerOptions): JobWorker {
  const { db, clock, log } = options;
  const id = `${HOST}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // Liveness is a matter of real time, not of the clock tests move: heartbeats use Date.now().
  const heartbeatMs = options.heartbeatMs;
  const goneMs = options.goneMs ?? (heartbeatMs ? heartbeatMs * 5 : undefined);
  let lastBeat = 0;
  /** When the start leases of the jobs in hand were last renewed (real time). */
  let lastRenew = 0;
  let beating: Promise<void> | undefined;
  let beatTimer: NodeJS.Timeout | undefined;
  /** False while the last heartbeat written is old enough that peers may soon count us gone. */
  const fresh = () => !heartbeatMs || !goneMs || Date.now() - lastBeat < goneMs / 2;
  const claimBatch = Math.max(options.concurrency, options.claimBatch ?? options.concurrency * 4);
  const handlers = new Map<string, JobHandler>();
  const inHand = new Set<Promise<void>>();
  /** Claimed and not started yet. */
  let ready: JobRow[] = [];
  /** Finished and not marked done yet. */
  let finished: string[] = [];
  let marking: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let claiming = false;
  let again = false;
  let lastPrune = 0;

  // One mark in flight at a time; what finishes meanwhile waits for the next.
  const markFinished = (): Promise<void> => {
    if (marking) return marking;
    if (finished.length === 0) return Promise.resolve();
    const ids = finished;
    finished = [];
    marking = completeJobs(db.kysely, ids, id, clock.now())
      .catch((err: unknown) => log.error({ err, jobs: ids.length }, 'could not mark jobs done'))
      .finally(() => {
        marking = undefined;
        if (finished.length > 0) void markFinished();
      });
    return marking;
  };

  const run = async (job: JobRow): Promise<void> => {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn(
        { job: job.id, kind: job.kind, tries: job.tries, err: message },
        'job failed; it will be tried again',
      );
      await failJob(db.kysely, job, id, clock.now(), options.retryLimit, message).catch((markErr: unknown) =>
        log.error({ err: markErr, job: job.id }, 'could not record a job failure'),
      );
      return;
    }
    finished.push(job.id);
    void markFinished();
  };

  // The jobs of one round are started with one write (startJobs), which says which of them this
  // worker still holds: a job a peer took back while it waited here is dropped, never run twice.
  const startReady = () => {
    const batch: JobRow[] = [];
    while (running && fresh() && inHand.size + batch.length < options.concurrency && ready.length > 0) {
      batch.push(ready.shift() as JobRow);
    }
    if (batch.length === 0) return;
    const ids = batch.map((job) => job.id);
    // A start that could not be written gives the jobs back, for this worker or a peer to take.
    const held = startJobs(db.kysely, ids, id, clock.now(), options.leaseMs).catch(async (err: unknown) => {
      log.error({ err, jobs: ids.length }, 'could not start jobs; giving them back');
      await releaseJobs(db.kysely, ids, id, clock.now()).catch(() => undefined);
      return new Set<string>();
    });
    for (const job of batch) {
      const task = held
        .then((ids) => {
          if (ids.has(job.id)) return run(job);
          log.warn({ job: job.id, kind: job.kind }, 'a peer took this job back before it started; not run here');
        })
        .finally(() => {
          inHand.delete(task);
          if (running) void drain();
        });
      inHand.add(task);
    }
  };

  // One claim at a time per process; kicks that arrive meanwhile ask for another round.
  const drain = async (): Promise<void> => {
    startReady();
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        while (running && fresh() && ready.length === 0 && inHand.size < options.concurrency) {
          const liveness = goneMs ? { goneBefore: new Date(Date.now() - goneMs).toISOString() } : undefined;
          const jobs = await claimJobs(db, id, clock.now(), options.leaseMs, claimBatch, liveness);
          if (jobs.length === 0) break;
          ready.push(...jobs);
          startReady();
        }
      } while (again && running && ready.length === 0 && inHand.size < options.concurrency);
    } catch (err) {
      log.error({ err }, 'could not claim jobs');
    } finally {
      claiming = false;
    }
  };
  // One beat in flight at a time. A beat that finds its row gone (pruned while this process was
  // stalled) gives back what was claimed and not started: peers may have taken it already.
  const heartbeat = (first = false): Promise<void> => {
    if (beating) return beating;
    const at = new Date();
    const wasFresh = lastBeat > 0 && fresh();
    beating = beat(db.kysely, id, at, first)
      .then(async (kept) => {
        if (!kept) {
          const unstarted = ready.map((job) => job.id);
          ready = [];
          await releaseJobs(db.kysely, unstarted, id, clock.now());
        }
        lastBeat = at.getTime();
        // The jobs in hand keep their start lease while this process lives (claimJobs).
        if (inHand.size > 0 && at.getTime() - lastRenew >= options.leaseMs / 4) {
          lastRenew = at.getTime();
          await renewStartedJobs(db.kysely, id, clock.now(), options.leaseMs);
        }
        // Work held back while the heartbeat was late goes on now.
        if (!wasFresh && running && !first) void drain();
      })
      .catch((err: unknown) => log.error({ err }, 'could not write the job worker heartbeat'))
      .finally(() => {
        beating = undefined;
      });
    return beating;
  };

  const tick = () => {
    void drain();
    const now = clock.now().getTime();
    if (now - lastPrune > DAY_MS) {
      lastPrune = now;
      pruneDoneJobs(db.kysely, new Date(now - KEEP_DONE_MS)).catch((err: unknown) =>
        log.error({ err }, 'job prune failed'),
      );
    }
  };

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    kick() {
      if (running) void drain();
    },
    start() {
      if (options.pollMs <= 0 || running) return;
      running = true;
      timer = setInterval(tick, options.pollMs);
      if (!heartbeatMs) {
        tick();
        return;
      }
      beatTimer = setInterval(() => void heartbeat(), heartbeatMs);
      // The first beat, then the workers of dead processes of this machine are retired, then
      // the first claim takes back what they held.
      void heartbeat(true)
        .then(() => retireDeadLocalWorkers(db.kysely, HOST, processAlive))
        .then((retired) => {
          if (retired > 0) log.info({ retired }, 'took back the jobs of dead processes');
        })
        .catch((err: unknown) => log.error({ err }, 'could not retire dead workers'))
        .finally(() => {
          if (running) tick();
        });
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      if (beatTimer) clearInterval(beatTimer);
      while (claiming || inHand.size > 0) {
        await Promise.allSettled([...inHand]);
        if (claiming) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // What was claimed but never started goes back to the queue for the next process.
      const unstarted = ready.map((job) => job.id);
      ready = [];
      await releaseJobs(db.kysely, unstarted, id, clock.now()).catch((err: unknown) =>
        log.error({ err, jobs: unstarted.length }, 'could not give back unstarted jobs'),
      );
      while (marking || finished.length > 0) await markFinished();
      if (heartbeatMs) {
        await beating;
        // Gone from now on: anything still held (none should be) is free at once.
        await retireWorker(db.kysely, id, new Date()).catch((err: unknown) =>
          log.error({ err }, 'could not retire the job worker'),
        );
      }
    },
  };
}
