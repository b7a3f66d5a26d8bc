import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import type { Event, MonthParams, SubscribeBody } from '@club/contract/schemas';
import { EventStatus, RoleStatus } from '@club/contract/enums';
import type { RegistrationAction, RegistrationEvent, Requirement } from '@club/contract/eligibility';
import { checkRegistration, isRegistered } from '@club/contract/eligibility';
import { categoryFor } from '@club/contract/category';
import { daysInMonth, parseEventTime, ZERO_EVENT_TIME } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubWallTime } from '../../lib/clock.ts';
import { isoOf } from '../../lib/ids.ts';
import type { MemberRow } from '../members/repository.ts';
import { toUser } from '../members/repository.ts';
import { toEvents } from './event-view.ts';
import { eventLink, renderCalendar } from './ical.ts';
import { queueEventMails } from './notify.ts';
import { planReminder } from './reminders.ts';
import { occupySeat, promoteWaiting, waitlistView } from './waitlist.ts';
import type { EventRow, ParticipantScope, RegistrationRow } from './repository.ts';
import {
  findEvent,
  findEventsBetween,
  findParticipants,
  findRegistration,
  freeSeat,
  lockEvent,
  updateRegistration,
  withWriteTransaction,
} from './repository.ts';

/** Who is asking: null for an anonymous visitor. */
export type Viewer = { memberId: string; staff: boolean } | null;

export function viewerOf(member: MemberRow | null | undefined): Viewer {
  return member ? { memberId: member.id, staff: Boolean(member.staff) } : null;
}

function scopeFor(viewer: Viewer): ParticipantScope {
  if (!viewer) return { kind: 'none' };
  return viewer.staff ? { kind: 'all' } : { kind: 'member', memberId: viewer.memberId };
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** First day of a month and of the next one, as 'yyyy-MM-dd' bounds for start_at. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return { from: `${year}-${pad2(month)}-01`, to: `${nextYear}-${pad2(nextMonth)}-01` };
}

/** Events starting in the month, by start, as the viewer may see them. */
export async function listMonth(ctx: AppContext, params: MonthParams, viewer: Viewer): Promise<Event[]> {
  const { from, to } = monthBounds(params.year, params.month);
  return listEvents(ctx, { from, to }, viewer);
}

/** Events starting in [from, to), private ones only for members, participants by the viewer's scope. */
export async function listEvents(
  ctx: AppContext,
  range: { from?: string; to?: string },
  viewer: Viewer,
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
    scopeFor(viewer),
  );
  return toEvents(rows, participants, viewer?.staff === true, await waitlistView(db, rows, viewer));
}

/** One event as the viewer may see it; 404 when unknown or private to an anonymous caller. */
export async function getEvent(ctx: AppContext, id: string, viewer: Viewer): Promise<Event> {
  const row = await findEvent(ctx.db.kysely, id);
  if (!row || (viewer === null && row.status !== EventStatus.publico))
    throw new ApiError('NOT_FOUND', 'No such event.');
  return viewOfRow(ctx, row, viewer);
}

export async function viewOfRow(ctx: AppContext, row: EventRow, viewer: Viewer): Promise<Event> {
  const participants = await findParticipants(ctx.db.kysely, [row.id], scopeFor(viewer));
  const waitlist = await waitlistView(ctx.db.kysely, [row], viewer);
  return toEvents([row], participants, viewer?.staff === true, waitlist)[0];
}

const REASON_MESSAGES: Partial<Record<string, string>> = {
  NOT_REGISTRABLE: 'This event takes no registrations.',
  EVENT_LOCKED: 'This event is locked.',
  EVENT_EXPIRED: 'This event has already started.',
  ALREADY_REGISTERED: 'You are already registered for this event.',
  NOT_REGISTERED: 'You are not registered for this event.',
  EVENT_FULL: 'No seat is left.',
};

export function refusal(reason: string, missing?: Requirement[]): ApiError {
  if (reason === 'NOT_ELIGIBLE') {
    return new ApiError('NOT_ELIGIBLE', `This event needs: ${(missing ?? []).join(', ')}.`);
  }
  return new ApiError(reason as ConstructorParameters<typeof ApiError>[0], REASON_MESSAGES[reason]);
}

