import { RoleStatus } from '@club/contract/enums';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/transaction.ts';
import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_DELETED } from '../members/index.ts';
import type { DeletedMember } from '../members/index.ts';
import { PAYMENT_EVENTS } from '../payments/index.ts';
import { findMatchEventHeaders } from './match-entrants.ts';
import { findUpcomingRegistrations, freeSeat, updateRegistration } from './repository.ts';
import { promoteWaiting } from './waitlist.ts';

/**
 * Cancels a member's registrations of events still to come, takes them off every waiting list,
 * and gives each freed seat to the first in line, inside the deletion's write transaction.
 */
async function cancelUpcomingRegistrations(ctx: AppContext, trx: Executor, { member, now, nowLocal }: DeletedMember): Promise<void> {
  await trx.deleteFrom('waitlist').where('member_id', '=', member.id).execute();
  for (const registration of await findUpcomingRegistrations(trx, member.id, nowLocal)) {
    await updateRegistration(trx, registration.id, { status: RoleStatus.anulado, updated_at: now });
    await freeSeat(trx, registration.event_id, now);
    await promoteWaiting(ctx, trx, registration.event_id);
  }
}

/** What the events module does when another module announces a change it must follow. */
export function eventsHooks(hooks: Hooks): void {
  hooks.on(MEMBER_DELETED, cancelUpcomingRegistrations);
  // The ledger names the event an event fee is for.
  hooks.on(PAYMENT_EVENTS, findMatchEventHeaders);
}
