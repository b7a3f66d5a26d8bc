// A durable work queue over Kysely, on SQLite and PostgreSQL alike. No queue library serves both
// databases from inside the application's own transactions (pg-boss and graphile-worker are
// PostgreSQL only, BullMQ needs Redis), and the point here is that a job is written in the same
// transaction as the change that causes it: so a small queue of our own.
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { JobsTable } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { isoOf, newId } from '../lib/ids.ts';
import type { Executor } from '../db/transaction.ts';
import { withWriteTransaction } from '../db/transaction.ts';

export type JobRow = Selectable<JobsTable>;

export const MAIL_JOB = 'mail';

/** Waits between tries grow: 30 s, 1 min, 2 min ... up to an hour. */
export function retryDelayMs(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 60 * 60_000);
}

/** Adds a job; call it with the transaction of the change the job follows from. */
export async function enqueueJob(
  db: Executor,
  job: {
    kind: string;
    payload: unknown;
    runAt: Date;
    now: Date;
    key?: string;
    mailTo?: string;
    subject?: string;
  },
): Promise<string> {
  const id = newId();
  const stamp = isoOf(job.now);
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      job_key: job.key ?? null,
      payload: JSON.stringify(job.payload),
      mail_to: job.mailTo ?? null,
      subject: job.subject ? job.subject.slice(0, 300) : null,
      status: 'pending',
      run_at: isoOf(job.runAt),
      tries: 0,
      claimed_by: null,
      claimed_until: null,
      started_until: null,
      last_error: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return id;
}

/** Puts a mail in the queue, to go out as soon as a worker is free. */
export function enqueueMail(db: Executor, now: Date, message: MailMessage): Promise<string> {
  return enqueueJob(db, {
    kind: MAIL_JOB,
    payload: message,
    runAt: now,
    now,
    mailTo: message.to,
    subject: message.subject,
  });
}

/** Removes the pending jobs of a key (a reminder to plan again or no more). */
export async function cancelPendingJobs(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('job_key', '=', key).where('status', '=', 'pending').execute();
}

