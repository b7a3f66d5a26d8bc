// The staff's calls on events (API.md "Calls beyond SPEC", admin rows): list, create, change,
// delete, and set a participant's status.
import type { Insertable } from 'kysely';
import type {
  AdminEventBody,
  AdminEventUpdateBody,
  AdminEventsQuery,
  Event,
  EventScope,
  Participant,
  ParticipantsPage,
  ParticipantsPageQuery,
} from '@club/contract/schemas';
import { PARTICIPANTS_PAGE } from '@club/contract/schemas';
import { RoleStatus } from '@club/contract/enums';
import type { RoleStatus as RoleStatusValue } from '@club/contract/enums';
import { roleForEventType } from '@club/contract/eligibility';
import { clubMonth, eventTimeFaults, eventTimeFaultsMessage } from '@club/contract/club-time';
import {
  addDays,
  formatEventTime,
  isInClubYears,
  isIsoDate,
  isRealEventTime,
  parseEventTime,
  ZERO_EVENT_TIME,
} from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import type { EventsTable } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { cancelPendingJobs } from '../../jobs/queue.ts';
import { libraryStageExists } from '../library/index.ts';
import { queueEventMails } from './notify.ts';
import type { EventMailKind } from './mails.ts';
import { findWaitlistEntries } from './waitlist-view.ts';
import { planReminder, reminderKey } from './reminders.ts';
import { findMailee, findMemberById } from '../members/index.ts';
import { occupySeat, promoteWaiting } from './waitlist.ts';
import { getEvent, listEvents, listNewEvents, monthRange, STAFF_VIEWER } from './listing.ts';
import { toParticipant } from './event-view.ts';
import { classStatusChanged } from '../payments/index.ts';
import {
  countParticipants,
  deleteEvent,
  findEvent,
  findParticipants,
  findRegisteredMailees,
  findRegistration,
  findWaitingMailees,
  freeSeat,
  insertEvents,
  lockEvent,
  lockLaterOfSeries,
  setRegistrationRoles,
  takeSeat,
  updateEvent,
  updateRegistration,
} from './repository.ts';
import type { EventRow } from './repository.ts';

/** A 'yyyy-MM-dd' or 'YYYY-MM-DD HH:MM:SS' bound, or a 400 naming the field. */
function readBound(name: 'from' | 'to', value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if ((!isIsoDate(text) && !isRealEventTime(text)) || !isInClubYears(text)) {
    throw new ApiError('VALIDATION_ERROR', undefined, { [name]: ['date'] });
  }
  return text;
}

/**
 * Events starting from `from` up to and including the day `to` (staff view). Without bounds:
 * the club's current month.
 */
export async function listAdminEvents(ctx: AppContext, query: AdminEventsQuery): Promise<Event[]> {
  return listEvents(ctx, adminEventsRange(ctx, query), STAFF_VIEWER, query.participantes === 'all');
}

/** The start_at range a staff list asks for: its bounds, or this month when it names none. */
export function adminEventsRange(ctx: AppContext, query: AdminEventsQuery): { from?: string; to?: string } {
  let from = readBound('from', query.from);
  let to = readBound('to', query.to);
  if (to !== undefined && isIsoDate(to)) to = addDays(to, 1);
  if (from === undefined && to === undefined) {
    ({ from, to } = monthRange(clubMonth(ctx.clock.now(), ctx.config.clubTimezone)));
  }
  return { from, to };
}

/** One page of an event's participants with their contact fields, by surname (staff view). */
export async function participantsPage(
  ctx: AppContext,
  eventId: string,
  query: ParticipantsPageQuery,
): Promise<ParticipantsPage> {
  const db = ctx.db.kysely;
  const event = await findEvent(db, eventId);
  if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
  const offset = query.offset ?? 0;
  const limit = query.limit ?? PARTICIPANTS_PAGE.defaultLimit;
  const [total, rows] = await Promise.all([
    countParticipants(db, eventId),
    findParticipants(db, [eventId], { kind: 'all' }, { offset, limit }),
  ]);
  return { total, offset, limit, participantes: rows.map((row) => toParticipant(row, true)) };
}

/**
 * Refuses start and end times that the club's clock skips or shows twice (400
 * TIME_NOT_IN_CLUB_ZONE), with a message in the staff member's language that names each clock
 * change and, for a weekly series, the dates it would land on. `times` are the event's and each
 * week's of its series. The field of the first fault is named, so a form can mark it.
 */