/** The event as the rules read it: seats from the counter, the member's own registration only. */
export function registrationEvent(
  event: EventRow,
  memberId: string,
  own: RegistrationRow | undefined,
): RegistrationEvent {
  return {
    type: event.type,
    start: event.start_at,
    plazas: event.plazas,
    plazasLibres: event.plazas - event.plazas_taken,
    soloLectura: Boolean(event.solo_lectura),
    participantes: own ? [{ uuid: memberId, roles: [{ roleId: own.role_id, status: own.status }] }] : [],
  };
}

/**
 * Registers, updates or cancels the member's registration (PUT /api/events/{uuid}/subscribe/).
 * The seat, the registration, a promotion from the waiting list and their mails change in one
 * write transaction; the worker sends the mails after the commit.
 */
export async function subscribe(
  ctx: AppContext,
  eventId: string,
  body: SubscribeBody,
  member: MemberRow,
): Promise<Event> {
  if (body.uuid.toLowerCase() !== member.id.toLowerCase()) {
    throw new ApiError('FORBIDDEN', 'You can only register yourself.');
  }
  const wantsCancel = body.roles[0].status === RoleStatus.anulado;
  const nowLocal = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone);
  const stamp = isoOf(ctx.clock.now());
  const user = toUser(member);

  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const own = await findRegistration(trx, event.id, member.id);
    const ruleEvent = registrationEvent(event, member.id, own);
    let action: RegistrationAction = 'cancel';
    if (!wantsCancel) {
      // Status 1 while registered updates division or factor; one that changes nothing is a
      // second registration (a repeated click, a concurrent double call): ALREADY_REGISTERED.
      const changes =
        own !== undefined &&
        ((body.division !== undefined && body.division !== own.division) ||
          (body.factor !== undefined && body.factor !== own.factor));
      action = isRegistered(ruleEvent, member.id) && changes ? 'update' : 'register';
    }
    const check = checkRegistration({ event: ruleEvent, member: user, nowLocal, action });
    if (!check.ok) throw refusal(check.reason, check.missing);

    if (action !== 'register' && !own) throw refusal('NOT_REGISTERED');
    if (action === 'cancel' && own) {
      await updateRegistration(trx, own.id, { status: RoleStatus.anulado, updated_at: stamp });
      await freeSeat(trx, event.id, stamp);
      await queueEventMails(ctx, trx, 'cancelled', event, [member]);
      // The freed seat goes to the first in line at once, in this same transaction.
      await promoteWaiting(ctx, trx, event.id);
      return;
    }
    if (action === 'update' && own) {
      await updateRegistration(trx, own.id, {
        categoria: categoryFor(member.sexo, member.nacimiento, event.start_at),
        division: body.division === undefined ? own.division : body.division,
        factor: body.factor === undefined ? own.factor : body.factor,
        updated_at: stamp,
      });
      return;
    }
    if (!(await occupySeat(trx, event, member, own, stamp, { division: body.division, factor: body.factor }))) {
      throw refusal('EVENT_FULL');
    }
    await planReminder(ctx, trx, event, false);
    await queueEventMails(ctx, trx, 'registered', event, [member]);
  });
  ctx.jobs.kick();
  return getEvent(ctx, eventId, viewerOf(member));
}

/** The club wall date one month before today ('yyyy-MM-dd'); the day is clamped to the month. */
function aMonthAgo(nowLocal: string): string {
  const today = parseEventTime(nowLocal, ZERO_EVENT_TIME);
  const year = today.month === 1 ? today.year - 1 : today.year;
  const month = today.month === 1 ? 12 : today.month - 1;
  return `${year}-${pad2(month)}-${pad2(Math.min(today.day, daysInMonth(year, month)))}`;
}

/** iCalendar feed of public events from a month ago on, in the club's time zone. */
export async function calendarFeed(ctx: AppContext): Promise<string> {
  const timeZone = ctx.config.clubTimezone;
  const now = ctx.clock.now();
  const from = aMonthAgo(clubWallTime(now, timeZone));
  const rows = await findEventsBetween(ctx.db.kysely, {
    from,
    includePrivate: false,
    publicStatus: EventStatus.publico,
  });
  return renderCalendar({
    name: siteSettings.clubName,
    timeZone,
    now,
    alsoYear: Number(from.slice(0, 4)),
    refreshSeconds: 60 * 60,
    entries: rows.map((row) => ({ row, url: eventLink(ctx.config.publicUrl, row) })),
  });
}
