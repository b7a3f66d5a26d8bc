// The staff's calls on events (API.md "Calls beyond SPEC", admin rows): list, create, change,
// delete, and set a participant's status.
import type { Insertable } from 'kysely';
import type {
  AdminEventBody,
  AdminEventUpdateBody,
  AdminEventsQuery,
  Event,
  ParticipantsPage,
  ParticipantsPageQuery,
} from '@club/contract/schemas';
import { PARTICIPANTS_PAGE } from '@club/contract/schemas';
import { RoleStatus } from '@club/contract/enums';
import type { RoleStatus as RoleStatusValue } from '@club/contract/enums';
import { roleForEventType } from '@club/contract/eligibility';
import { clubMonth } from '@club/contract/club-time';
import { addDays, isIsoDate, isRealEventTime } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import type { EventsTable } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { cancelPendingJobs } from '../../jobs/queue.ts';
import { libraryStageExists } from '../library/index.ts';
import { queueEventMails } from './notify.ts';
import { planReminder, reminderKey } from './reminders.ts';
import { promoteWaiting } from './waitlist.ts';
import { getEvent, listEvents, listNewEvents, monthRange, STAFF_VIEWER } from './listing.ts';
import { toParticipant } from './event-view.ts';
import {
  countParticipants,
  deleteEvent,
  findMailee,
  findEvent,
  findParticipants,
  findRegisteredMailees,
  findRegistration,
  freeSeat,
  insertEvents,
  lockEvent,
  setRegistrationRoles,
  takeSeat,
  updateEvent,
  updateRegistration,
} from './repository.ts';

/** A 'yyyy-MM-dd' or 'YYYY-MM-DD HH:MM:SS' bound, or a 400 naming the field. */
function readBound(name: 'from' | 'to', value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (!isIsoDate(text) && !isRealEventTime(text)) {
    throw new ApiError('VALIDATION_ERROR', undefined, { [name]: ['date'] });
  }
  return text;
}

/**
 * Events starting from `from` up to and including the day `to` (staff view). Without bounds:
 * the club's current month.
 */
export async function listAdminEvents(ctx: AppContext, query: AdminEventsQuery): Promise<Event[]> {
  let from = readBound('from', query.from);
  let to = readBound('to', query.to);
  if (to !== undefined && isIsoDate(to)) to = addDays(to, 1);
  if (from === undefined && to === undefined) {
    ({ from, to } = monthRange(clubMonth(ctx.clock.now(), ctx.config.clubTimezone)));
  }
  return listEvents(ctx, { from, to }, STAFF_VIEWER, query.participantes === 'all');
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

/** Creates the event, or one per week for `repeatWeeks` weeks sharing a series id. */
export async function createEvents(ctx: AppContext, body: AdminEventBody): Promise<Event[]> {
  await checkLibraryStage(ctx, body.stageId);
  const weeks = body.repeatWeeks ?? 1;
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

/**
 * Changes an event; seats may not drop below those taken (409), a new type moves the roles.
 * Every change raises the event's version (iCalendar SEQUENCE); a new start, end or title
 * moves its reminder and mails the registered members what changed; more seats, or an event
 * unlocked, fill from the waiting list. All in one transaction.
 */
export async function updateAdminEvent(
  ctx: AppContext,
  id: string,
  body: AdminEventUpdateBody,
): Promise<Event> {
  const stamp = isoOf(ctx.clock.now());
  await checkLibraryStage(ctx, body.stageId);
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, id);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    if (body.plazas < event.plazas_taken) {
      throw new ApiError(
        'EVENT_FULL',
        `plazas cannot be lower than the ${event.plazas_taken} seats already taken; cancel registrations first.`,
        { plazas: ['unknown'] },
      );
    }
    const changes = {
      type: body.type,
      start_at: body.start,
      end_at: body.end,
      evento: body.evento,
      nota: body.nota === undefined ? event.nota : body.nota,
      plazas: body.plazas,
      status: body.status,
      solo_lectura: body.soloLectura === undefined ? event.solo_lectura : body.soloLectura ? 1 : 0,
      version: event.version + 1,
      ...(body.stageId === undefined ? {} : { stage_id: body.stageId }),
      updated_at: stamp,
    };
    await updateEvent(trx, id, changes);
    if (roleForEventType(body.type) !== roleForEventType(event.type)) {
      await setRegistrationRoles(trx, id, roleForEventType(body.type), stamp);
    }
    const updated = { ...event, ...changes };
    if (event.start_at !== body.start) await planReminder(ctx, trx, updated, true);
    if (event.start_at !== body.start || event.end_at !== body.end || event.evento !== body.evento) {
      await queueEventMails(ctx, trx, 'eventChanged', updated, await findRegisteredMailees(trx, id), {
        evento: event.evento,
        start: event.start_at,
        end: event.end_at,
      });
    }
    await promoteWaiting(ctx, trx, id);
  });
  ctx.jobs.kick();
  return staffView(ctx, id);
}

function staffView(ctx: AppContext, id: string): Promise<Event> {
  return getEvent(ctx, id, STAFF_VIEWER);
}

/** Deletes the event with its registrations and tells each registered member by mail. */
export async function deleteAdminEvent(ctx: AppContext, id: string): Promise<void> {
  await withWriteTransaction(ctx.db, async (trx) => {
    const found = await lockEvent(trx, ctx.db.dialect, id);
    if (!found) throw new ApiError('NOT_FOUND', 'No such event.');
    const registered = await findRegisteredMailees(trx, id);
    await deleteEvent(trx, id);
    await cancelPendingJobs(trx, reminderKey(id));
    await queueEventMails(ctx, trx, 'eventCancelled', { ...found, version: found.version + 1 }, registered);
  });
  ctx.jobs.kick();
}

/** Sets a registration's status; anulado frees its seat, leaving anulado takes one if free. */
export async function setParticipantStatus(
  ctx: AppContext,
  eventId: string,
  personId: string,
  status: RoleStatusValue,
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
    // Staff confirming a seat tells the member; a seat staff free goes to the first in line.
    if (status === RoleStatus.confirmado && registration.status !== RoleStatus.confirmado && registration.member_id) {
      const mailee = await findMailee(trx, registration.member_id);
      if (mailee) await queueEventMails(ctx, trx, 'confirmed', event, [mailee]);
    }
    if (!wasCancelled && cancels) await promoteWaiting(ctx, trx, eventId);
  });
  ctx.jobs.kick();
  return staffView(ctx, eventId);
}