function refuseClockFaults(ctx: AppContext, times: Array<{ start: string; end: string }>, language: string): void {
  const faults = eventTimeFaults(times, ctx.config.clubTimezone);
  if (faults.length === 0) return;
  throw new ApiError(
    'TIME_NOT_IN_CLUB_ZONE',
    eventTimeFaultsMessage(faults, ctx.config.clubTimezone, language),
    Object.fromEntries(faults.map((fault) => [fault.field, ['date' as const]])),
  );
}

/** The event's waiting list in order (1 = next), with each person's contact fields (staff view). */
export async function waitlistOf(ctx: AppContext, eventId: string): Promise<Participant[]> {
  const event = await findEvent(ctx.db.kysely, eventId);
  if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
  const rows = await findWaitlistEntries(ctx.db.kysely, [event]);
  return rows.map((row) => toParticipant(row, true));
}

/** Creates the event, or one per week for `repeatWeeks` weeks sharing a series id. */
export async function createEvents(ctx: AppContext, body: AdminEventBody, language = 'en'): Promise<Event[]> {
  const weeks = body.repeatWeeks ?? 1;
  refuseClockFaults(
    ctx,
    Array.from({ length: weeks }, (_, week) => ({ start: addDays(body.start, 7 * week), end: addDays(body.end, 7 * week) })),
    language,
  );
  await checkLibraryStage(ctx, body.stageId);
  const stamp = isoOf(ctx.clock.now());
  const seriesId = weeks > 1 ? newId() : null;
  const rows: Insertable<EventsTable>[] = [];
  for (let week = 0; week < weeks; week += 1) {
    rows.push({
      id: newId(),
      type: body.type,
      start_at: addDays(body.start, 7 * week),
      end_at: addDays(body.end, 7 * week),
      evento: body.evento,
      nota: body.nota ?? null,
      plazas: body.plazas,
      plazas_taken: 0,
      status: body.status,
      solo_lectura: body.soloLectura ? 1 : 0,
      series_id: seriesId,
      stage_id: body.stageId ?? null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await withWriteTransaction(ctx.db, (trx) => insertEvents(trx, rows));
  return listNewEvents(
    ctx,
    rows.map((row) => String(row.id)),
  );
}

/** A briefing must name a stage of the club library (a field error, not a database error). */
async function checkLibraryStage(ctx: AppContext, stageId: string | null | undefined): Promise<void> {
  if (stageId && !(await libraryStageExists(ctx.db.kysely, stageId))) {
    throw new ApiError('VALIDATION_ERROR', 'No such library stage.', { stageId: ['unknown'] });
  }
}

/** The columns a staff change writes on one event. */
type EventChanges = Pick<EventRow, 'start_at' | 'end_at' | 'evento' | 'nota' | 'plazas' | 'status'> &
  Partial<Pick<EventRow, 'type' | 'solo_lectura' | 'stage_id'>>;

/** `time`'s time of day on `date`'s day, `dayOffset` days later ('YYYY-MM-DD HH:MM:SS'). */
function timeOnDay(date: string, time: string, dayOffset: number): string {
  const day = parseEventTime(date, ZERO_EVENT_TIME);
  const clock = parseEventTime(time, ZERO_EVENT_TIME);
  return addDays(formatEventTime({ ...clock, year: day.year, month: day.month, day: day.day }), dayOffset);
}

/** Whole days from `start`'s day to `end`'s day (an event ending after midnight: 1). */
function daysBetween(start: string, end: string): number {
  const utc = (text: string) => {
    const p = parseEventTime(text, ZERO_EVENT_TIME);
    return Date.UTC(p.year, p.month - 1, p.day);
  };
  return Math.round((utc(end) - utc(start)) / 86_400_000);
}

/**
 * The events of `event`'s weekly series that start after it, held for the caller's write
 * transaction; 409 NOT_IN_SERIES when it belongs to none.
 */
async function laterOfSeries(ctx: AppContext, trx: Executor, event: EventRow): Promise<EventRow[]> {
  if (!event.series_id) {
    throw new ApiError('NOT_IN_SERIES', 'This event belongs to no weekly series; change it alone (scope=this).');
  }
  return lockLaterOfSeries(trx, ctx.db.dialect, event.series_id, event.start_at, event.id);
}

/**
 * Writes a staff change to one event inside the caller's transaction: its version grows
 * (iCalendar SEQUENCE), a new type moves the roles, a new start moves the reminder, a new start,
 * end or title mails the registered members what changed, and free seats fill from the line.
 */
async function applyEventChange(
  ctx: AppContext,
  trx: Executor,
  event: EventRow,
  fields: EventChanges,
  stamp: string,
): Promise<void> {
  if (fields.plazas < event.plazas_taken) {
    throw new ApiError(
      'EVENT_FULL',
      `plazas cannot be lower than the ${event.plazas_taken} seats already taken on ${event.start_at}; cancel registrations first.`,
      { plazas: ['unknown'] },
    );
  }
  const changes = { ...fields, version: event.version + 1, updated_at: stamp };
  await updateEvent(trx, event.id, changes);
  if (fields.type !== undefined && roleForEventType(fields.type) !== roleForEventType(event.type)) {
    await setRegistrationRoles(trx, event.id, roleForEventType(fields.type), stamp);
  }
  const updated = { ...event, ...changes };
  if (event.start_at !== fields.start_at) await planReminder(ctx, trx, updated, true);
  if (event.start_at !== fields.start_at || event.end_at !== fields.end_at || event.evento !== fields.evento) {
    await queueEventMails(ctx, trx, 'eventChanged', updated, await findRegisteredMailees(trx, event.id), {
      evento: event.evento,
      start: event.start_at,
      end: event.end_at,
    });
  }
  await promoteWaiting(ctx, trx, event.id);
}

/**
 * Changes an event; seats may not drop below those taken (409), a new type moves the roles.
 * With scope `following`, each later event of its weekly series takes the title, note, seats,
 * status and the new time of day and length, on its own day. All in one transaction: one event
 * that cannot take the change refuses it for all.
 */
export async function updateAdminEvent(
  ctx: AppContext,
  id: string,
  body: AdminEventUpdateBody,
  scope: EventScope = 'this',
  language = 'en',
): Promise<Event> {
  const stamp = isoOf(ctx.clock.now());
  refuseClockFaults(ctx, [{ start: body.start, end: body.end }], language);
  await checkLibraryStage(ctx, body.stageId);
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, id);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const later = scope === 'following' ? await laterOfSeries(ctx, trx, event) : [];
    await applyEventChange(
      ctx,
      trx,
      event,
      {
        type: body.type,
        start_at: body.start,
        end_at: body.end,
        evento: body.evento,
        nota: body.nota === undefined ? event.nota : body.nota,
        plazas: body.plazas,
        status: body.status,
        solo_lectura: body.soloLectura === undefined ? event.solo_lectura : body.soloLectura ? 1 : 0,
        ...(body.stageId === undefined ? {} : { stage_id: body.stageId }),
      },
      stamp,
    );
    const length = daysBetween(body.start, body.end);
    // Each later event of the series keeps its day and takes the new times: all must exist.
    refuseClockFaults(
      ctx,
      [body, ...later.map((next) => ({ start: timeOnDay(next.start_at, body.start, 0), end: timeOnDay(next.start_at, body.end, length) }))],
      language,
    );
    for (const next of later) {
      const start = timeOnDay(next.start_at, body.start, 0);
      await applyEventChange(
        ctx,
        trx,
        next,
        {
          start_at: start,
          end_at: timeOnDay(next.start_at, body.end, length),
          evento: body.evento,
          nota: body.nota === undefined ? next.nota : body.nota,
          plazas: body.plazas,
          status: body.status,
        },
        stamp,
      );
    }
  });
  ctx.jobs.kick();
  return staffView(ctx, id);
}

