import { CompiledQuery } from 'kysely';
import type { Selectable } from 'kysely';
import type { PasswordResetsTable } from '../../db/schema.ts';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { setPasswordHash } from '../members/index.ts';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Stores a session token by its hash. */
export async function insertToken(
  db: Executor,
  token: { tokenHash: string; memberId: string; remember: boolean; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      token_hash: token.tokenHash,
      member_id: token.memberId,
      remember: token.remember ? 1 : 0,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/**
 * Rows a member's repeated actions leave, kept per member: the newest only, so signing in or
 * asking for links again and again cannot grow the database (or the member's export) without
 * end. The 101st sign-in ends the oldest session; five reset links an hour are allowed, so
 * twenty kept never touch a live one.
 */
export const KEPT_PER_MEMBER = { tokens: 100, passwordResets: 20 } as const;

/** Deletes the member's session tokens beyond the newest `keep` (their sessions end). */
export async function trimTokens(db: Executor, memberId: string, keep: number = KEPT_PER_MEMBER.tokens): Promise<void> {
  await db
    .deleteFrom('tokens')
    .where('member_id', '=', memberId)
    .where('token_hash', 'not in', (eb) =>
      eb
        .selectFrom('tokens')
        .select('token_hash')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('token_hash', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Deletes the member's reset links beyond the newest `keep`. */
export async function trimPasswordResets(
  db: Executor,
  memberId: string,
  keep: number = KEPT_PER_MEMBER.passwordResets,
): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('member_id', '=', memberId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('password_resets')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Revokes one session token. */
export async function revokeToken(db: Executor, tokenHash: string, now: string): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session token of a member. */
export async function revokeAllTokens(db: Executor, memberId: string, now: string): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sets a new password hash; every session and every pending reset link of the member ends with it. */
export async function replacePassword(db: Executor, memberId: string, passwordHash: string, now: string): Promise<void> {
  await setPasswordHash(db, memberId, passwordHash, now);
  await revokeAllTokens(db, memberId, now);
  await voidPasswordResets(db, memberId, now);
}

/** Marks every pending reset link of the member used. */
export async function voidPasswordResets(db: Executor, memberId: string, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** The member's sessions, oldest first (never the tokens' hashes). */
export function findMemberTokens(db: Executor, memberId: string) {
  return db
    .selectFrom('tokens')
    .select(['remember', 'created_at', 'expires_at', 'revoked_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
}

/** The member's reset links, oldest first (never their hashes). */
export function findMemberResets(db: Executor, memberId: string) {
  return db
    .selectFrom('password_resets')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
}

/** Ends and removes every session and reset link of a member whose account goes. */
export async function deleteMemberSessions(db: Executor, memberId: string, now: string): Promise<void> {
  // Revoked first so that a token read by a concurrent request is already dead.
  await revokeAllTokens(db, memberId, now);
  await db.deleteFrom('tokens').where('member_id', '=', memberId).execute();
  await db.deleteFrom('password_resets').where('member_id', '=', memberId).execute();
}

export async function insertPasswordReset(db: Executor, reset: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
  await trimPasswordResets(db, reset.member_id);
}

export function findPasswordReset(db: Executor, id: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a reset as used; false when another call used it first (single use even under a race). */
export async function claimPasswordReset(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const sessionQueries = new WeakMap<Executor, string>();
const HASH_MARK = '\u0000token-hash';
const NOW_MARK = '\u0000now';

/** A session token's member and when the token expires. */
export interface SessionMember {
  member: MemberRow;
  expiresAt: string;
}

/**
 * The member of an unexpired, unrevoked session token, or undefined. Its SQL is built once per
 * database and only the values change (building it took as long as running it).
 */
export async function findSessionMember(db: Executor, tokenHash: string, now: string): Promise<SessionMember | undefined> {
  let text = sessionQueries.get(db);
  if (text === undefined) {
    const compiled = db
      .selectFrom('tokens')
      .innerJoin('members', 'members.id', 'tokens.member_id')
      .selectAll('members')
      .select('tokens.expires_at as token_expires_at')
      .where('tokens.token_hash', '=', HASH_MARK)
      .where('tokens.expires_at', '>', NOW_MARK)
      .where('tokens.revoked_at', 'is', null)
      .compile();
    // The values must be the two parameters, in this order, for the text to be reused.
    if (compiled.parameters.length !== 2 || compiled.parameters[0] !== HASH_MARK || compiled.parameters[1] !== NOW_MARK) {
      throw new Error('unexpected parameters in the session query');
    }
    text = compiled.sql;
    sessionQueries.set(db, text);
  }
  const { rows } = await db.executeQuery<MemberRow & { token_expires_at: string }>(CompiledQuery.raw(text, [tokenHash, now]));
  const row = rows[0];
  if (row === undefined) return undefined;
  const { token_expires_at: expiresAt, ...member } = row;
  return { member, expiresAt };
}
