import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordBodySchema, forgottenSchema, loginSchema, resetPasswordBodySchema } from '@club/contract/forms';
import type { Session } from '@club/contract/schemas';
import { languageFromHeader } from '../../lib/language.ts';
import { parsePasswordBody } from '../../lib/password-body.ts';
import { memberOnly } from '../../plugins/auth.ts';
import { toUser } from '../members/index.ts';
import { changePassword, logIn, logOut, PASSWORD_RESET_JOB, passwordResetHandler, requestPasswordReset, resetPassword } from './service.ts';
import type { RequestInfo } from './service.ts';
import { DEVICE_COOKIE, DEVICE_LIFETIME_MS } from './known-devices.ts';

/** What a service needs to know about the caller. */
export function requestInfo(request: FastifyRequest): RequestInfo {
  return {
    ip: request.ip,
    deviceCookie: request.cookies[DEVICE_COOKIE],
    language: languageFromHeader(request.headers['accept-language']),
    log: request.log,
  };
}

/** Sign in and out, the active user, forgotten, reset and change password. */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.ctx.jobs.handle(PASSWORD_RESET_JOB, passwordResetHandler(app.ctx));
  app.post('/api/login/', { schema: { body: loginSchema } }, async (request, reply) => {
    const { session, deviceCookie } = await logIn(app.ctx, request.body, requestInfo(request));
    reply.setCookie(DEVICE_COOKIE, deviceCookie, {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: app.ctx.config.publicUrl.startsWith('https:'),
      maxAge: DEVICE_LIFETIME_MS / 1000,
    });
    return session;
  });

  app.post('/api/logout/', memberOnly, async (request, reply) => {
    const { tokenHash } = await request.requireMember();
    await logOut(app.ctx, tokenHash);
    return reply.code(204).send();
  });

  app.get('/api/active-user/', memberOnly, async (request): Promise<Session> => {
    const { member } = await request.requireMember();
    // The plugin accepted this header, so it holds the token; the answer hands back the same one.
    const token = (request.headers.authorization ?? '').replace(/^Token\s+/, '');
    return { token, user: toUser(member) };
  });

  app.get('/api/registry/actvie-user/', memberOnly, async (request) => {
    const { member } = await request.requireMember();
    return toUser(member);
  });

  app.get('/api/forgoten-password/', { schema: { querystring: forgottenSchema } }, async (request) => {
    const { email } = request.query;
    await requestPasswordReset(app.ctx, email, requestInfo(request));
    return {};
  });

  app.put('/api/reset-password/', async (request) => {
    const body = parsePasswordBody(resetPasswordBodySchema, request.body, 'password');
    await resetPassword(app.ctx, body);
    return {};
  });

  app.put('/api/change-password/', memberOnly, async (request) => {
    const { member } = await request.requireMember();
    const body = parsePasswordBody(changePasswordBodySchema, request.body, 'newPassword');
    await changePassword(app.ctx, member, body);
    return {};
  });
}
