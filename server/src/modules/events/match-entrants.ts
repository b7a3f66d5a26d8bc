// What the matches module reads of events and registrations (it owns neither table).
import { RoleStatus } from '@club/contract/enums';
import type { Category, Division, EventStatus, EventType, Factor, RoleId } from '@club/contract/enums';
import type { Executor } from '../../db/transaction.ts';

/** The fields of an event a match needs. */
export interface MatchEventHeader {
  id: string;
  type: EventType;
  status: EventStatus;
  evento: string;
  startAt: string;
  soloLectura: boolean;
}

/** A live registration (reserved, confirmed or finalised) of a member, as a match entrant. */
export interface MatchEntrant {
  registrationId: string;
  memberId: string;
  nombre: string;
  apellidos: string;
  division: Division | null;
  factor: Factor | null;
  categoria: Category | null;
  email: string;
  mobil: string;
  socio: string | null;
}

const LIVE = [RoleStatus.reservado, RoleStatus.confirmado, RoleStatus.finalizado];

function header(row: {
  id: string;
  type: EventType;
  status: EventStatus;
  evento: string;
  start_at: string;
  solo_lectura: number;
}): MatchEventHeader {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    evento: row.evento,
    startAt: row.start_at,
    soloLectura: Boolean(row.solo_lectura),
  };
}

/** The event's header, or undefined when there is no such event. */
export async function findMatchEventHeader(db: Executor, id: string): Promise<MatchEventHeader | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['id', 'type', 'status', 'evento', 'start_at', 'solo_lectura'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && header(row);
}

/** The headers of the events of the ids (those that exist). */
export async function findMatchEventHeaders(db: Executor, ids: readonly string[]): Promise<MatchEventHeader[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['id', 'type', 'status', 'evento', 'start_at', 'solo_lectura'])
    .where('id', 'in', ids)
    .execute();
  return rows.map(header);
}

function entrantsQuery(db: Executor, eventId: string, roles: readonly RoleId[]) {
  return db
    .selectFrom('registrations')
    .innerJoin('members', 'members.id', 'registrations.member_id')
    .select([
      'registrations.id as registrationId',
      'members.id as memberId',
      'members.nombre',
      'members.apellidos',
      'registrations.division',
      'registrations.factor',
      'registrations.categoria',
      'members.email',
      'members.mobil',
      'members.socio',
    ])
    .where('registrations.event_id', '=', eventId)
    .where('registrations.role_id', 'in', [...roles])
    .where('registrations.status', 'in', LIVE);
}

/** Every live registration of the event with one of the roles, with the person's fields. */
export function findMatchEntrants(db: Executor, eventId: string, roles: readonly RoleId[]): Promise<MatchEntrant[]> {
  return entrantsQuery(db, eventId, roles).execute();
}

/** One live registration of the event, by its id or by its member. */
export function findMatchEntrant(
  db: Executor,
  eventId: string,
  roles: readonly RoleId[],
  by: { registrationId: string } | { memberId: string },
): Promise<MatchEntrant | undefined> {
  const query = entrantsQuery(db, eventId, roles);
  return ('registrationId' in by
    ? query.where('registrations.id', '=', by.registrationId)
    : query.where('registrations.member_id', '=', by.memberId)
  ).executeTakeFirst();
}
