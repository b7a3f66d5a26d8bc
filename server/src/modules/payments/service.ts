import { clubMonth, clubToday, monthBounds, shiftMonth } from '@club/contract/club-time';
import { EventType } from '@club/contract/enums';
import { fullName } from '@club/contract/person';
import { DEFAULT_TARGET_DIMENSIONS } from '@club/contract/targets';
import type { TargetDimensionsAnswer } from '@club/contract/targets';
import type {
  ClubSettings,
  ClubSettingsBody,
  Membership,
  MembershipQuery,
  NeedsAttention,
  Payment,
  PaymentBody,
  PaymentsQuery,
} from '@club/contract/payments';
import { addDays } from '@club/contract/payments';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/transaction.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { MemberRow } from '../members/index.ts';
import { findMemberById, toUser, USER_COLUMNS } from '../members/index.ts';
import type { Hooks } from '../../lib/hooks.ts';
import { PAYMENT_EVENTS } from './hooks.ts';
import type { FeeEvent } from './hooks.ts';
import { planDuesNotice, planPackNotice } from './notices.ts';
import type { LedgerCursor, PaymentListRow, PaymentRow } from './repository.ts';
import {
  findPayment,
  giveBackClass,
  insertPayment,
  listPaymentRows,
  markVoided,
  memberPaymentRows,
  readSettings,
  refreshStanding,
  takeClass,
  totalsBetween,
  writeSettings,
} from './repository.ts';

/** Event types that are classes: finalising one takes a class from the member's packs. */
export const CLASS_TYPES: readonly number[] = [EventType.regularIpscClass, EventType.privateClass, EventType.masterClass];
/** Rows of a JSON ledger at most; the CSV carries the whole period. */
export const LEDGER_LIMIT = 5000;
/** Members per needs-attention list at most. */
export const ATTENTION_LIMIT = 500;
/** Days ahead within which an expiring licence needs attention (and days after, while just expired). */
const LICENCE_AHEAD_DAYS = 60;
const LICENCE_BEHIND_DAYS = 30;

function nameOf(nombre: string | null, apellidos: string | null): string | null {
  return nombre === null ? null : fullName({ nombre, apellidos: apellidos ?? '' });
}

/** A ledger row as API.md's Payment, with the names staff read. */
export function toPayment(row: PaymentListRow): Payment {
  return {
    id: row.id,
    personUuid: row.member_id,
    concept: row.concept,
    amountCents: row.amount_cents,
    method: row.method,
    paidAt: row.paid_at,
    reference: row.reference,
    periodEnd: row.period_end,
    classes: row.classes,
    eventUuid: row.event_id,
    recordedBy: row.recorded_by,
    voidedAt: row.voided_at,
    personName: nameOf(row.person_nombre, row.person_apellidos),
    recordedAt: row.recorded_at,
    recordedByName: nameOf(row.recorder_nombre, row.recorder_apellidos),
    voidedBy: row.voided_by,
    voidedByName: nameOf(row.voider_nombre, row.voider_apellidos),
    voidReason: row.void_reason,
    eventTitle: row.event_title ?? null,
    eventStart: row.event_start ?? null,
  };
}

/** Event ids asked of the events module at once. */
const EVENT_BATCH = 500;

/** The events of the ids that the events module still has. */
async function feeEvents(hooks: Hooks, db: Executor, ids: readonly string[]): Promise<FeeEvent[]> {
  const found: FeeEvent[] = [];
  for (const lookup of hooks.all(PAYMENT_EVENTS)) {
    for (let at = 0; at < ids.length; at += EVENT_BATCH) found.push(...(await lookup(db, ids.slice(at, at + EVENT_BATCH))));
  }
  return found;
}

