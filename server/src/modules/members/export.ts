import { Readable } from 'node:stream';
import type { User } from '@club/contract/schemas';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AppContext } from '../../context.ts';
import { isoOf } from '../../lib/ids.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from './hooks.ts';
import type { MemberExportAnswer, MemberExportParts } from './hooks.ts';
import { toUser } from './repository.ts';

/** The answer of GET /api/registro/{uuid}/export/: every record the club keeps on one member. */
export interface MemberExport extends MemberExportParts {
  exportedAt: string;
  user: User;
  account: { language: string; createdAt: string; updatedAt: string; passwordChangedAt: string };
}

/**
 * Lets other requests in between the export's reads: on SQLite each read runs on the event loop,
 * and the reads of a large export would otherwise run back to back while everyone else's calls
 * wait.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The parts in the answer's order; a part no module answers for is written empty. */
const PART_ORDER: ReadonlyArray<keyof MemberExportParts> = [
  'registrations',
  'stages',
  'sessions',
  'passwordResets',
  'contactMessages',
  'training',
  'payments',
  'matchEntries',
  'contentChanges',
  'photosUploaded',
];

/** `value` as JSON indented to sit `depth` levels into the file. */
const jsonAt = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/**
 * The member's export as JSON text, piece by piece (GET /api/registro/{uuid}/export/): the
 * member's row, then what every module keeps of them (registrations, stages, sessions but never
 * their secrets, reset links, messages, training, payments, match entries, changes of the club's
 * content and photos uploaded as staff), each part read by its
 * module (MEMBER_EXPORT). A part a module answers page by page is written as it is read, so the
 * server holds one page of it, however much the member keeps.
 */
export async function* memberExportChunks(ctx: AppContext, db: Executor, member: MemberRow): AsyncGenerator<string> {
  const parts: MemberExportAnswer = {};
  for (const read of ctx.hooks.all(MEMBER_EXPORT)) {
    Object.assign(parts, await read(db, member));
    await nextTurn();
  }
  const head = {
    exportedAt: isoOf(ctx.clock.now()),
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
  for (const name of PART_ORDER) {
    const part: unknown[] | AsyncIterable<unknown[]> = parts[name] ?? [];
    yield `,\n  ${JSON.stringify(name)}: [`;
    let none = true;
    for await (const page of Array.isArray(part) ? [part] : part) {
      if (page.length === 0) continue;
      yield page.map((row, i) => `${none && i === 0 ? '' : ','}\n    ${jsonAt(row, 2)}`).join('');
      none = false;
      await nextTurn();
    }
    yield none ? ']' : '\n  ]';
  }
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
export async function collectMemberData(ctx: AppContext, db: Executor, member: MemberRow): Promise<MemberExport> {
  let text = '';
  for await (const chunk of memberExportChunks(ctx, db, member)) text += chunk;
  return JSON.parse(text) as MemberExport;
}

/**
 * Deletes a member: every module first removes what it keeps of them or unlinks it from the
 * person (MEMBER_DELETED: sessions revoked and removed, registrations for events still to come
 * cancelled and their seats freed, every registration kept for the club's records with no link
 * to the person, own stages, training, reset links and messages from a verified address
 * deleted), then the member row goes.
 */
export async function deleteMemberData(
  ctx: AppContext,
  db: Executor,
  member: MemberRow,
  now: string,
  nowLocal: string,
): Promise<void> {
  for (const deleted of ctx.hooks.all(MEMBER_DELETED)) await deleted(ctx, db, { member, now, nowLocal });
  await db.deleteFrom('members').where('id', '=', member.id).execute();
}
