import type { Session } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import { hashSecret, isoOf } from '../../lib/ids.ts';
import { toUser } from '../members/index.ts';
import type { MemberRow } from '../members/index.ts';
import { findSessionMember } from './repository.ts';

export interface SignedIn {
  member: Readonly<MemberRow>;
  user: Readonly<Session['user']>;
  tokenHash: string;
}

interface Kept {
  /** The sessions version (migration 0009) when the token was looked up. */
  version: string;
  expiresAt: string;
  signedIn: SignedIn;
}

const MAX_KEPT = 5_000;
const kept = new WeakMap<AppContext, Map<string, Kept>>();

/**
 * The signed-in member of a session token (as the client sends it), or null. What a token
 * stands for is kept in this process, by the token's hash, for as long as the database's
 * sessions version has not moved: every revocation, deletion or member change from any
 * process moves it, and expiry is checked against the clock on every call. So a kept answer is
 * never older than the last write, and a signed-in call reads one counter row instead of the
 * token and its member. `sessionsVersion` must have been read before this call.
 */
export async function memberOfToken(ctx: AppContext, token: string, sessionsVersion: string): Promise<SignedIn | null> {
  const tokenHash = hashSecret(token);
  const now = isoOf(ctx.clock.now());
  let byHash = kept.get(ctx);
  if (!byHash) {
    byHash = new Map();
    kept.set(ctx, byHash);
  }
  const hit = byHash.get(tokenHash);
  if (hit && hit.version === sessionsVersion && sessionsVersion !== '' && hit.expiresAt > now) return hit.signedIn;
  byHash.delete(tokenHash);
  const found = await findSessionMember(ctx.db.kysely, tokenHash, now);
  if (!found) return null;
  // Shared by the calls that follow: frozen, so no caller can change what another one sees.
  const signedIn: SignedIn = Object.freeze({
    member: Object.freeze(found.member),
    user: Object.freeze(toUser(found.member)),
    tokenHash,
  });
  if (sessionsVersion !== '') {
    if (byHash.size >= MAX_KEPT) byHash.clear();
    byHash.set(tokenHash, { version: sessionsVersion, expiresAt: found.expiresAt, signedIn });
  }
  return signedIn;
}