function staffView(ctx: AppContext, id: string): Promise<Event> {
  return getEvent(ctx, id, STAFF_VIEWER);
}

/**
 * Deletes one event inside the caller's transaction: its registrations and line go with it
 * (the seats are free), its reminder is cancelled, and the members registered or waiting are
 * mailed, each in their language.
 */
async function removeEvent(ctx: AppContext, trx: Executor, event: EventRow): Promise<void> {
  const registered = await findRegisteredMailees(trx, event.id);
  const waiting = await findWaitingMailees(trx, event.id);
  await deleteEvent(trx, event.id);
  await cancelPendingJobs(trx, reminderKey(event.id));
  const gone = { ...event, version: event.version + 1 };
  await queueEventMails(ctx, trx, 'eventCancelled', gone, registered);
  await queueEventMails(ctx, trx, 'eventCancelledWaiting', gone, waiting);
}

/**
 * Deletes the event (scope `following`: and every later event of its weekly series) with its
 * registrations and waiting list, and tells each member registered or waiting by mail.
 */
export async function deleteAdminEvent(ctx: AppContext, id: string, scope: EventScope = 'this'): Promise<void> {
  await withWriteTransaction(ctx.db, async (trx) => {
    const found = await lockEvent(trx, ctx.db.dialect, id);
    if (!found) throw new ApiError('NOT_FOUND', 'No such event.');
    const later = scope === 'following' ? await laterOfSeries(ctx, trx, found) : [];
    for (const event of [found, ...later]) await removeEvent(ctx, trx, event);
  });
  ctx.jobs.kick();
}

