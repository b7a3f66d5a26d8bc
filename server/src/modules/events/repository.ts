import { PostgresAdapter, sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import { RoleStatus } from '@club/contract/enums';
import type { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import type { Category, Division, EventStatus, Factor, RoleId } from '@club/contract/enums';
import type { EventsTable, RegistrationsTable } from '../../db/schema.ts';
import type { DialectName } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';

export type EventRow = Selectable<EventsTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;

/** A registration with the person it belongs to (anonymised ones are left out). */
export interface ParticipantRow {
  event_id: string;
  member_id: string;
  role_id: RoleId;
  /** A registration's status, or 5 for someone on the waiting list (staff view). */
  status: RoleStatus | typeof WAITING_ROLE_STATUS;
  categoria: Category | null;
  division: Division | null;
  factor: Factor | null;
  nombre: string;
  apellidos: string;
  email: string;
  mobil: string;
  socio: string | null;
  licencia: string | null;
}

/** Whose registrations an event view carries: everyone's (staff), one member's, or none. */
export type ParticipantScope = { kind: 'all' } | { kind: 'member'; memberId: string } | { kind: 'none' };

/** Events whose start lies in [from, to), by start; private ones only when asked for. */
export function findEventsBetween(
  db: Executor,
  range: { from?: string; to?: string; includePrivate: boolean; publicStatus: EventStatus },
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll();
  if (range.from !== undefined) query = query.where('start_at', '>=', range.from);
  if (range.to !== undefined) query = query.where('start_at', '<', range.to);
  if (!range.includePrivate) query = query.where('status', '=', range.publicStatus);
  return query.orderBy('start_at').orderBy('id').execute();
}

export function findEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reads the event inside a write transaction, locking its row on PostgreSQL. */
export function lockEvent(trx: Executor, dialect: DialectName, id: string): Promise<EventRow | undefined> {
  const query = trx.selectFrom('events').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Registrations joined to their members. PostgreSQL's planner would hash all 20,000 members to
 * join an event's few hundred registrations; a lateral subquery it may not flatten (offset 0)
 * keeps the join a lookup by primary key per registration. SQLite plans that lookup already.
 */
function registrationsWithPeople(db: Executor) {
  const plain = db.selectFrom('registrations').innerJoin('members', 'members.id', 'registrations.member_id');
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return plain;
  const lateral = db.selectFrom('registrations').innerJoinLateral(
    (eb) =>
      eb
        .selectFrom('members')
        .selectAll()
        .whereRef('members.id', '=', 'registrations.member_id')
        .offset(0)
        .as('members'),
    (join) => join.onTrue(),
  );
  // The subquery selects every column of members under the name members: the same row shape.
  return lateral as unknown as typeof plain;
}

/** Registrations of the events for the scope, with each person's fields, by surname; one query. */
export async function findParticipants(
  db: Executor,
  eventIds: string[],
  scope: ParticipantScope,
  page?: { offset: number; limit: number },
): Promise<ParticipantRow[]> {
  if (eventIds.length === 0 || scope.kind === 'none') return [];
  let query = registrationsWithPeople(db)
    .select([
      'registrations.event_id',
      'members.id as member_id',
      'registrations.role_id',
      'registrations.status',
      'registrations.categoria',
      'registrations.division',
      'registrations.factor',
      'members.nombre',
      'members.apellidos',
      'members.email',
      'members.mobil',
      'members.socio',
      'members.licencia',
    ])
    .where('registrations.event_id', 'in', eventIds);
  if (scope.kind === 'member') query = query.where('registrations.member_id', '=', scope.memberId);
  query = query.orderBy('members.apellidos').orderBy('members.nombre').orderBy('members.id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** How many registrations of the event belong to a person (anonymised ones are left out). */
export async function countParticipants(db: Executor, eventId: string): Promise<number> {
  const row = await registrationsWithPeople(db)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('registrations.event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function findRegistration(
  db: Executor,
  eventId: string,
  memberId: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Takes one seat if one is free: a single conditional UPDATE, so no race can overbook. */
export async function takeSeat(db: Executor, eventId: string, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({ plazas_taken: sql<number>`plazas_taken + 1`, updated_at: stamp })
    .where('id', '=', eventId)
    .where(sql<boolean>`plazas_taken < plazas`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function freeSeat(db: Executor, eventId: string, stamp: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ plazas_taken: sql<number>`plazas_taken - 1`, updated_at: stamp })
    .where('id', '=', eventId)
    .where('plazas_taken', '>', 0)
    .execute();
}

export async function insertRegistration(db: Executor, row: Insertable<RegistrationsTable>): Promise<void> {
  await db.insertInto('registrations').values(row).execute();
}

export async function updateRegistration(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<RegistrationRow, 'role_id' | 'status' | 'categoria' | 'division' | 'factor' | 'updated_at' | 'staff_decided'>
  >,
): Promise<void> {
  // A new status changes the member's own copy of the event: its SEQUENCE moves on (never back).
  const sequence = changes.status === undefined ? {} : { sequence: sql<number>`sequence + 1` };
  await db
    .updateTable('registrations')
    .set({ ...changes, ...sequence })
    .where('id', '=', id)
    .execute();
}

export async function insertEvents(db: Executor, rows: Insertable<EventsTable>[]): Promise<void> {
  await db.insertInto('events').values(rows).execute();
}

export function findEventsByIds(db: Executor, ids: string[]): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('id', 'in', ids).orderBy('start_at').orderBy('id').execute();
}

export async function updateEvent(
  db: Executor,
  id: string,
  changes: Partial<Omit<EventRow, 'id' | 'created_at' | 'plazas_taken' | 'series_id'>>,
): Promise<void> {
  await db.updateTable('events').set(changes).where('id', '=', id).execute();
}

export async function setRegistrationRoles(db: Executor, eventId: string, roleId: RoleId, stamp: string): Promise<void> {
  await db.updateTable('registrations').set({ role_id: roleId, updated_at: stamp }).where('event_id', '=', eventId).execute();
}

/** Members holding a seat (any status but anulado), with their copy's sequence, for the mails. */
export function findRegisteredMailees(
  db: Executor,
  eventId: string,
): Promise<Array<{ id: string; email: string; language: string; nombre: string; sequence: number }>> {
  return db
    .selectFrom('registrations')
    .innerJoin('members', 'members.id', 'registrations.member_id')
    .select(['members.id', 'members.email', 'members.language', 'members.nombre', 'registrations.sequence'])
    .where('registrations.event_id', '=', eventId)
    .where('registrations.status', '!=', RoleStatus.anulado)
    .execute();
}

/** Members waiting in the event's line, for the cancellation mails. */
export function findWaitingMailees(
  db: Executor,
  eventId: string,
): Promise<Array<{ email: string; language: string; nombre: string }>> {
  return db
    .selectFrom('waitlist')
    .innerJoin('members', 'members.id', 'waitlist.member_id')
    .select(['members.email', 'members.language', 'members.nombre'])
    .where('waitlist.event_id', '=', eventId)
    .orderBy('waitlist.position')
    .execute();
}

/**
 * The events of a weekly series that start after `afterStart` (and are not `exceptId`), by
 * start, read inside a write transaction: rows locked on PostgreSQL.
 */
export function lockLaterOfSeries(
  trx: Executor,
  dialect: DialectName,
  seriesId: string,
  afterStart: string,
  exceptId: string,
): Promise<EventRow[]> {
  const query = trx
    .selectFrom('events')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('start_at', '>', afterStart)
    .where('id', '!=', exceptId)
    .orderBy('start_at')
    .orderBy('id');
  return (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('waitlist').where('event_id', '=', id).execute();
  await db.deleteFrom('registrations').where('event_id', '=', id).execute();
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** A member's seat-holding registrations of events that start after `nowLocal`. */
export function findUpcomingRegistrations(
  db: Executor,
  memberId: string,
  nowLocal: string,
): Promise<Array<{ id: string; event_id: string }>> {
  return db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select(['registrations.id', 'registrations.event_id'])
    .where('registrations.member_id', '=', memberId)
    .where('registrations.status', '!=', RoleStatus.anulado)
    .where('events.start_at', '>', nowLocal)
    .execute();
}

/** The sequence of each member's copy of an event (registrations.sequence), by member id. */
export async function findCopySequences(db: Executor, eventId: string, memberIds: string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registrations')
    .select(['member_id', 'sequence'])
    .where('event_id', '=', eventId)
    .where('member_id', 'in', memberIds)
    .execute();
  return new Map(rows.map((row) => [String(row.member_id), row.sequence]));
}

