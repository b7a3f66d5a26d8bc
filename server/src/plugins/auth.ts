import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@club/contract/schemas';
import type { AppContext } from '../context.ts';
import type { MemberRow } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';

/** The signed-in member, as the contract's User too (what the eligibility rules read). */
export interface Authenticated {
  member: Readonly<MemberRow>;
  user: Readonly<User>;
  tokenHash: string;
}

/**
 * Finds the member of a session token (as the client sent it), given the sessions version the
 * request read; null for an unknown, expired or revoked token. The auth module provides it and
 * app.ts hands it over, so this plugin needs no module.
 */
export type SessionLookup = (ctx: AppContext, token: string, sessionsVersion: string) => Promise<Authenticated | null>;

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

/**
 * Route options for calls that need a session: checked before the body is validated, so a
 * caller without one hears 401 (and a member on a staff call 403) whatever the body holds. The
 * handler then reads the member with `await request.requireMember()` (looked up once).
 */
export const memberOnly = {
  preValidation: async (request: FastifyRequest): Promise<void> => {
    await request.requireMember();
  },
};

export const staffOnly = {
  preValidation: async (request: FastifyRequest): Promise<void> => {
    await request.requireStaff();
  },
};

/** Reads `Authorization: Token …` and finds the member of an unexpired, unrevoked token. */
export function registerAuth(app: FastifyInstance, memberOfToken: SessionLookup): void {
  const cache = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();

  async function lookUp(request: FastifyRequest): Promise<Authenticated | null> {
    const match = TOKEN_HEADER.exec(request.headers.authorization ?? '');
    if (!match) return null;
    return memberOfToken(app.ctx, match[1], (await request.versions()).sessions);
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
