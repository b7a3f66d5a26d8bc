import type { Event, User } from '@club/contract/schemas';
import { RoleStatus } from '@club/contract/enums';
import type { Division, Factor } from '@club/contract/enums';
import { checkRegistration, roleForEventType } from '@club/contract/eligibility';
import { categoryFor } from '@club/contract/category';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubWallTime } from '@club/contract/club-time';
import { isoOf, newId } from '../../lib/ids.ts';
import type { MemberRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { requireSelf, requireVerifiedEmail, toUser } from '../members/index.ts';
import { membershipRules } from '../payments/index.ts';
import type { EventRow, RegistrationRow } from './repository.ts';
import {
  findEvent,
  findRegistration,
  insertRegistration,
  lockEvent,
  takeSeat,
  updateRegistration,
} from './repository.ts';
import { queueEventMails } from './notify.ts';
import { planReminder } from './reminders.ts';
import { getEvent, STAFF_VIEWER, viewerOf } from './listing.ts';
import { isStaffDecided, refusal, registrationEvent } from './registration-rules.ts';

/**
 * Gives the member a seat: the seat counter first (a conditional UPDATE no concurrent call can
 * overtake), then the registration, on their cancelled row if they had one. False: no seat.
 */
export async function occupySeat(
  trx: Executor,
  event: EventRow,
  member: MemberRow,
  own: RegistrationRow | undefined,
  stamp: string,
  choice: { division?: Division | null; factor?: Factor | null } = {},
): Promise<boolean> {
  if (!(await takeSeat(trx, event.id, stamp))) return false;
  const fields = {
    role_id: roleForEventType(event.type),
    status: RoleStatus.reservado,
    categoria: categoryFor(member.sexo, member.nacimiento, event.start_at),
    division: choice.division === undefined ? member.division : choice.division,
    factor: choice.factor === undefined ? member.factor : choice.factor,
    updated_at: stamp,
  };
  if (own) {
    // A member who cancelled registers again on the same row (unique per event and member).
    await updateRegistration(trx, own.id, fields);
  } else {
    try {
      await insertRegistration(trx, {
        id: newId(),
        event_id: event.id,
        member_id: member.id,
        created_at: stamp,
        ...fields,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refusal('ALREADY_REGISTERED');
      throw err;
    }
  }
  await leaveLine(trx, event.id, member.id);
  return true;
}

/** Seats a member as registering would, without mails or a reminder (the demo club's seed). */
export async function seatMember(trx: Executor, eventId: string, member: MemberRow, stamp: string): Promise<boolean> {
  const event = await findEvent(trx, eventId);
  if (!event) return false;
  return occupySeat(trx, event, member, await findRegistration(trx, eventId, member.id), stamp);
}

async function leaveLine(trx: Executor, eventId: string, memberId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('waitlist')
    .where('event_id', '=', eventId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function waitingMembers(trx: Executor, eventId: string): Promise<MemberRow[]> {
  return trx
    .selectFrom('waitlist')
    .innerJoin('members', 'members.id', 'waitlist.member_id')
    .selectAll('members')
    .where('waitlist.event_id', '=', eventId)
    .orderBy('waitlist.position')
    .execute();
}

/**
 * Fills the event's free seats from its waiting list, inside the caller's write transaction
 * (which holds the event): the first member in line who may still register takes each seat as
 * if they had registered, and is mailed; those who may not stay in line. Nobody is promoted
 * once the event has started or while it is locked (checkRegistration refuses both).
 */
export async function promoteWaiting(ctx: AppContext, trx: Executor, eventId: string): Promise<number> {
  const nowLocal = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone);
  const stamp = isoOf(ctx.clock.now());
  let promoted = 0;
  const rules = await membershipRules(trx);
  for (;;) {
    const event = await findEvent(trx, eventId);
    if (!event || event.plazas_taken >= event.plazas || event.solo_lectura) return promoted;
    let seated: MemberRow | undefined;
    for (const member of await waitingMembers(trx, eventId)) {
      const own = await findRegistration(trx, eventId, member.id);
      // Staff decided this member's registration (cancelled it, say): the line cannot undo it.
      // They keep their place for staff to see (staff may still seat them); the seat goes on.
      if (own && isStaffDecided(own)) continue;
      const check = checkRegistration({
        event: registrationEvent(event, member.id, own),
        member: toUser(member),
        nowLocal,
        action: 'register',
        rules,
      });
      if (!check.ok) {
        if (
          check.reason === 'EVENT_EXPIRED' ||
          check.reason === 'EVENT_LOCKED' ||
          check.reason === 'NOT_REGISTRABLE'
        ) {
          return promoted;
        }
        continue;
      }
      if (await occupySeat(trx, event, member, own, stamp)) seated = member;
      break;
    }
    if (!seated) return promoted;
    promoted += 1;
    await planReminder(ctx, trx, event, false);
    await queueEventMails(ctx, trx, 'promoted', event, [seated]);
  }
}

/** PUT /api/events/{uuid}/waitlist/: the member joins the line of a full event. */
export async function joinWaitlist(
  ctx: AppContext,
  eventId: string,
  body: { uuid: string },
  { member, user }: { member: MemberRow; user: User },
): Promise<Event> {
  requireSelf(member, body.uuid);
  // Joining the line is booking in advance: the address must be known to be the member's.
  requireVerifiedEmail(member);
  const nowLocal = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone);
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const own = await findRegistration(trx, event.id, member.id);
    // A registration staff decided is theirs alone to change: the line is no way back to a seat.
    if (own && isStaffDecided(own)) {
      throw new ApiError('REGISTRATION_LOCKED', 'The club has decided this registration; only staff can change it now.');
    }
    const ruleEvent = registrationEvent(event, member.id, own);
    // The rules of registering, except that a full event is the point here.
    const check = checkRegistration({
      event: { ...ruleEvent, plazasLibres: Math.max(1, ruleEvent.plazasLibres) },
      member: user,
      nowLocal,
      action: 'register',
      rules: await membershipRules(trx),
    });
    if (!check.ok) throw refusal(check.reason, check.missing, user);
    const already = await trx
      .selectFrom('waitlist')
      .select('id')
      .where('event_id', '=', event.id)
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (already) throw new ApiError('ALREADY_WAITING', 'You are already on the waiting list.');
    if (ruleEvent.plazasLibres > 0) throw new ApiError('NOT_FULL', 'Seats are free: register instead.');
    // The event row is held (row lock, or SQLite's single writer): the next place is ours alone.
    const last = await trx
      .selectFrom('waitlist')
      .select((eb) => eb.fn.max<number | null>('position').as('last'))
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    try {
      await trx
        .insertInto('waitlist')
        .values({
          id: newId(),
          event_id: event.id,
          member_id: member.id,
          position: Number(last?.last ?? 0) + 1,
          created_at: stamp,
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ApiError('ALREADY_WAITING', 'You are already on the waiting list.');
      throw err;
    }
  });
  return getEvent(ctx, eventId, viewerOf(member));
}

/** DELETE /api/events/{uuid}/waitlist/: the member leaves the line. */
export async function leaveWaitlist(ctx: AppContext, eventId: string, member: MemberRow): Promise<Event> {
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await findEvent(trx, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    if (!(await leaveLine(trx, eventId, member.id))) {
      throw new ApiError('NOT_WAITING', 'You are not on the waiting list.');
    }
  });
  return getEvent(ctx, eventId, viewerOf(member));
}

/**
 * POST /api/admin/events/{uuid}/waitlist/{personUuid}/: staff seat someone from the line, in
 * any order; with no seat free the event gets one more, since staff decided so.
 */
export async function seatFromWaitlist(ctx: AppContext, eventId: string, personId: string): Promise<Event> {
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const member = await trx
      .selectFrom('waitlist')
      .innerJoin('members', 'members.id', 'waitlist.member_id')
      .selectAll('members')
      .where('waitlist.event_id', '=', eventId)
      .where('waitlist.member_id', '=', personId)
      .executeTakeFirst();
    if (!member) throw new ApiError('NOT_WAITING', 'That person is not on the waiting list.');
    let current = event;
    if (event.plazas_taken >= event.plazas) {
      await trx
        .updateTable('events')
        .set({ plazas: event.plazas_taken + 1, updated_at: stamp })
        .where('id', '=', eventId)
        .execute();
      current = { ...event, plazas: event.plazas_taken + 1 };
    }
    const own = await findRegistration(trx, eventId, personId);
    if (!(await occupySeat(trx, current, member, own, stamp))) throw refusal('EVENT_FULL');
    await planReminder(ctx, trx, current, false);
    await queueEventMails(ctx, trx, 'promoted', current, [member]);
  });
  ctx.jobs.kick();
  return getEvent(ctx, eventId, STAFF_VIEWER);
}
