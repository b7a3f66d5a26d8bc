import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { User } from '@club/contract/schemas';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AppContext } from '../../context.ts';
import { isoOf } from '../../lib/ids.ts';
import { MEMBER_DELETED } from './hooks.ts';
import { toUser } from './repository.ts';
import type { ExportPart } from './hooks.ts';

/** The answer of GET /api/registro/{uuid}/export/: every record the club keeps on one member. */
export interface MemberExport {
  exportedAt: string;
  user: User;
  account: { language: string; createdAt: string; updatedAt: string; passwordChangedAt: string };
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
  /** What other modules keep on the member (payments), by name. */
  [part: string]: unknown;
}

function parseStage(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    // A stored stage that is not JSON is still the member's data: hand it over as it is.
    return data;
  }
}

/**
 * Lets other requests in between the export's reads: on SQLite each read runs on the event loop,
 * and the reads of a large export would otherwise run back to back while everyone else's calls
 * wait.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows per read of one list of the export: what the server holds of it at once. */
export const EXPORT_PAGE_ROWS = 100;

/**
 * Reads a list a page at a time, each page after the last row of the one before (keyset), giving
 * the loop back between pages, so no list is held whole however long it grows.
 */
async function* pagesOf<K, R extends K>(read: (after: K | undefined, limit: number) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await read(after, EXPORT_PAGE_ROWS);
    await nextTurn();
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1];
  }
}

/** `value` as JSON indented to sit `depth` levels into the file. */
const jsonAt = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/**
 * The member's export as JSON text, piece by piece (GET /api/registro/{uuid}/export/): the
 * member's row, registrations, stages, sessions (never their secrets), resets, messages, training
 * log and what other modules keep. Lists are read a page at a time and written as they are read,
 * so the server holds one page, not the whole export, however much the member keeps.
 */
export async function* memberExportChunks(
  db: Executor,
  member: MemberRow,
  now: Date,
  parts: readonly ExportPart[] = [],
): AsyncGenerator<string> {
  const kept: Record<string, unknown> = {};
  for (const part of parts) Object.assign(kept, await part(db, member.id));
  const head: Record<string, unknown> = {
    ...kept,
    exportedAt: isoOf(now),
    user: toUser(member),
    account: {
      language: member.language,
      createdAt: member.created_at,
      updatedAt: member.updated_at,
      passwordChangedAt: member.password_changed_at,
    },
  };
  yield '{';
  let first = true;
  for (const [key, value] of Object.entries(head)) {
    yield `${first ? '' : ','}\n  ${JSON.stringify(key)}: ${jsonAt(value, 1)}`;
    first = false;
  }
  async function* list<R>(name: string, rows: AsyncGenerator<R[]>, shape: (row: R) => unknown): AsyncGenerator<string> {
    yield `,\n  ${JSON.stringify(name)}: [`;
    let none = true;
    for await (const page of rows) {
      yield page.map((row, i) => `${none && i === 0 ? '' : ','}\n    ${jsonAt(shape(row), 2)}`).join('');
      none = false;
    }
    yield none ? ']' : '\n  ]';
  }

  yield* list(
    'registrations',
    pagesOf((after: { start_at: string; id: string } | undefined, limit) => {
      let query = db
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
        .where('registrations.member_id', '=', member.id);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('events.start_at', '>', after.start_at),
            eb.and([eb('events.start_at', '=', after.start_at), eb('registrations.id', '>', after.id)]),
          ]),
        );
      }
      return query.orderBy('events.start_at').orderBy('registrations.id').limit(limit).execute();
    }),
    (r) => ({
      uuid: r.id,
      event: { uuid: r.event_id, type: r.type, start: r.start_at, end: r.end_at, evento: r.evento },
      roleId: r.role_id,
      status: r.status,
      categoria: r.categoria,
      division: r.division,
      factor: r.factor,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }),
  );
  yield* list(
    'stages',
    pagesOf((after: { created_at: string; id: string } | undefined, limit) => {
      let query = db.selectFrom('stages').selectAll().where('owner_id', '=', member.id);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]),
        );
      }
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    }),
    (s) => ({
      id: s.id,
      name: s.name,
      public: Boolean(s.public),
      createdAt: s.created_at,
      updatedAt: s.updated_at,
      stage: parseStage(s.data),
    }),
  );
  yield* list(
    'sessions',
    pagesOf((after: { created_at: string; token_hash: string } | undefined, limit) => {
      // The token's hash orders the page; it is never written out.
      let query = db
        .selectFrom('tokens')
        .select(['token_hash', 'remember', 'created_at', 'expires_at', 'revoked_at'])
        .where('member_id', '=', member.id);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '>', after.created_at),
            eb.and([eb('created_at', '=', after.created_at), eb('token_hash', '>', after.token_hash)]),
          ]),
        );
      }
      return query.orderBy('created_at').orderBy('token_hash').limit(limit).execute();
    }),
    (t) => ({ rememberMe: Boolean(t.remember), createdAt: t.created_at, expiresAt: t.expires_at, revokedAt: t.revoked_at }),
  );
  yield* list(
    'passwordResets',
    pagesOf((after: { created_at: string; id: string } | undefined, limit) => {
      let query = db.selectFrom('password_resets').select(['id', 'created_at', 'expires_at', 'used_at']).where('member_id', '=', member.id);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]),
        );
      }
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    }),
    (r) => ({ createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at }),
  );
  // Contact messages carry no member id; the ones sent from the member's address are theirs,
  // once the address is known to be theirs: anyone can register with someone else's address.
  async function* noPages(): AsyncGenerator<never[]> {}
  yield* list(
    'contactMessages',
    member.email_verified
      ? pagesOf((after: { created_at: string; id: string } | undefined, limit) => {
          let query = db
            .selectFrom('contact_messages')
            .select(['id', 'name', 'email', 'subject', 'message', 'created_at'])
            .where(sql<string>`lower(email)`, '=', member.email_key);
          if (after) {
            query = query.where((eb) =>
              eb.or([eb('created_at', '>', after.created_at), eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)])]),
            );
          }
          return query.orderBy('created_at').orderBy('id').limit(limit).execute();
        })
      : noPages(),
    (m) => ({ name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: m.created_at }),
  );
  yield* list(
    'training',
    pagesOf((after: { started_at: string; id: string } | undefined, limit) => {
      let query = db.selectFrom('training_sessions').selectAll().where('member_id', '=', member.id);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('started_at', '>', after.started_at), eb.and([eb('started_at', '=', after.started_at), eb('id', '>', after.id)])]),
        );
      }
      return query.orderBy('started_at').orderBy('id').limit(limit).execute();
    }),
    (t) => ({
      id: t.id,
      stageId: t.stage_id,
      libraryStageId: t.library_stage_id,
      stageName: t.stage_name,
      startedAt: t.started_at,
      parMs: t.par_ms,
      powerFactor: t.power_factor,
      reps: parseStage(t.reps),
      createdAt: t.created_at,
    }),
  );
  yield '\n}\n';
}

