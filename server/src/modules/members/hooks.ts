import type { Payment } from '@club/contract/payments';
import type { AppContext } from '../../context.ts';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { hookKey } from '../../lib/hooks.ts';

/** A member whose account is being deleted, and when (UTC ISO stamp and club wall time). */
export interface DeletedMember {
  member: MemberRow;
  now: string;
  nowLocal: string;
}

/**
 * Runs inside the deletion's write transaction, before the member row goes: each module that
 * keeps something of the member removes it or unlinks it from the person.
 */
export const MEMBER_DELETED = hookKey<(ctx: AppContext, trx: Executor, deleted: DeletedMember) => Promise<void>>(
  'member deleted',
);

/**
 * The parts of a member's export (GET /api/registro/{uuid}/export/) that other modules keep:
 * each module answers MEMBER_EXPORT with its own parts. A module with new records of a member
 * adds its part here and answers for it.
 */
export interface MemberExportParts {
  registrations: Array<{
    uuid: string;
    event: { uuid: string; type: number; start: string; end: string; evento: string };
    roleId: number;
    status: number;
    categoria: number | null;
    division: number | null;
    factor: number | null;
    createdAt: string;
    updatedAt: string;
  }>;
  stages: Array<{ id: string; name: string; public: boolean; createdAt: string; updatedAt: string; stage: unknown }>;
  sessions: Array<{ rememberMe: boolean; createdAt: string; expiresAt: string; revokedAt: string | null }>;
  passwordResets: Array<{ createdAt: string; expiresAt: string; usedAt: string | null }>;
  contactMessages: Array<{ name: string; email: string; subject: string; message: string; createdAt: string }>;
  training: Array<{
    id: string;
    stageId: string | null;
    libraryStageId: string | null;
    stageName: string | null;
    startedAt: string;
    parMs: number | null;
    powerFactor: string;
    reps: unknown;
    createdAt: string;
  }>;
  payments: Payment[];
  matchEntries: Array<{
    eventUuid: string;
    matchName: string;
    division: number | null;
    factor: number | null;
    category: number | null;
    squad: number | null;
    dq: boolean;
    dqRule: string | null;
    dqReason: string | null;
    createdAt: string;
    updatedAt: string;
  }>;
  /** Each change of the club's content the member saved as staff: which section, which version, when, under which name. */
  contentChanges: Array<{ section: string; version: number; changedAt: string; name: string | null }>;
  /** Each photo the member uploaded as staff. */
  photosUploaded: Array<{ photoId: string; width: number; height: number; createdAt: string; name: string | null }>;
}

/**
 * Asked for every export, in turn: each module reads what it keeps of the member (on SQLite each
 * read runs on the event loop, so the members module gives other requests a turn between them).
 */
export const MEMBER_EXPORT = hookKey<(db: Executor, member: MemberRow) => Promise<MemberExportAnswer>>('member export');

/**
 * A module's answer to MEMBER_EXPORT: each of its parts whole, or, for a list that may grow long
 * (the training log), page by page: the export writes each page as it is read, so the server
 * holds one page of it at a time, never the whole list.
 */
export type MemberExportAnswer = {
  [K in keyof MemberExportParts]?: MemberExportParts[K] | AsyncIterable<MemberExportParts[K]>;
};

/**
 * Runs inside the write transaction that gives a member a new address (a followed address
 * link), before it is written: what was sent to the old address stops working.
 */
export const MEMBER_ADDRESS_CHANGED = hookKey<(trx: Executor, member: MemberRow, now: string) => Promise<void>>(
  'member address changed',
);
