import type { Insertable, Updateable } from 'kysely';
import type {
  AdminEventBody,
  AdminEventUpdateBody,
  AdminEventsQuery,
  AdminUserUpdateBody,
  ContactMessage,
  Event,
  User,
} from '@club/contract/schemas';
import { RoleStatus } from '@club/contract/enums';
import type { RoleStatus as RoleStatusValue } from '@club/contract/enums';
import { roleForEventType } from '@club/contract/eligibility';
import { addDays, isIsoDate, isRealEventTime } from '@club/contract/event-time';
import type { AppContext } from '../../context.ts';
import type { EventsTable, MembersTable } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubWallTime } from '../../lib/clock.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { MemberRow } from '../members/repository.ts';
import { toUser } from '../members/repository.ts';
import { toEvents } from '../events/event-view.ts';
import {
  findEvent,
  findMailee,
  findRegistration,
  freeSeat,
  lockEvent,
  takeSeat,
  updateRegistration,
  withWriteTransaction,
} from '../events/repository.ts';
import { listEvents, monthBounds, viewOfRow } from '../events/service.ts';
import { queueEventMails } from '../events/notify.ts';
import { planReminder, reminderKey } from '../events/reminders.ts';
import { promoteWaiting } from '../events/waitlist.ts';
import { cancelPendingJobs, findMailJobs, retryFailedMail } from '../../jobs/queue.ts';
import type { Viewer } from '../events/service.ts';
import {
  deleteEvent,
  findEventsByIds,
  findMember,
  findMemberRegistrations,
  findRegisteredMailees,
  insertEvents,
  listContactMessages,
  searchMembers,
  setMessageRead,
  setRegistrationRoles,
  updateEvent,
  updateMember,
} from './repository.ts';
import type { ContactMessageRow } from './repository.ts';

const STAFF: Viewer = { memberId: '', staff: true };
export const USER_SEARCH_LIMIT = 50;
const MESSAGES_LIMIT = 500;

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
    const [year, month] = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone).split('-').map(Number);
    ({ from, to } = monthBounds(year, month));
  }
  return listEvents(ctx, { from, to }, STAFF);
}

/** Creates the event, or one per week for `repeatWeeks` weeks sharing a series id. */
export async function createEvents(ctx: AppContext, body: AdminEventBody): Promise<Event[]> {
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
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await withWriteTransaction(ctx.db, (trx) => insertEvents(trx, rows));
  return listEventsByIds(
    ctx,
    rows.map((row) => String(row.id)),
  );
}

async function listEventsByIds(ctx: AppContext, ids: string[]): Promise<Event[]> {
  return toEvents(await findEventsByIds(ctx.db.kysely, ids), [], true);
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
      updated_at: stamp,
    };
    await updateEvent(trx, id, changes);
    if (roleForEventType(body.type) !== roleForEventType(event.type)) {
      await setRegistrationRoles(trx, id, roleForEventType(body.type), stamp);
    }
    const updated = { ...event, ...changes };
    const moved = event.start_at !== body.start || event.end_at !== body.end || event.evento !== body.evento;
    if (moved) {
      if (event.start_at !== body.start) await planReminder(ctx, trx, updated, true);
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

export async function staffView(ctx: AppContext, id: string): Promise<Event> {
  const row = await findEvent(ctx.db.kysely, id);
  if (!row) throw new ApiError('NOT_FOUND', 'No such event.');
  return viewOfRow(ctx, row, STAFF);
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
    await updateRegistration(trx, registration.id, { status, updated_at: stamp });
    if (status === RoleStatus.confirmado && registration.status !== RoleStatus.confirmado && registration.member_id) {
      const mailee = await findMailee(trx, registration.member_id);
      if (mailee) await queueEventMails(ctx, trx, 'confirmed', event, [mailee]);
    }
    if (!wasCancelled && cancels) await promoteWaiting(ctx, trx, eventId);
  });
  ctx.jobs.kick();
  return staffView(ctx, eventId);
}

export async function searchUsers(ctx: AppContext, q: string): Promise<User[]> {
  const rows = await searchMembers(ctx.db.kysely, q, USER_SEARCH_LIMIT);
  return rows.map(toUser);
}

