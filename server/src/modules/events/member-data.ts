import { RoleStatus } from '@club/contract/enums';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/transaction.ts';
import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import type { DeletedMember } from '../members/index.ts';
import { PAYMENT_EVENTS } from '../payments/index.ts';
import { findMatchEventHeaders } from './match-entrants.ts';
import { findUpcomingRegistrations, freeSeat, updateRegistration } from './repository.ts';
import { promoteWaiting } from './waitlist.ts';

// The queries of a member's records (the events module's tables).

/** A member's registrations with their events, for the staff member screen (newest first) or the export (oldest first). */
export function findMemberRegistrations(db: Executor, memberId: string, order: 'newest' | 'oldest') {
  const query = db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'registrations.id',
      'registrations.role_id',
      'registrations.status',
      'registrations.categoria',
      'registrations.division',
      'registrations.factor',
      'registrations.created_at',
      'registrations.updated_at',
      'events.id as event_id',
      'events.type',
      'events.start_at',
      'events.end_at',
      'events.evento',
    ])
    .where('registrations.member_id', '=', memberId);
  return order === 'newest'
    ? query.orderBy('events.start_at', 'desc').orderBy('events.id').execute()
    : query.orderBy('events.start_at').execute();
}

/** Keeps a deleted member's registrations for the club's records, with no link to the person. */
export async function unlinkRegistrations(db: Executor, memberId: string, stamp: string): Promise<void> {
  await db.updateTable('registrations').set({ member_id: null, updated_at: stamp }).where('member_id', '=', memberId).execute();
}

/** The members registered for an event (each once), or undefined for an unknown event, with its stage. */
export async function findEventHomework(
  db: Executor,
  eventId: string,
): Promise<{ stageId: string | null; memberIds: string[] } | undefined> {
  const event = await db.selectFrom('events').select('stage_id').where('id', '=', eventId).executeTakeFirst();
  if (!event) return undefined;
  const registered = await db
    .selectFrom('registrations')
    .select('member_id')
    .where('event_id', '=', eventId)
    .where('member_id', 'is not', null)
    .execute();
  const memberIds = [...new Set(registered.map((r) => r.member_id).filter((id): id is string => id !== null))];
  return { stageId: event.stage_id ?? null, memberIds };
}

/**
 * Cancels a member's registrations of events still to come, takes them off every waiting list,
 * and gives each freed seat to the first in line, inside the deletion's write transaction; then
 * unlinks every registration from the person.
 */
async function cancelUpcomingRegistrations(ctx: AppContext, trx: Executor, { member, now, nowLocal }: DeletedMember): Promise<void> {
  await trx.deleteFrom('waitlist').where('member_id', '=', member.id).execute();
  for (const registration of await findUpcomingRegistrations(trx, member.id, nowLocal)) {
    await updateRegistration(trx, registration.id, { status: RoleStatus.anulado, updated_at: now });
    await freeSeat(trx, registration.event_id, now);
    await promoteWaiting(ctx, trx, registration.event_id);
  }
  // Every registration stays for the club's records, with no link to the person.
  await unlinkRegistrations(trx, member.id, now);
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

/** A member's registrations, newest event first (GET /api/admin/users/{uuid}/registrations). */
export async function memberRegistrations(db: Executor, memberId: string): Promise<MemberRegistration[]> {
  return (await findMemberRegistrations(db, memberId, 'newest')).map((row) => ({
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

/** An event's attached stage (the homework) and the members registered for it; undefined: no such event. */
export function eventHomework(db: Executor, eventId: string): Promise<{ stageId: string | null; memberIds: string[] } | undefined> {
  return findEventHomework(db, eventId);
}

/** What the events module does when the members module exports or deletes a member. */
export function eventsHooks(hooks: Hooks): void {
  hooks.on(MEMBER_DELETED, cancelUpcomingRegistrations);
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    registrations: (await findMemberRegistrations(db, member.id, 'oldest')).map((r) => ({
      uuid: r.id,
      event: { uuid: r.event_id, type: r.type, start: r.start_at, end: r.end_at, evento: r.evento },
      roleId: r.role_id,
      status: r.status,
      categoria: r.categoria,
      division: r.division,
      factor: r.factor,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  }));
  // The ledger names the event an event fee is for.
  hooks.on(PAYMENT_EVENTS, findMatchEventHeaders);
}