/**
 * POST /api/admin/events/{uuid}/participants/: staff seat a member who came without booking
 * (a walk-in). Staff decide, so neither the rules of registering nor a full event stop it: a
 * full event gets one more seat. 409 ALREADY_REGISTERED when the member holds a seat already;
 * the member is mailed the usual confirmation. One write transaction.
 */
export async function addParticipant(ctx: AppContext, eventId: string, personId: string): Promise<Event> {
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const member = await findMemberById(trx, personId);
    if (!member) throw new ApiError('NOT_FOUND', 'No such member.');
    const own = await findRegistration(trx, eventId, personId);
    if (own && own.status !== RoleStatus.anulado) {
      throw new ApiError('ALREADY_REGISTERED', 'That member is already registered for this event.');
    }
    let current = event;
    if (event.plazas_taken >= event.plazas) {
      const plazas = event.plazas_taken + 1;
      await updateEvent(trx, eventId, { plazas, updated_at: stamp });
      current = { ...event, plazas };
    }
    if (!(await occupySeat(trx, current, member, own, stamp))) throw new ApiError('EVENT_FULL', 'No seat is left.');
    await planReminder(ctx, trx, current, false);
    await queueEventMails(ctx, trx, 'registered', current, [member]);
  });
  ctx.jobs.kick();
  return staffView(ctx, eventId);
}

/** Sets a registration's status; anulado frees its seat, leaving anulado takes one if free. */
export async function setParticipantStatus(
  ctx: AppContext,
  eventId: string,
  personId: string,
  status: RoleStatusValue,
  staffId?: string,
): Promise<Event> {
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const registration = await findRegistration(trx, eventId, personId);
    if (!registration) throw new ApiError('NOT_FOUND', 'That person is not registered for this event.');
    const wasCancelled = registration.status === RoleStatus.anulado;
    const cancels = status === RoleStatus.anulado;
    if (!wasCancelled && cancels) await freeSeat(trx, eventId, stamp);
    if (wasCancelled && !cancels && !(await takeSeat(trx, eventId, stamp))) {
      throw new ApiError('EVENT_FULL', 'No seat is left to restore this registration.');
    }
    // Back to reservado hands the registration back to the member; any other status is staff's.
    const staffDecided = status === RoleStatus.reservado ? 0 : 1;
    await updateRegistration(trx, registration.id, { status, staff_decided: staffDecided, updated_at: stamp });
    // A finalised class takes one from the member's packs (once per registration); undone, it comes back.
    await classStatusChanged(
      trx,
      {
        registrationId: registration.id,
        memberId: registration.member_id,
        eventId,
        eventType: event.type,
        before: registration.status,
        after: status,
        by: staffId ?? null,
        stamp,
      },
      RoleStatus.finalizado,
    );
    // Every decision that changes whether the member is expected reaches them by mail (their
    // last mail may have said "confirmed"); a seat staff free goes to the first in line.
    const kind = staffDecisionMail(registration.status, status);
    if (kind && registration.member_id) {
      const mailee = await findMailee(trx, registration.member_id);
      if (mailee) await queueEventMails(ctx, trx, kind, event, [mailee]);
    }
    if (!wasCancelled && cancels) await promoteWaiting(ctx, trx, eventId);
  });
  ctx.jobs.kick();
  return staffView(ctx, eventId);
}

/**
 * The mail a staff change of status sends the member: confirming tells them their seat is sure,
 * cancelling that they are no longer expected, leaving anulado that they have a seat again.
 * Finalising (attendance) and handing a seat back to the member change nothing they must act on.
 */
function staffDecisionMail(from: RoleStatusValue, to: RoleStatusValue): EventMailKind | null {
  if (from === to) return null;
  if (to === RoleStatus.anulado) return 'cancelledByStaff';
  if (to === RoleStatus.confirmado) return 'confirmed';
  if (from === RoleStatus.anulado) return 'restoredByStaff';
  return null;
}
