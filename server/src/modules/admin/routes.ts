import type { FastifyInstance } from 'fastify';
import { staffOnly } from '../../plugins/auth.ts';
import {
  adminEventBodySchema,
  adminEventUpdateBodySchema,
  adminEventsQuerySchema,
  adminMailQuerySchema,
  adminMessageUpdateBodySchema,
  adminParticipantStatusBodySchema,
  adminUserSearchQuerySchema,
  adminUserUpdateBodySchema,
} from '@club/contract/schemas';
import type {
  AdminEventBody,
  AdminEventUpdateBody,
  AdminEventsQuery,
  AdminMailQuery,
  AdminMessageUpdateBody,
  AdminParticipantStatusBody,
  AdminUserSearchQuery,
  AdminUserUpdateBody,
} from '@club/contract/schemas';
import {
  createEvents,
  deleteAdminEvent,
  listAdminEvents,
  seatFromWaitlist,
  setParticipantStatus,
  updateAdminEvent,
} from '../events/index.ts';
import { listMail, listMessages, markMessage, retryMail, searchUsers, updateUserFlags, userRegistrations } from './service.ts';

/** The staff area's calls (API.md "Calls beyond SPEC", admin rows). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get<{ Querystring: AdminEventsQuery }>(
    '/api/admin/events',
    { ...staffOnly, schema: { querystring: adminEventsQuerySchema } },
    async (request) => listAdminEvents(ctx, request.query),
  );

  app.post<{ Body: AdminEventBody }>(
    '/api/admin/events',
    { ...staffOnly, schema: { body: adminEventBodySchema } },
    async (request, reply) => reply.code(201).send(await createEvents(ctx, request.body)),
  );

  app.put<{ Params: { uuid: string }; Body: AdminEventUpdateBody }>(
    '/api/admin/events/:uuid',
    { ...staffOnly, schema: { body: adminEventUpdateBodySchema } },
    async (request) => updateAdminEvent(ctx, request.params.uuid, request.body),
  );

  app.delete<{ Params: { uuid: string } }>('/api/admin/events/:uuid', staffOnly, async (request, reply) => {
    await deleteAdminEvent(ctx, request.params.uuid);
    return reply.code(204).send();
  });

  app.put<{ Params: { uuid: string; personUuid: string }; Body: AdminParticipantStatusBody }>(
    '/api/admin/events/:uuid/participants/:personUuid',
    { ...staffOnly, schema: { body: adminParticipantStatusBodySchema } },
    async (request) =>
      setParticipantStatus(ctx, request.params.uuid, request.params.personUuid, request.body.status),
  );

  app.post<{ Params: { uuid: string; personUuid: string } }>(
    '/api/admin/events/:uuid/waitlist/:personUuid',
    staffOnly,
    async (request) => seatFromWaitlist(ctx, request.params.uuid, request.params.personUuid),
  );

  app.get<{ Querystring: AdminMailQuery }>(
    '/api/admin/mail',
    { ...staffOnly, schema: { querystring: adminMailQuerySchema } },
    async (request) => listMail(ctx, request.query.status ?? 'failed'),
  );

  app.post<{ Params: { id: string } }>('/api/admin/mail/:id/retry', staffOnly, async (request, reply) => {
    await retryMail(ctx, request.params.id);
    return reply.code(202).send({});
  });

  app.get<{ Querystring: AdminUserSearchQuery }>(
    '/api/admin/users',
    { ...staffOnly, schema: { querystring: adminUserSearchQuerySchema } },
    async (request) => searchUsers(ctx, request.query.q),
  );

  app.put<{ Params: { uuid: string }; Body: AdminUserUpdateBody }>(
    '/api/admin/users/:uuid',
    { ...staffOnly, schema: { body: adminUserUpdateBodySchema } },
    async (request) => {
      const { member } = await request.requireStaff();
      return updateUserFlags(ctx, member, request.params.uuid, request.body);
    },
  );

  app.get<{ Params: { uuid: string } }>('/api/admin/users/:uuid/registrations', staffOnly, async (request) =>
    userRegistrations(ctx, request.params.uuid),
  );

  app.get('/api/admin/messages', staffOnly, async () => listMessages(ctx));

  app.put<{ Params: { id: string }; Body: AdminMessageUpdateBody }>(
    '/api/admin/messages/:id',
    { ...staffOnly, schema: { body: adminMessageUpdateBodySchema } },
    async (request) => markMessage(ctx, request.params.id, request.body.read),
  );
}