/**
 * The export as a byte stream for the answer: pieces gathered to about 64 KiB a write, read
 * from the database only as fast as the client takes them.
 */
export function memberExportStream(chunks: AsyncGenerator<string>): Readable {
  async function* batched(): AsyncGenerator<Buffer> {
    let pending = '';
    for await (const chunk of chunks) {
      pending += chunk;
      if (pending.length >= 65_536) {
        yield Buffer.from(pending);
        pending = '';
      }
    }
    if (pending !== '') yield Buffer.from(pending);
  }
  return Readable.from(batched(), { objectMode: false });
}

/** The whole export as one object (tests and tools; the API streams it). */
export async function collectMemberData(
  db: Executor,
  member: MemberRow,
  now: Date,
  parts: readonly ExportPart[] = [],
): Promise<MemberExport> {
  let text = '';
  for await (const chunk of memberExportChunks(db, member, now, parts)) text += chunk;
  return JSON.parse(text) as MemberExport;
}

/**
 * Deletes a member: sessions revoked and removed, registrations for events still to come
 * cancelled (their seats freed), every registration kept for the club's records with no link to
 * the person, own stages, reset links and (from a verified address) contact messages deleted,
 * then the member row.
 */
export async function deleteMemberData(
  ctx: AppContext,
  db: Executor,
  member: MemberRow,
  now: string,
  nowLocal: string,
): Promise<void> {
  const memberId = member.id;
  // Revoked first so that a token read by a concurrent request is already dead.
  await db.updateTable('tokens').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
  await db.deleteFrom('tokens').where('member_id', '=', memberId).execute();
  for (const deleted of ctx.hooks.all(MEMBER_DELETED)) await deleted(ctx, db, { member, now, nowLocal });
  await db
    .updateTable('registrations')
    .set({ member_id: null, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
  await db.deleteFrom('training_sessions').where('member_id', '=', memberId).execute();
  await db.deleteFrom('stages').where('owner_id', '=', memberId).execute();
  await db.deleteFrom('password_resets').where('member_id', '=', memberId).execute();
  if (member.email_verified) {
    // The messages sent from a verified address go with the account, as its export showed them.
    await db.deleteFrom('contact_messages').where(sql<string>`lower(email)`, '=', member.email_key).execute();
  }
  await db.deleteFrom('members').where('id', '=', memberId).execute();
}