const FLAG_COLUMNS = {
  curso: 'curso',
  habilitado: 'habilitado',
  arbitroIpsc: 'arbitro_ipsc',
  arbitroPrecision: 'arbitro_precision',
  entrenadorNacional: 'entrenador_nacional',
  instructorMisia: 'instructor_misia',
  autorizacionClub: 'autorizacion_club',
  staff: 'staff',
} as const satisfies Record<string, keyof MembersTable>;

/** Sets what the club vouches for; a staff member cannot take away their own staff flag. */
export async function updateUserFlags(
  ctx: AppContext,
  caller: MemberRow,
  id: string,
  body: AdminUserUpdateBody,
): Promise<User> {
  if (id === caller.id && body.staff === false) {
    throw new ApiError('FORBIDDEN', 'You cannot remove your own staff flag; ask another staff member.');
  }
  const member = await findMember(ctx.db.kysely, id);
  if (!member) throw new ApiError('NOT_FOUND', 'No such user.');
  const changes: Updateable<MembersTable> = {};
  if (body.socio !== undefined) changes.socio = body.socio;
  if (body.licencia !== undefined) changes.licencia = body.licencia;
  for (const [flag, column] of Object.entries(FLAG_COLUMNS) as Array<
    [keyof typeof FLAG_COLUMNS, (typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS]]
  >) {
    const value = body[flag];
    if (value !== undefined) changes[column] = value ? 1 : 0;
  }
  if (Object.keys(changes).length > 0) {
    changes.updated_at = isoOf(ctx.clock.now());
    await updateMember(ctx.db.kysely, id, changes);
  }
  const updated = await findMember(ctx.db.kysely, id);
  if (!updated) throw new ApiError('NOT_FOUND', 'No such user.');
  return toUser(updated);
}

/** One registration of a member, for the staff member screen (beyond API.md). */
export interface MemberRegistration {
  eventUuid: string;
  evento: string;
  type: number;
  start: string;
  end: string;
  roleId: number;
  status: number;
  categoria: number | null;
  division: number | null;
  factor: number | null;
}

export async function userRegistrations(ctx: AppContext, id: string): Promise<MemberRegistration[]> {
  const member = await findMember(ctx.db.kysely, id);
  if (!member) throw new ApiError('NOT_FOUND', 'No such user.');
  const rows = await findMemberRegistrations(ctx.db.kysely, id);
  return rows.map((row) => ({
    eventUuid: row.event_id,
    evento: row.evento,
    type: row.type,
    start: row.start_at,
    end: row.end_at,
    roleId: row.role_id,
    status: row.status,
    categoria: row.categoria,
    division: row.division,
    factor: row.factor,
  }));
}

function toMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: Boolean(row.read),
  };
}

export async function listMessages(ctx: AppContext): Promise<ContactMessage[]> {
  return (await listContactMessages(ctx.db.kysely, MESSAGES_LIMIT)).map(toMessage);
}

export async function markMessage(ctx: AppContext, id: string, read: boolean): Promise<ContactMessage> {
  const row = await setMessageRead(ctx.db.kysely, id, read);
  if (!row) throw new ApiError('NOT_FOUND', 'No such message.');
  return toMessage(row);
}

/** A mail of the queue as the staff list shows it (API.md: GET /api/admin/mail/). */
export interface QueuedMail {
  id: string;
  to: string;
  subject: string;
  tries: number;
  lastError: string | null;
  createdAt: string;
}

const MAIL_LIST_LIMIT = 200;

export async function listMail(ctx: AppContext, status: 'failed' | 'pending'): Promise<QueuedMail[]> {
  const rows = await findMailJobs(ctx.db.kysely, status, MAIL_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.mail_to ?? '',
    subject: row.subject ?? '',
    tries: row.tries,
    lastError: row.last_error,
    createdAt: row.created_at,
  }));
}

/** Puts a failed mail back in the queue for another round of tries. */
export async function retryMail(ctx: AppContext, id: string): Promise<void> {
  if (!(await retryFailedMail(ctx.db.kysely, id, ctx.clock.now()))) {
    throw new ApiError('NOT_FOUND', 'No failed mail with that id.');
  }
  ctx.jobs.kick();
}
