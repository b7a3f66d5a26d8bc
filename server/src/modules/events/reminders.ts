import { RoleStatus } from '@club/contract/enums';
import { instantOfWallTime } from '@club/contract/club-time';
import type { AppContext } from '../../context.ts';
import { cancelPendingJobs, enqueueJob, findPendingJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { Executor } from '../../db/transaction.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import type { EventRow } from './repository.ts';
import { findEvent } from './repository.ts';
import { queueEventMails } from './notify.ts';

export const REMINDER_JOB = 'reminder';
const HOUR_MS = 60 * 60_000;

/** One reminder job per event: planning again replaces it. */
export const reminderKey = (eventId: string): string => `reminder:${eventId}`;

/**
 * Plans the event's reminder REMINDER_HOURS before its start. `replace` moves a planned one
 * (the event moved); otherwise an existing plan is kept (a registration makes sure there is
 * one). A time already past plans nothing: whoever registers inside the window gets none.
 */
export async function planReminder(
  ctx: AppContext,
  trx: Executor,
  event: Pick<EventRow, 'id' | 'start_at'>,
  replace: boolean,
): Promise<void> {
  const key = reminderKey(event.id);
  if (replace) await cancelPendingJobs(trx, key);
  else if (await findPendingJob(trx, key)) return;
  const hours = ctx.config.reminderHours;
  if (hours === 0) return;
  const now = ctx.clock.now();
  const at = new Date(instantOfWallTime(event.start_at, ctx.config.clubTimezone).getTime() - hours * HOUR_MS);
  if (at.getTime() <= now.getTime()) return;
  await enqueueJob(trx, { kind: REMINDER_JOB, key, payload: { eventId: event.id }, runAt: at, now });
}

/**
 * Runs a reminder: one mail to each member holding a seat who registered before the reminder's
 * time and keeps reminders on, queued in one transaction.
 */
export function reminderHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { eventId } = JSON.parse(job.payload) as { eventId: string };
    await withWriteTransaction(ctx.db, async (trx) => {
      const event = await findEvent(trx, eventId);
      if (!event) return;
      const mailees = await trx
        .selectFrom('registrations')
        .innerJoin('members', 'members.id', 'registrations.member_id')
        .select(['members.id', 'members.email', 'members.language', 'members.nombre', 'registrations.sequence'])
        .where('registrations.event_id', '=', eventId)
        .where('registrations.status', '!=', RoleStatus.anulado)
        .where('members.recordatorios', '=', 1)
        .where('registrations.created_at', '<=', job.run_at)
        .orderBy('members.id')
        .execute();
      await queueEventMails(ctx, trx, 'reminder', event, mailees);
    });
    ctx.jobs.kick();
  };
}
