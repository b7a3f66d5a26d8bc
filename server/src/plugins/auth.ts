import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import { hashSecret, isoOf } from '../lib/ids.ts';
import type { MemberRow } from '../modules/members/repository.ts';

export interface Authenticated {
  member: MemberRow;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null; looked up once per request. */
    authenticate(): Promise<Authenticated | null>;
    /** The signed-in member, or a 401 NOT_AUTHENTICATED. */
    requireMember(): Promise<Authenticated>;
    /** A signed-in staff member, or 401 / 403. */
    requireStaff(): Promise<Authenticated>;
  }
}

const TOKEN_HEADER = /^Token\s+([A-Za-z0-9_-]{16,128})$/;

/** Reads `Authorization: Token …` and finds the member of an unexpired, unrevoked token. */
export function registerAuth(app: FastifyInstance): void {
  const cache = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();

  async function lookUp(request: FastifyRequest): Promise<Authenticated | null> {
    const match = TOKEN_HEADER.exec(request.headers.authorization ?? '');
    if (!match) return null;
    const tokenHash = hashSecret(match[1]);
    const now = isoOf(app.ctx.clock.now());
    const member = await app.ctx.db.kysely
      .selectFrom('tokens')
      .innerJoin('members', 'members.id', 'tokens.member_id')
      .selectAll('members')
      .where('tokens.token_hash', '=', tokenHash)
      .where('tokens.revoked_at', 'is', null)
      .where('tokens.expires_at', '>', now)
      .executeTakeFirst();
    return member ? { member, tokenHash } : null;
  }

  app.decorateRequest('authenticate', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = lookUp(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireMember', async function (this: FastifyRequest) {
    const auth = await this.authenticate();
    if (!auth) throw new ApiError('NOT_AUTHENTICATED');
    return auth;
  });
  app.decorateRequest('requireStaff', async function (this: FastifyRequest) {
    const auth = await this.requireMember();
    if (!auth.member.staff) throw new ApiError('FORBIDDEN', 'Staff only.');
    return auth;
  });
}
