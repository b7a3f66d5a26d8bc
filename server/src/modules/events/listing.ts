import type { Event } from '@club/contract/schemas';
import { EventStatus } from '@club/contract/enums';
import { monthBounds } from '@club/contract/club-time';
import type { YearMonth } from '@club/contract/club-time';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toEvents } from './event-view.ts';
import { waitlistView } from './waitlist-view.ts';
import type { EventRow, ParticipantScope } from './repository.ts';
import { findEvent, findEventsBetween, findEventsByIds, findParticipants } from './repository.ts';

/** Who is asking: null for an anonymous visitor. */
export type Viewer = { memberId: string; staff: boolean } | null;

/** The staff view: every participant with contact fields, whoever asks. */
export const STAFF_VIEWER: Viewer = { memberId: '', staff: true };

export function viewerOf(member: { id: string; staff: number } | null | undefined): Viewer {
  return member ? { memberId: member.id, staff: Boolean(member.staff) } : null;
}

function scopeFor(viewer: Viewer): ParticipantScope {
  if (!viewer) return { kind: 'none' };
  return viewer.staff ? { kind: 'all' } : { kind: 'member', memberId: viewer.memberId };
}

/**
 * Whose registrations a list of events carries: the viewer's own. Every registration of every
 * event (staff asking with `participantes=all`) grows with the club: staff read an event's
 * participants from that event, a page at a time.
 */
function listScopeFor(viewer: Viewer, everyone: boolean): ParticipantScope {
  if (viewer?.staff && everyone) return { kind: 'all' };
  return viewer ? { kind: 'member', memberId: viewer.memberId } : { kind: 'none' };
}

/** The start_at range of a month's events: from its first day to the next month's first. */
export function monthRange(month: YearMonth): { from: string; to: string } {
  const { first, next } = monthBounds(month);
  return { from: first, to: next };
}

/**
 * Events starting in [from, to), private ones only for members, each with the viewer's own
 * registration, or with everyone's when staff ask for `everyone`.
 */
export async function listEvents(
  ctx: AppContext,
  range: { from?: string; to?: string },
  viewer: Viewer,
  everyone = false,
): Promise<Event[]> {
  const db = ctx.db.kysely;
  const rows = await findEventsBetween(db, {
    ...range,
    includePrivate: viewer !== null,
    publicStatus: EventStatus.publico,
  });
  const participants = await findParticipants(
    db,
    rows.map((row) => row.id),
    listScopeFor(viewer, everyone),
  );
  return toEvents(rows, participants, viewer?.staff === true, await waitlistView(db, rows, viewer));
}

/** The events of the ids, by start, without participants (just created: nobody is registered). */
export async function listNewEvents(ctx: AppContext, ids: string[]): Promise<Event[]> {
  return toEvents(await findEventsByIds(ctx.db.kysely, ids), [], true);
}

/** One event as the viewer may see it; 404 when unknown or private to an anonymous caller. */
export async function getEvent(ctx: AppContext, id: string, viewer: Viewer): Promise<Event> {
  const row = await findEvent(ctx.db.kysely, id);
  if (!row || (viewer === null && row.status !== EventStatus.publico))
    throw new ApiError('NOT_FOUND', 'No such event.');
  return viewOfRow(ctx, row, viewer);
}

async function viewOfRow(ctx: AppContext, row: EventRow, viewer: Viewer): Promise<Event> {
  const participants = await findParticipants(ctx.db.kysely, [row.id], scopeFor(viewer));
  const waitlist = await waitlistView(ctx.db.kysely, [row], viewer);
  return toEvents([row], participants, viewer?.staff === true, waitlist)[0];
}
