import type { Executor } from '../../db/transaction.ts';
import { hookKey } from '../../lib/hooks.ts';

/** What the ledger shows of the event an event fee is for. */
export interface FeeEvent {
  id: string;
  evento: string;
  /** "yyyy-MM-dd HH:mm:ss", club time. */
  startAt: string;
}

/**
 * The events module describes the events of event fees (those it still has): payments never
 * read its tables, and never import it (it imports payments to take classes from packs).
 */
export const PAYMENT_EVENTS = hookKey<(db: Executor, ids: readonly string[]) => Promise<FeeEvent[]>>('payments: events of fees');
