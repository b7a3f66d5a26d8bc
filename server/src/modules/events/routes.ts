import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { monthParamsSchema, participantesFlagSchema, subscribeBodySchema, waitlistBodySchema } from '@club/contract/schemas';
import { requireSelf } from '../members/index.ts';
import { getFeed, myRegistrations, personalFeed, renewFeed } from './my-events.ts';
import { joinWaitlist, leaveWaitlist } from './waitlist.ts';
import { REMINDER_JOB, reminderHandler } from './reminders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { memberOnly } from '../../plugins/auth.ts';
import { FEED_TTL_SECONDS, publicFeedBody } from './feed.ts';
import type { RenderedFeed } from './feed.ts';
import { getEvent, viewerOf } from './listing.ts';
import { monthBody } from './month-cache.ts';
import { keptBody, sendKept } from '../../lib/kept-bodies.ts';
import { subscribe } from './subscribe.ts';
import { turnRemindersOff } from './reminders-off.ts';

const DIGITS = /^\d+$/;

// Path parameters are always strings; an unknown id is the service's 404.
const uuidParams = z.object({ uuid: z.string() });

/** The calendar calls of SPEC §7 and the iCalendar feed. */
export async function eventsRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  ctx.jobs.handle(REMINDER_JOB, reminderHandler(ctx));

  app.get(
    '/api/:year/:month',
    {
      schema: {
        // Strings here: a path that is not two numbers is a 404, checked below, not a 400.
        params: z.object({ year: z.string(), month: z.string() }),
        querystring: z.object({ participantes: participantesFlagSchema }),
      },
    },
    async (request, reply) => {
      const { year, month } = request.params;
      // A path that is not two numbers names no resource; numbers out of range are a bad request.
      if (!DIGITS.test(year) || !DIGITS.test(month)) throw new ApiError('NOT_FOUND');
      const params = monthParamsSchema.parse({ year, month });
      const everyone = request.query.participantes === 'all';
      const auth = await request.authenticate();
      const { events } = await request.versions();
      const body = await monthBody(ctx, params, viewerOf(auth?.member), everyone, events);
      // The month is kept rendered until the events change, and so is its gzip copy: a phone
      // fetches a few KB instead of tens.
      return sendKept(request, reply, body);
    },
  );

  app.get('/api/events/:uuid', { schema: { params: uuidParams } }, async (request, reply) => {
    const auth = await request.authenticate();
    const viewer = viewerOf(auth?.member);
    // Members and visitors see little of an event (their own registration at most); staff see
    // everyone, kept rendered until the events change.
    // (Kept per staff member: the view marks the caller's own place on the waiting list.)
    if (!viewer?.staff) return getEvent(ctx, request.params.uuid, viewer);
    const { events } = await request.versions();
    const { uuid } = request.params;
    const body = await keptBody(ctx, 'staff event', `${uuid} ${viewer.memberId}`, events, 200, () =>
      getEvent(ctx, uuid, viewer),
    );
    return sendKept(request, reply, body);
  });

  app.put(
    '/api/events/:uuid/subscribe',
    {
      // Authentication before the body: an anonymous caller hears 'Not Autenticated!!!' first.
      ...memberOnly,
      schema: { params: uuidParams, body: subscribeBodySchema },
    },
    async (request) => {
      return subscribe(ctx, request.params.uuid, request.body, await request.requireMember());
    },
  );

  app.put(
    '/api/events/:uuid/waitlist',
    { ...memberOnly, schema: { params: uuidParams, body: waitlistBodySchema } },
    async (request) => joinWaitlist(ctx, request.params.uuid, request.body, await request.requireMember()),
  );

  app.delete('/api/events/:uuid/waitlist', { ...memberOnly, schema: { params: uuidParams } }, async (request) => {
    const { member } = await request.requireMember();
    return leaveWaitlist(ctx, request.params.uuid, member);
  });

  // The member's own things: the path names the caller.
  const ownOnly = async (request: FastifyRequest, uuid: string) => {
    const { member } = await request.requireMember();
    requireSelf(member, uuid);
    return member;
  };
  const own = { ...memberOnly, schema: { params: uuidParams } };

  app.get('/api/registro/:uuid/registrations', own, async (request) =>
    myRegistrations(ctx, await ownOnly(request, request.params.uuid)),
  );

  app.get('/api/registro/:uuid/feed', own, async (request) => getFeed(ctx, await ownOnly(request, request.params.uuid)));

  app.post('/api/registro/:uuid/feed', own, async (request) => renewFeed(ctx, await ownOnly(request, request.params.uuid)));

  // The member's own calendar, for whoever holds its secret address (a calendar program).
  // Personal data: never kept by caches (no-store), but a client that sends back the tag of its
  // copy is told 304 when nothing changed.
  app.get('/api/calendar/:file', { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    if (!file.endsWith('.ics')) throw new ApiError('NOT_FOUND');
    const feed = await personalFeed(ctx, file.slice(0, -'.ics'.length));
    return sendFeed(request, reply, feed, 'my-club-events.ics', 'no-store');
  });

  // The link of every reminder: a mail program's one-click POST (RFC 8058, any body) turns
  // reminders off; a person opening it is sent to the page that asks first (GET changes nothing,
  // so link scanners turn nothing off).
  await app.register(async (scope) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    const tokenParams = { schema: { params: z.object({ token: z.string() }) } };
    typed.post('/api/reminders-off/:token', tokenParams, async (request) => {
      await turnRemindersOff(ctx, request.params.token);
      return {};
    });
    typed.get('/api/reminders-off/:token', tokenParams, async (request, reply) =>
      reply.redirect(`/reminders-off?token=${encodeURIComponent(request.params.token)}`, 303),
    );
  });

  app.get('/api/calendar.ics', async (request, reply) => {
    const feed = await publicFeedBody(ctx);
    // Caches keep it as long as calendar programs are told to wait (REFRESH-INTERVAL).
    return sendFeed(request, reply, feed, 'club.ics', `public, max-age=${FEED_TTL_SECONDS}`);
  });
}

/** True when a conditional GET's validators say the client's copy is this feed (RFC 9110 §13.1). */
export function feedUnchanged(request: FastifyRequest, feed: RenderedFeed): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    // Weak comparison: W/"x" and "x" name the same bytes here.
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === `"${feed.etag}"`);
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && feed.lastModified.getTime() <= time;
}

function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: RenderedFeed,
  filename: string,
  cacheControl: string,
) {
  reply
    .header('etag', `"${feed.etag}"`)
    .header('last-modified', feed.lastModified.toUTCString())
    .header('cache-control', cacheControl);
  if (feedUnchanged(request, feed)) return reply.code(304).send();
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `inline; filename="${filename}"`)
    .send(feed.body);
}
