import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { monthParamsSchema, participantesFlagSchema, subscribeBodySchema } from '@club/contract/schemas';
import { ApiError } from '../../lib/api-error.ts';
import { memberOnly } from '../../plugins/auth.ts';
import { publicFeedBody } from './feed.ts';
import { getEvent, viewerOf } from './listing.ts';
import { monthBody } from './month-cache.ts';
import { subscribe } from './subscribe.ts';

const DIGITS = /^\d+$/;

/** The calendar calls of SPEC §7 and the iCalendar feed. */
export async function eventsRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get<{ Params: { year: string; month: string }; Querystring: { participantes?: 'all' } }>(
    '/api/:year/:month',
    { schema: { querystring: z.object({ participantes: participantesFlagSchema }) } },
    async (request, reply) => {
      const { year, month } = request.params;
      // A path that is not two numbers names no resource; numbers out of range are a bad request.
      if (!DIGITS.test(year) || !DIGITS.test(month)) throw new ApiError('NOT_FOUND');
      const params = monthParamsSchema.parse({ year, month });
      const everyone = request.query.participantes === 'all';
      const auth = await request.authenticate();
      const body = await monthBody(ctx, params, viewerOf(auth?.member), everyone);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Params: { uuid: string } }>('/api/events/:uuid', async (request) => {
    const auth = await request.authenticate();
    return getEvent(ctx, request.params.uuid, viewerOf(auth?.member));
  });

  app.put(
    '/api/events/:uuid/subscribe',
    {
      // Authentication before the body: an anonymous caller hears 'Not Autenticated!!!' first.
      ...memberOnly,
      schema: { params: z.object({ uuid: z.string() }), body: subscribeBodySchema },
    },
    async (request) => {
      return subscribe(ctx, request.log, request.params.uuid, request.body, await request.requireMember());
    },
  );

  app.get('/api/calendar.ics', async (_request, reply) => {
    const body = await publicFeedBody(ctx);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="club.ics"')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });
}