export function findPendingJob(db: Executor, key: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('job_key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** How the claimer tells live workers from gone ones (see claimJobs). */
export interface Liveness {
  /** Heartbeats older than this ISO instant are of workers that are gone. */
  goneBefore: string;
}

/** The heartbeat a stopping worker, or one whose process is known dead, is given: gone for sure. */
export const DEAD_HEARTBEAT = isoOf(new Date(0));

/**
 * Claims up to `limit` of the oldest due jobs for `worker`: pending ones whose time has come,
 * and running ones whose worker is gone, taken back at once. A worker is gone when its
 * heartbeat (job_workers) is older than `liveness.goneBefore`; a live worker keeps its claims
 * however long a job takes. A job its worker has started (startJobs) is taken back only when
 * that worker's process is known dead (its heartbeat is DEAD_HEARTBEAT) or the start's lease
 * (`started_until`, renewed while the job runs) has run out: a live process whose heartbeat is
 * merely late, under load, never has a mail it is sending sent a second time by a peer. A claim
 * by a worker with no heartbeat row at all (a process of a version before heartbeats) is taken
 * back when its lease of `leaseMs` runs out, as before. PostgreSQL: the rows are picked with FOR
 * UPDATE SKIP LOCKED, so concurrent claimers take different rows without waiting. SQLite: the
 * same conditional UPDATE inside BEGIN IMMEDIATE (one writer at a time). One statement for
 * several jobs keeps the queue's writes few under load.
 */
export async function claimJobs(
  db: Db,
  worker: string,
  now: Date,
  leaseMs: number,
  limit: number,
  liveness?: Liveness,
): Promise<JobRow[]> {
  const stamp = isoOf(now);
  const claim = (trx: Executor) => {
    let due = trx
      .selectFrom('jobs')
      .select('id')
      .where((eb) => {
        const notStarted = eb.or([eb('started_until', 'is', null), eb('started_until', '<', stamp)]);
        const gone = liveness
          ? [
              eb.and([
                eb('status', '=', 'running'),
                eb('claimed_by', '!=', worker),
                eb(
                  'claimed_by',
                  'in',
                  eb.selectFrom('job_workers').select('id').where('heartbeat_at', '<', liveness.goneBefore),
                ),
                eb.or([
                  eb('started_until', 'is', null),
                  eb('started_until', '<', stamp),
                  eb('claimed_by', 'in', eb.selectFrom('job_workers').select('id').where('heartbeat_at', '=', DEAD_HEARTBEAT)),
                ]),
              ]),
              eb.and([
                eb('status', '=', 'running'),
                eb('claimed_until', '<', stamp),
                eb('claimed_by', 'not in', eb.selectFrom('job_workers').select('id')),
                notStarted,
              ]),
            ]
          : [eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', stamp), notStarted])];
        return eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', stamp)]), ...gone]);
      })
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit);
    if (db.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return trx
      .updateTable('jobs')
      .set({
        status: 'running',
        tries: sql<number>`tries + 1`,
        claimed_by: worker,
        claimed_until: isoOf(new Date(now.getTime() + leaseMs)),
        started_until: null,
        updated_at: stamp,
      })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  };
  if (db.dialect === 'postgres') return claim(db.kysely);
  return withWriteTransaction(db, claim);
}

/**
 * Writes a worker's heartbeat (its row is made at the first beat). False when the row had to be
 * made again although the worker had beaten before: it was pruned as gone, so its claims may
 * have been taken back.
 */
export async function beat(db: Executor, worker: string, at: Date, first: boolean): Promise<boolean> {
  const stamp = isoOf(at);
  const result = await db
    .updateTable('job_workers')
    .set({ heartbeat_at: stamp })
    .where('id', '=', worker)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  await db.insertInto('job_workers').values({ id: worker, started_at: stamp, heartbeat_at: stamp }).execute();
  return first;
}

/** Takes a stopping worker's row away: its claims (none should be left) are free at once. */
export async function retireWorker(db: Executor, worker: string, at: Date): Promise<void> {
  await db
    .updateTable('job_workers')
    .set({ heartbeat_at: DEAD_HEARTBEAT })
    .where('id', '=', worker)
    .execute();
  await db
    .deleteFrom('job_workers')
    .where('heartbeat_at', '<', isoOf(new Date(at.getTime() - 24 * 60 * 60_000)))
    .where('id', 'not in', db.selectFrom('jobs').select('claimed_by').where('status', '=', 'running').where('claimed_by', 'is not', null).$narrowType<{ claimed_by: string }>())
    .execute();
}

/**
 * Marks as gone, at once, the workers of processes of this machine that no longer exist
 * (a process restarted after a crash takes back the dead one's jobs without waiting for its
 * heartbeat to age). Worker ids are `host:pid:random`; a pid of another machine, or one that
 * answers, is left to the heartbeat.
 */
export async function retireDeadLocalWorkers(db: Executor, host: string, isAlive: (pid: number) => boolean): Promise<number> {
  const rows = await db
    .selectFrom('job_workers')
    .select('id')
    .where('id', 'like', `${host.replace(/[%_]/g, '')}:%`)
    .where('heartbeat_at', '>', DEAD_HEARTBEAT)
    .execute();
  const dead = rows.filter((row) => {
    const [rowHost, pid] = row.id.split(':');
    return rowHost === host && /^\d+$/.test(pid) && !isAlive(Number(pid));
  });
  if (dead.length === 0) return 0;
  await db
    .updateTable('job_workers')
    .set({ heartbeat_at: DEAD_HEARTBEAT })
    .where(
      'id',
      'in',
      dead.map((row) => row.id),
    )
    .execute();
  return dead.length;
}

/** Claims the oldest due job, if any (see claimJobs). */
export async function claimJob(
  db: Db,
  worker: string,
  now: Date,
  leaseMs: number,
): Promise<JobRow | undefined> {
  return (await claimJobs(db, worker, now, leaseMs, 1))[0];
}

/**
 * Starts claimed jobs: one write, which succeeds for each job only while `worker` still holds
 * its claim, and gives it a lease of `leaseMs` during which no peer takes it back (see
 * claimJobs). Returns the ids the worker may run; a job missing from them was taken back by a
 * peer that counted this worker gone, and must not be run here (its side effects would happen
 * twice).
 */
export async function startJobs(db: Executor, ids: string[], worker: string, now: Date, leaseMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('jobs')
    .set({ started_until: isoOf(new Date(now.getTime() + leaseMs)) })
    .where('id', 'in', ids)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Renews the start lease of the jobs `worker` is running (its heartbeat does, while busy). */
export async function renewStartedJobs(db: Executor, worker: string, now: Date, leaseMs: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ started_until: isoOf(new Date(now.getTime() + leaseMs)) })
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .where('started_until', 'is not', null)
    .execute();
}

/** Marks a claimed job done; a mail's body is dropped then (it may hold a reset link). */
export async function completeJob(db: Executor, job: JobRow, worker: string, now: Date): Promise<void> {
  await completeJobs(db, [job.id], worker, now);
}

/**
 * Marks claimed jobs done in one statement (the worker gathers the ones that finished while the
 * previous mark was written). Only jobs this worker still holds are marked.
 */
export async function completeJobs(db: Executor, ids: string[], worker: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({
      status: 'done',
      claimed_until: null,
      started_until: null,
      last_error: null,
      updated_at: isoOf(now),
      payload: sql<string>`case when kind = ${MAIL_JOB} then '{}' else payload end`,
    })
    .where('id', 'in', ids)
    .where('claimed_by', '=', worker)
    .execute();
}

/**
 * Gives claimed jobs back untouched (a worker stopping with jobs it never started): another
 * process, or the next start, takes them at once instead of after the lease. The try is not
 * counted, since none was made.
 */
export async function releaseJobs(db: Executor, ids: string[], worker: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({
      status: 'pending',
      tries: sql<number>`tries - 1`,
      claimed_by: null,
      claimed_until: null,
      started_until: null,
      updated_at: isoOf(now),
    })
    .where('id', 'in', ids)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** Plans another try after a growing wait, or marks the job failed after `retryLimit` tries. */
export async function failJob(
  db: Executor,
  job: JobRow,
  worker: string,
  now: Date,
  retryLimit: number,
  error: string,
): Promise<void> {
  const failed = job.tries >= retryLimit;
  await db
    .updateTable('jobs')
    .set({
      status: failed ? 'failed' : 'pending',
      run_at: failed ? job.run_at : isoOf(new Date(now.getTime() + retryDelayMs(job.tries))),
      claimed_until: null,
      started_until: null,
      last_error: error.slice(0, 1000),
      updated_at: isoOf(now),
    })
    .where('id', '=', job.id)
    .where('claimed_by', '=', worker)
    .execute();
}

/** Mails in a state, newest first (the staff list of failed mails). */
export function findMailJobs(db: Executor, status: JobsTable['status'], limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', MAIL_JOB)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Puts a failed mail back in the queue with its tries counted afresh; false when there is none. */
export async function retryFailedMail(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', tries: 0, run_at: isoOf(now), claimed_by: null, updated_at: isoOf(now) })
    .where('id', '=', id)
    .where('kind', '=', MAIL_JOB)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets finished jobs older than `before` (the queue keeps a few days of history). */
export async function pruneDoneJobs(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', isoOf(before)).execute();
}