/** The rows with the title and start of the events their fees are for. */
export async function withEvents(hooks: Hooks, db: Executor, rows: PaymentListRow[]): Promise<PaymentListRow[]> {
  const ids = [...new Set(rows.map((row) => row.event_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return rows;
  const headers = new Map((await feeEvents(hooks, db, ids)).map((event) => [event.id, event]));
  return rows.map((row) => {
    const header = row.event_id ? headers.get(row.event_id) : undefined;
    return header ? { ...row, event_title: header.evento, event_start: header.startAt } : row;
  });
}

/** The period a ledger query names: its days, or the club's current month. */
export function ledgerPeriod(ctx: AppContext, query: { from?: string; to?: string }): { from: string; to: string } {
  const { first, last } = monthBounds(clubMonth(ctx.clock.now(), ctx.config.clubTimezone));
  return { from: query.from ?? (query.to ? '0000-01-01' : first), to: query.to ?? (query.from ? '9999-12-31' : last) };
}

/** The rows a ledger query asks for: its period, concept, member and whether voided ones count. */
function ledgerFilter(ctx: AppContext, query: PaymentsQuery) {
  return {
    ...ledgerPeriod(ctx, query),
    concept: query.concept,
    memberId: query.personUuid,
    liveOnly: query.voided === 'exclude',
  };
}

/** GET /api/admin/payments/: the ledger of a period, newest first, at most LEDGER_LIMIT rows (the CSV has them all: paymentPages). */
export async function listPayments(ctx: AppContext, query: PaymentsQuery): Promise<PaymentListRow[]> {
  const rows = await listPaymentRows(ctx.db.kysely, { ...ledgerFilter(ctx, query), limit: LEDGER_LIMIT });
  return withEvents(ctx.hooks, ctx.db.kysely, rows);
}

/** Rows of the CSV read and written at a time: memory stays that of one page, however long the period. */
export const CSV_PAGE_ROWS = 1000;

/**
 * Every payment of the query's period (the CSV), page after page in the ledger's order, each page
 * with its events' titles. Pages are read as the reader asks for them, so a slow download holds
 * one page in memory, not the period. A payment recorded meanwhile with an earlier day than the
 * page being read is left out, as it would be from a file made a moment before.
 */
export async function* paymentPages(ctx: AppContext, query: PaymentsQuery, pageRows = CSV_PAGE_ROWS): AsyncGenerator<PaymentListRow[]> {
  const filter = ledgerFilter(ctx, query);
  let after: LedgerCursor | undefined;
  for (;;) {
    const rows = await listPaymentRows(ctx.db.kysely, { ...filter, limit: pageRows, after });
    if (rows.length > 0) yield await withEvents(ctx.hooks, ctx.db.kysely, rows);
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1];
    after = { paidAt: last.paid_at, recordedAt: last.recorded_at, id: last.id };
  }
}

async function paymentById(ctx: AppContext, id: string): Promise<Payment> {
  const db = ctx.db.kysely;
  const [listed] = await withEvents(ctx.hooks, db, await listPaymentRows(db, { from: '0000-01-01', to: '9999-12-31', id }));
  if (!listed) throw new ApiError('NOT_FOUND', 'No such payment.');
  return toPayment(listed);
}

/**
 * POST /api/admin/payments/: records what staff received. Dues move the member's dues' end to
 * the latest period paid, a pack adds its classes; the dues mail is planned again for the new
 * end. One write transaction.
 */
export async function recordPayment(ctx: AppContext, staff: MemberRow, body: PaymentBody): Promise<Payment> {
  const id = newId();
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const member = await findMemberById(trx, body.personUuid);
    if (!member) throw new ApiError('NOT_FOUND', 'No such member.');
    if (body.eventUuid && (await feeEvents(ctx.hooks, trx, [body.eventUuid])).length === 0) {
      throw new ApiError('NOT_FOUND', 'No such event.');
    }
    await insertPayment(trx, {
      id,
      member_id: member.id,
      concept: body.concept,
      amount_cents: body.amountCents,
      method: body.method,
      paid_at: body.paidAt,
      reference: body.reference ?? null,
      period_end: body.concept === 'cuota' ? (body.periodEnd ?? null) : null,
      classes: body.concept === 'bono' ? (body.classes ?? null) : null,
      event_id: body.concept === 'evento' ? (body.eventUuid ?? null) : null,
      recorded_by: staff.id,
      recorded_at: stamp,
      voided_at: null,
      voided_by: null,
      void_reason: null,
    });
    await moveStanding(ctx, trx, member);
  });
  ctx.jobs.kick();
  return paymentById(ctx, id);
}

