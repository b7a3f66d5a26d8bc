import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_EXPORT } from '../members/index.ts';
import { exportPayments } from './service.ts';

/**
 * What the payments module does for the members module: the member's export carries their
 * payments. Deleting the account needs nothing here: the payments' foreign key sets their member
 * to null, so the books keep every payment, anonymised.
 */
export function paymentsHooks(hooks: Hooks): void {
  hooks.on(MEMBER_EXPORT, async (db, member) => ({ payments: await exportPayments(hooks, db, member.id) }));
}
