import type { Event, SubscribeBody, User } from '@club/contract/schemas';
import { RoleStatus } from '@club/contract/enums';
import type { RegistrationAction } from '@club/contract/eligibility';
import { checkRegistration, isRegistered } from '@club/contract/eligibility';
import { categoryFor } from '@club/contract/category';
import type { AppContext } from '../../context.ts';
import type { MemberRow } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubWallTime } from '@club/contract/club-time';
import { isoOf } from '../../lib/ids.ts';
import { queueEventMails } from './notify.ts';
import { planReminder } from './reminders.ts';
import { occupySeat, promoteWaiting } from './waitlist.ts';
import { requireSelf, requireVerifiedEmail } from '../members/index.ts';
import { membershipRules } from '../payments/index.ts';
import { getEvent, viewerOf } from './listing.ts';
import { isStaffDecided, refusal, registrationEvent } from './registration-rules.ts';
import {
  findRegistration,
  freeSeat,
  lockEvent,
  updateRegistration,
} from './repository.ts';

/**
 * Registers, updates or cancels the member's registration (PUT /api/events/{uuid}/subscribe/).
 * The seat, the registration, a promotion from the waiting list and their mails change in one
 * write transaction; the job worker sends the mails after the commit.
 */
export async function subscribe(
  ctx: AppContext,
  eventId: string,
  body: SubscribeBody,
  { member, user }: { member: MemberRow; user: User },
): Promise<Event> {
  requireSelf(member, body.uuid);
  const wantsCancel = body.roles[0].status === RoleStatus.anulado;
  // Cancelling needs no verified address: it only gives a seat back.
  if (!wantsCancel) requireVerifiedEmail(member);
  const nowLocal = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone);
  const stamp = isoOf(ctx.clock.now());

  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const own = await findRegistration(trx, event.id, member.id);
    if (own && isStaffDecided(own)) {
      throw new ApiError('REGISTRATION_LOCKED', 'The club has decided this registration; only staff can change it now.');
    }
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
    const rules = await membershipRules(trx);
    const check = checkRegistration({ event: ruleEvent, member: user, nowLocal, action, rules });
    if (!check.ok) throw refusal(check.reason, check.missing, user);

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
    // Register: the seat first, by a conditional UPDATE that no concurrent call can overtake.
    if (!(await occupySeat(trx, event, member, own, stamp, { division: body.division, factor: body.factor }))) {
      throw refusal('EVENT_FULL');
    }
    await planReminder(ctx, trx, event, false);
    await queueEventMails(ctx, trx, 'registered', event, [member]);
  });
  ctx.jobs.kick();
  return getEvent(ctx, eventId, viewerOf(member));
}