/** What a payment written inside another write holds (its id and record stamps are added). */
export type PaymentHistoryRow = Pick<
  PaymentRow,
  'member_id' | 'concept' | 'amount_cents' | 'method' | 'paid_at' | 'reference' | 'period_end' | 'classes' | 'event_id' | 'recorded_by'
>;

/**
 * A payment of the club's past, written inside a larger write (the demo club's seed): the row and
 * the member's dues and classes, without the mails recording plans, which that past has had.
 */
export async function writePastPayment(trx: Executor, row: PaymentHistoryRow, stamp: string): Promise<void> {
  await insertPayment(trx, { ...row, id: newId(), recorded_at: stamp, voided_at: null, voided_by: null, void_reason: null });
  if (row.member_id) await refreshStanding(trx, row.member_id);
}

async function moveStanding(ctx: AppContext, trx: Executor, member: MemberRow): Promise<void> {
  const standing = await refreshStanding(trx, member.id);
  if (standing.cuotaHasta !== member.cuota_hasta) await planDuesNotice(ctx, trx, member.id, standing.cuotaHasta);
}

/** POST /api/admin/payments/{id}/void/: voids a payment and undoes what it moved; never deletes it. */
export async function voidPayment(ctx: AppContext, staff: MemberRow, id: string, reason: string): Promise<Payment> {
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const payment = await findPayment(trx, id);
    if (!payment) throw new ApiError('NOT_FOUND', 'No such payment.');
    if (!(await markVoided(trx, id, staff.id, reason, stamp))) {
      throw new ApiError('ALREADY_VOIDED', 'This payment was voided already.');
    }
    if (payment.member_id) {
      const member = await findMemberById(trx, payment.member_id);
      if (member) await moveStanding(ctx, trx, member);
    }
  });
  ctx.jobs.kick();
  return paymentById(ctx, id);
}

/** GET /api/registro/{uuid}/membership/: the member's standing, payments and the club's rules. */
export async function membershipOf(ctx: AppContext, member: MemberRow): Promise<Membership> {
  const db = ctx.db.kysely;
  const fresh = (await findMemberById(db, member.id)) ?? member;
  const [payments, settings] = await Promise.all([memberPaymentRows(db, member.id), readSettings(db)]);
  return {
    cuotaHasta: fresh.cuota_hasta,
    licenciaCaduca: fresh.licencia_caduca,
    bonoClases: fresh.bono_clases,
    payments: (await withEvents(ctx.hooks, db, payments)).map(toPayment),
    rules: { duesRequired: settings.duesRequired, packRequiredFor: settings.packRequiredFor },
  };
}

/** Payments of one member for their export (the books keep them after the account goes). */
export async function exportPayments(hooks: Hooks, db: Executor, memberId: string): Promise<Payment[]> {
  return (await withEvents(hooks, db, await memberPaymentRows(db, memberId))).map(toPayment);
}

/** The totals' period: the one asked for, or the twelve months up to the club's current one. */
export function totalsPeriod(ctx: AppContext, query: MembershipQuery): { from: string; to: string } {
  const month = clubMonth(ctx.clock.now(), ctx.config.clubTimezone);
  return {
    from: query.from ?? monthBounds(shiftMonth(month, -11)).first,
    to: query.to ?? monthBounds(month).last,
  };
}

/**
 * GET /api/admin/membership/: members with lapsed dues (latest lapse first), licences expiring
 * within 60 days (or expired in the last 30), members who bought packs and have no class left,
 * and the live payments' totals by month and concept.
 */
