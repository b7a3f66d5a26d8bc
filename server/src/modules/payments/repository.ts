import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { EVENT_TYPES } from '@club/contract/enums';
import type { EventType } from '@club/contract/enums';
import type { ClubSettings, PaymentConcept } from '@club/contract/payments';
import { targetDimensionsSchema } from '@club/contract/targets';
import type { TargetDimensions } from '@club/contract/targets';
import type { PaymentsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { returnPackClass, setStanding, takePackClass } from '../members/index.ts';

export type PaymentRow = Selectable<PaymentsTable>;

/** A payment with the names of who paid, recorded and voided it (null when gone). */
export type PaymentListRow = PaymentRow & {
  person_nombre: string | null;
  person_apellidos: string | null;
  person_socio: string | null;
  recorder_nombre: string | null;
  recorder_apellidos: string | null;
  voider_nombre: string | null;
  voider_apellidos: string | null;
  /** The event an event fee is for (filled by the service from the events module). */
  event_title?: string | null;
  event_start?: string | null;
};

function parseTypes(text: string): EventType[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter((t): t is EventType => (EVENT_TYPES as readonly unknown[]).includes(t));
  } catch {
    return [];
  }
}

/** Stored target sizes, or null (the defaults) when absent or no longer valid. */
function parseDimensions(text: string | null): TargetDimensions | null {
  if (text === null) return null;
  try {
    const parsed = targetDimensionsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The club's rules of registration and its target sizes (one row, made by the migration). */
export async function readSettings(db: Executor): Promise<ClubSettings> {
  const row = await db.selectFrom('club_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { duesRequired: false, packRequiredFor: [], version: 0, targetDimensions: null };
  return {
    duesRequired: row.dues_required === 1,
    packRequiredFor: parseTypes(row.pack_required_for),
    version: row.version,
    targetDimensions: parseDimensions(row.target_dimensions),
  };
}

/** Writes the rules when `version` is still the stored one; false when someone wrote first. */
export async function writeSettings(
  db: Executor,
  settings: {
    duesRequired: boolean;
    packRequiredFor: readonly EventType[];
    version: number;
    /** Absent keeps the stored sizes; null goes back to the defaults. */
    targetDimensions?: TargetDimensions | null;
  },
  by: string,
  stamp: string,
): Promise<boolean> {
  const types = [...new Set(settings.packRequiredFor)].sort((a, b) => a - b);
  const result = await db
    .updateTable('club_settings')
    .set({
      dues_required: settings.duesRequired ? 1 : 0,
      pack_required_for: JSON.stringify(types),
      ...(settings.targetDimensions === undefined
        ? {}
        : { target_dimensions: settings.targetDimensions === null ? null : JSON.stringify(settings.targetDimensions) }),
      version: settings.version + 1,
      updated_at: stamp,
      updated_by: by,
    })
    .where('id', '=', 1)
    .where('version', '=', settings.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPayment(db: Executor, row: PaymentRow): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a live payment voided; false when it was voided already (a second click, a second staff). */
export async function markVoided(
  db: Executor,
  id: string,
  by: string,
  reason: string,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ voided_at: stamp, voided_by: by, void_reason: reason })
    .where('id', '=', id)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sets the member's dues' end and classes left from the live payments and the classes taken:
 * what a void undoes is whatever the payment had moved, whatever came after it.
 */
export async function refreshStanding(
  db: Executor,
  memberId: string,
): Promise<{ cuotaHasta: string | null; bonoClases: number }> {
  const live = await db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.max<string | null>(sql`case when concept = 'cuota' then period_end end`).as('cuota_hasta'),
      eb.fn.sum<string | number | null>(sql`case when concept = 'bono' then classes else 0 end`).as('bought'),
    ])
    .where('member_id', '=', memberId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  const used = await db
    .selectFrom('pack_uses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const cuotaHasta = live?.cuota_hasta ?? null;
  const bonoClases = Number(live?.bought ?? 0) - Number(used?.n ?? 0);
  await setStanding(db, memberId, cuotaHasta, bonoClases);
  return { cuotaHasta, bonoClases };
}

/**
 * Takes one class from the member's packs for a registration: the row of the registration first
 * (its key refuses a second one, even from a concurrent transaction, which waits and then does
 * nothing), then the counter only while a class is left. Null: nothing was taken; else the
 * classes left after this one.
 */
export async function takeClass(
  db: Executor,
  use: { registrationId: string; memberId: string; eventId: string; by: string | null; stamp: string },
): Promise<{ left: number } | null> {
  const inserted = await db
    .insertInto('pack_uses')
    .values({
      registration_id: use.registrationId,
      member_id: use.memberId,
      event_id: use.eventId,
      used_at: use.stamp,
      used_by: use.by,
    })
    .onConflict((oc) => oc.column('registration_id').doNothing())
    .returning('registration_id')
    .executeTakeFirst();
  if (!inserted) return null;
  const taken = await takePackClass(db, use.memberId);
  if (taken) return taken;
  // No class left: the class is paid some other way, and nothing is recorded as taken.
  await db.deleteFrom('pack_uses').where('registration_id', '=', use.registrationId).execute();
  return null;
}

/** Gives back the class a registration took, if it took one. */
export async function giveBackClass(db: Executor, registrationId: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('pack_uses')
    .where('registration_id', '=', registrationId)
    .returning('member_id')
    .executeTakeFirst();
  if (!gone) return false;
  await returnPackClass(db, gone.member_id);
  return true;
}

/** Where a page of the ledger ends: the next page starts after this row, in the ledger's order. */
export interface LedgerCursor {
  paidAt: string;
  recordedAt: string;
  id: string;
}

/**
 * The ledger between two days (both included), newest first (day, then time recorded, then id),
 * with the names it shows; with `after`, only the rows that come after that one in this order
 * (keyset paging: each page is one indexed range read however deep it is).
 */
export function listPaymentRows(
  db: Executor,
  filter: {
    from: string;
    to: string;
    concept?: PaymentConcept;
    memberId?: string;
    id?: string;
    liveOnly?: boolean;
    limit?: number;
    after?: LedgerCursor;
  },
): Promise<PaymentListRow[]> {
  let query = db
    .selectFrom('payments')
    .leftJoin('members as p', 'p.id', 'payments.member_id')
    .leftJoin('members as r', 'r.id', 'payments.recorded_by')
    .leftJoin('members as v', 'v.id', 'payments.voided_by')
    .selectAll('payments')
    .select([
      'p.nombre as person_nombre',
      'p.apellidos as person_apellidos',
      'p.socio as person_socio',
      'r.nombre as recorder_nombre',
      'r.apellidos as recorder_apellidos',
      'v.nombre as voider_nombre',
      'v.apellidos as voider_apellidos',
    ])
    .where('payments.paid_at', '>=', filter.from)
    .where('payments.paid_at', '<=', filter.to);
  if (filter.concept) query = query.where('payments.concept', '=', filter.concept);
  if (filter.memberId) query = query.where('payments.member_id', '=', filter.memberId);
  if (filter.id) query = query.where('payments.id', '=', filter.id);
  if (filter.liveOnly) query = query.where('payments.voided_at', 'is', null);
  const after = filter.after;
  if (after) {
    // The plain bound on the day lets the day's index start the read at the cursor.
    query = query.where('payments.paid_at', '<=', after.paidAt).where((eb) =>
      eb.or([
        eb('payments.paid_at', '<', after.paidAt),
        eb.and([eb('payments.paid_at', '=', after.paidAt), eb('payments.recorded_at', '<', after.recordedAt)]),
        eb.and([
          eb('payments.paid_at', '=', after.paidAt),
          eb('payments.recorded_at', '=', after.recordedAt),
          eb('payments.id', '>', after.id),
        ]),
      ]),
    );
  }
  query = query.orderBy('payments.paid_at', 'desc').orderBy('payments.recorded_at', 'desc').orderBy('payments.id');
  if (filter.limit) query = query.limit(filter.limit);
  return query.execute();
}

/** Every payment of one member, newest first (their own page and their export). */
export function memberPaymentRows(db: Executor, memberId: string): Promise<PaymentListRow[]> {
  return listPaymentRows(db, { from: '0000-01-01', to: '9999-12-31', memberId });
}

/** Live payments summed by month ("yyyy-MM") and concept between two days. */
export async function totalsBetween(
  db: Executor,
  from: string,
  to: string,
): Promise<Array<{ month: string; concept: PaymentConcept; amountCents: number }>> {
  const month = sql<string>`substr(paid_at, 1, 7)`;
  const rows = await db
    .selectFrom('payments')
    .select((eb) => [month.as('month'), 'concept', eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('paid_at', '>=', from)
    .where('paid_at', '<=', to)
    .where('voided_at', 'is', null)
    .groupBy([month, 'concept'])
    .orderBy(month)
    .orderBy('concept')
    .execute();
  return rows.map((row) => ({ month: row.month, concept: row.concept, amountCents: Number(row.total) }));
}
