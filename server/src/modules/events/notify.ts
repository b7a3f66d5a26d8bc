import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';
import { enqueueMail } from '../../jobs/queue.ts';
import type { Executor } from '../../db/transaction.ts';
import type { EventRow } from './repository.ts';
import { eventMail } from './mails.ts';
import type { EventMailKind } from './mails.ts';
import { eventLink, renderCalendar } from './ical.ts';

export interface Mailee {
  email: string;
  language: string;
  nombre: string;
}

type MailedEvent = Pick<
  EventRow,
  'id' | 'start_at' | 'end_at' | 'evento' | 'nota' | 'version' | 'updated_at'
>;

/** The event alone as an .ics file, for the mails that add or change a booking. */
export function eventIcs(ctx: AppContext, event: MailedEvent, cancelled = false): string {
  return renderCalendar({
    name: siteSettings.clubName,
    timeZone: ctx.config.clubTimezone,
    now: ctx.clock.now(),
    entries: [{ row: event, url: eventLink(ctx.config.publicUrl, event), cancelled }],
  });
}

/**
 * Queues a mail about the event to each member, in their language, inside the caller's
 * transaction: the mails exist exactly when the change that causes them does. The caller kicks
 * the worker (ctx.jobs.kick()) after the commit.
 */
export async function queueEventMails(
  ctx: AppContext,
  trx: Executor,
  kind: EventMailKind,
  event: MailedEvent,
  mailees: Mailee[],
  before?: { evento: string; start: string; end: string },
): Promise<void> {
  if (mailees.length === 0) return;
  const ics = eventIcs(ctx, event);
  const link = eventLink(ctx.config.publicUrl, event);
  const now = ctx.clock.now();
  for (const m of mailees) {
    await enqueueMail(
      trx,
      now,
      eventMail({
        kind,
        language: m.language,
        to: m.email,
        nombre: m.nombre,
        evento: event.evento,
        start: event.start_at,
        end: event.end_at,
        link,
        ics,
        before,
      }),
    );
  }
}
