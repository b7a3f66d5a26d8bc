import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { staffOnly } from '../../plugins/auth.ts';
import { keptBody, sendKept } from '../../lib/kept-bodies.ts';
import {
  adminAddParticipantBodySchema,
  adminEventBodySchema,
  adminEventScopeQuerySchema,
  adminEventUpdateBodySchema,
  adminEventsQuerySchema,
  adminMailQuerySchema,
  adminMessageUpdateBodySchema,
  adminMessagesQuerySchema,
  adminParticipantStatusBodySchema,
  adminUserSearchQuerySchema,
  adminUserUpdateBodySchema,
  participantsPageQuerySchema,
} from '@club/contract/schemas';
import {
  addParticipant,
  createEvents,
  deleteAdminEvent,
  adminEventsRange,
  listAdminEvents,
  seatFromWaitlist,
  participantsPage,
  setParticipantStatus,
  updateAdminEvent,
  waitlistOf,
} from '../events/index.ts';
import { listMessages, updateMessage } from '../contact/index.ts';
import { listMail, retryMail, searchUsers, updateUserFlags, userRegistrations } from './service.ts';

// Path parameters are always strings; an unknown id is the service's 404.
const uuidParams = z.object({ uuid: z.string() });
const participantParams = z.object({ uuid: z.string(), personUuid: z.string() });
const idParams = z.object({ id: z.string() });

/** The staff area's calls (API.md "Calls beyond SPEC", admin rows). */
export async function adminRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/api/admin/events',
    { ...staffOnly, schema: { querystring: adminEventsQuerySchema } },
    async (request, reply) => {
      // The same list for every staff member, kept rendered until the events change.
      const { events } = await request.versions();
      const range = adminEventsRange(ctx, request.query);
      const key = `${range.from ?? ''} ${range.to ?? ''} ${request.query.participantes ?? ''}`;
      const body = await keptBody(ctx, 'staff events', key, events, 50, () =>
        listAdminEvents(ctx, request.query),
      );
      return sendKept(request, reply, body);
    },
  );

  app.post(
    '/api/admin/events',
    { ...staffOnly, schema: { body: adminEventBodySchema } },
    async (request, reply) => {
      const { member } = await request.requireStaff();
      return reply.code(201).send(await createEvents(ctx, request.body, member.language));
    },
  );

  app.put(
    '/api/admin/events/:uuid',
    {
      ...staffOnly,
      schema: { params: uuidParams, querystring: adminEventScopeQuerySchema, body: adminEventUpdateBodySchema },
    },
    async (request) => {
      const { member } = await request.requireStaff();
      return updateAdminEvent(ctx, request.params.uuid, request.body, request.query.scope, member.language);
    },
  );

  app.delete(
    '/api/admin/events/:uuid',
    { ...staffOnly, schema: { params: uuidParams, querystring: adminEventScopeQuerySchema } },
    async (request, reply) => {
      await deleteAdminEvent(ctx, request.params.uuid, request.query.scope);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/events/:uuid/participants',
    {
      ...staffOnly,
      schema: { params: z.object({ uuid: z.string() }), querystring: participantsPageQuerySchema },
    },
    async (request, reply) => {
      const { events } = await request.versions();
      const { uuid } = request.params;
      const key = `${uuid} ${request.query.offset ?? ''} ${request.query.limit ?? ''}`;
      const body = await keptBody(ctx, 'participants page', key, events, 200, () =>
        participantsPage(ctx, uuid, request.query),
      );
      return sendKept(request, reply, body);
    },
  );

  app.post(
    '/api/admin/events/:uuid/participants',
    { ...staffOnly, schema: { params: uuidParams, body: adminAddParticipantBodySchema } },
    async (request, reply) =>
      reply.code(201).send(await addParticipant(ctx, request.params.uuid, request.body.personUuid)),
  );

  app.put(
    '/api/admin/events/:uuid/participants/:personUuid',
    { ...staffOnly, schema: { params: participantParams, body: adminParticipantStatusBodySchema } },
    async (request) => {
      const { member } = await request.requireStaff();
      return setParticipantStatus(ctx, request.params.uuid, request.params.personUuid, request.body.status, member.id);
    },
  );

  app.get(
    '/api/admin/events/:uuid/waitlist',
    { ...staffOnly, schema: { params: uuidParams } },
    async (request) => ({ waiting: await waitlistOf(ctx, request.params.uuid) }),
  );

  app.post(
    '/api/admin/events/:uuid/waitlist/:personUuid',
    { ...staffOnly, schema: { params: participantParams } },
    async (request) => seatFromWaitlist(ctx, request.params.uuid, request.params.personUuid),
  );

  app.get('/api/admin/mail', { ...staffOnly, schema: { querystring: adminMailQuerySchema } }, async (request) =>
    listMail(ctx, request.query.status ?? 'failed'),
  );

  app.post('/api/admin/mail/:id/retry', { ...staffOnly, schema: { params: idParams } }, async (request, reply) => {
    await retryMail(ctx, request.params.id);
    return reply.code(202).send({});
  });

  app.get(
    '/api/admin/users',
    { ...staffOnly, schema: { querystring: adminUserSearchQuerySchema } },
    async (request) => searchUsers(ctx, request.query.q, request.query.claims),
  );

  app.put(
    '/api/admin/users/:uuid',
    { ...staffOnly, schema: { params: uuidParams, body: adminUserUpdateBodySchema } },
    async (request) => {
      const { member } = await request.requireStaff();
      return updateUserFlags(ctx, member, request.params.uuid, request.body);
    },
  );

  app.get(
    '/api/admin/users/:uuid/registrations',
    { ...staffOnly, schema: { params: uuidParams } },
    async (request) => userRegistrations(ctx, request.params.uuid),
  );

  app.get(
    '/api/admin/messages',
    { ...staffOnly, schema: { querystring: adminMessagesQuerySchema } },
    async (request) => listMessages(ctx, request.query.archived),
  );

  app.put(
    '/api/admin/messages/:id',
    { ...staffOnly, schema: { params: idParams, body: adminMessageUpdateBodySchema } },
    async (request) => updateMessage(ctx, request.params.id, request.body),
  );
}