export async function needsAttention(ctx: AppContext, query: MembershipQuery): Promise<NeedsAttention> {
  const db = ctx.db.kysely;
  const today = clubToday(ctx.clock.now(), ctx.config.clubTimezone);
  const { from, to } = totalsPeriod(ctx, query);
  const lapsed = await db
    .selectFrom('members')
    .select(USER_COLUMNS)
    .where('cuota_hasta', '<', today)
    .orderBy('cuota_hasta', 'desc')
    .orderBy('id')
    .limit(ATTENTION_LIMIT)
    .execute();
  const licences = await db
    .selectFrom('members')
    .select(USER_COLUMNS)
    .where('licencia_caduca', '>=', addDays(today, -LICENCE_BEHIND_DAYS))
    .where('licencia_caduca', '<=', addDays(today, LICENCE_AHEAD_DAYS))
    .orderBy('licencia_caduca')
    .orderBy('id')
    .limit(ATTENTION_LIMIT)
    .execute();
  const packs = await db
    .selectFrom('members')
    .select(USER_COLUMNS)
    .where('bono_clases', '<=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments')
          .select('payments.id')
          .whereRef('payments.member_id', '=', 'members.id')
          .where('payments.concept', '=', 'bono')
          .where('payments.voided_at', 'is', null),
      ),
    )
    .orderBy('apellidos')
    .orderBy('nombre')
    .orderBy('id')
    .limit(ATTENTION_LIMIT)
    .execute();
  return {
    lapsed: lapsed.map(toUser),
    licencesExpiring: licences.map(toUser),
    packsEmpty: packs.map(toUser),
    totals: await totalsBetween(db, from, to),
  };
}

/** GET /api/admin/settings/. */
export function getSettings(ctx: AppContext): Promise<ClubSettings> {
  return readSettings(ctx.db.kysely);
}

/** PUT /api/admin/settings/: the new rules, effective at once on every process; 409 when `version` is old. */
export async function putSettings(ctx: AppContext, staff: MemberRow, body: ClubSettingsBody): Promise<ClubSettings> {
  const stamp = isoOf(ctx.clock.now());
  const written = await withWriteTransaction(ctx.db, (trx) => writeSettings(trx, body, staff.id, stamp));
  if (!written) throw new ApiError('VERSION_CONFLICT', 'The rules changed since you opened them; reload and try again.');
  return readSettings(ctx.db.kysely);
}

/** GET /api/target-dimensions/: the club's measured sizes, or the approximate defaults. */
export async function targetDimensions(ctx: AppContext): Promise<TargetDimensionsAnswer> {
  const { targetDimensions: stored } = await readSettings(ctx.db.kysely);
  return { dimensions: stored ?? DEFAULT_TARGET_DIMENSIONS, measured: stored !== null && stored !== undefined };
}

/** The rules registration reads, inside the caller's transaction (so every process sees a change at once). */
export async function membershipRules(db: Executor): Promise<{ duesRequired: boolean; packRequiredFor: number[] }> {
  const { duesRequired, packRequiredFor } = await readSettings(db);
  return { duesRequired, packRequiredFor };
}

/**
 * A registration's status changed from `before` to `after` (staff): finalising a class (or an
 * event of a type the club asks a pack for) takes a class from the member's packs, once per
 * registration; undoing the finalisation gives it back.
 */
export async function classStatusChanged(
  trx: Executor,
  change: {
    registrationId: string;
    memberId: string | null;
    eventId: string;
    eventType: number;
    before: number;
    after: number;
    by: string | null;
    stamp: string;
  },
  finalised: number,
): Promise<void> {
  if (change.before === change.after) return;
  // Classes always; any other type the club sells packs for, too.
  if (!CLASS_TYPES.includes(change.eventType) && !((await readSettings(trx)).packRequiredFor as readonly number[]).includes(change.eventType)) return;
  if (change.after === finalised && change.memberId) {
    const taken = await takeClass(trx, {
      registrationId: change.registrationId,
      memberId: change.memberId,
      eventId: change.eventId,
      by: change.by,
      stamp: change.stamp,
    });
    // The pack's last class: the member is told, through the queue, in this transaction.
    if (taken?.left === 0) await planPackNotice(trx, change.memberId, change.stamp);
  } else if (change.before === finalised) {
    await giveBackClass(trx, change.registrationId);
  }
}
