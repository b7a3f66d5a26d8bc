import type { AppContext } from '../../context.ts';
import { enqueueMail } from '../../jobs/queue.ts';
import type { Executor } from '../../db/transaction.ts';
import { findCopySequences } from './repository.ts';
import { CALENDAR_METHOD, eventMail } from './mails.ts';
import type { EventMailKind } from './mails.ts';
import { CLUB_PLACE, eventLink, invitationIcs } from './ical.ts';
import type { InvitedEvent } from './ical.ts';
import { remindersOffLinks, remindersOffToken } from './reminders-off.ts';

export interface Mailee {
  /** The member's id: their copy's sequence is looked up by it, and their reminders link made. */
  id?: string;
  email: string;
  language: string;
  nombre: string;
  /** The registration's own sequence, when the caller read it (an event about to be deleted). */
  sequence?: number;
}

/**
 * Queues a mail about the event to each member, in their language, inside the caller's
 * transaction: the mails exist exactly when the change that causes them does. Each mail that
 * adds, changes or removes the member's booking carries their copy of the event as an
 * invitation or a cancellation, with SEQUENCE = the event's version + the registration's own
 * changes (only ever growing, as in the personal feed). Reminders carry the link that turns
 * them off. The caller kicks the worker (ctx.jobs.kick()) after the commit.
 */
export async function queueEventMails(
  ctx: AppContext,
  trx: Executor,
  kind: EventMailKind,
  event: InvitedEvent,
  mailees: Mailee[],
  before?: { evento: string; start: string; end: string },
): Promise<void> {
  if (mailees.length === 0) return;
  const method = CALENDAR_METHOD[kind];
  const link = eventLink(ctx.config.publicUrl, event);
  const now = ctx.clock.now();
  const unknown = mailees.filter((m) => m.sequence === undefined && m.id).map((m) => m.id as string);
  const sequences = method ? await findCopySequences(trx, event.id, unknown) : new Map<string, number>();
  for (const m of mailees) {
    const sequence = event.version + (m.sequence ?? (m.id ? sequences.get(m.id) : undefined) ?? 0);
    const remindersOff =
      kind === 'reminder' && m.id ? remindersOffLinks(ctx, await remindersOffToken(ctx, trx, m.id)) : undefined;
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
        timeZone: ctx.config.clubTimezone,
        place: CLUB_PLACE.location ?? '',
        link,
        ics: method ? invitationIcs(ctx, event, { name: m.nombre, email: m.email }, method, sequence) : undefined,
        remindersOff,
        before,
      }),
    );
  }
}
