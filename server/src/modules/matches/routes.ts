import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  competitorUpdateBodySchema,
  guestBodySchema,
  MATCH_LIMITS,
  matchBodySchema,
  scoreHistoryQuerySchema,
  scoresQuerySchema,
  scoringDrawingQuerySchema,
  selfSquadBodySchema,
} from '@club/contract/match';
import { UUID_PATTERN, uuidField } from '@club/contract/text';
import { acceptedEncodings } from '../../lib/encoding.ts';
import { DEFAULT_LANGUAGE } from '@club/contract/languages';
import { languageFromHeader } from '../../lib/language.ts';
import { memberOnly, staffOnly } from '../../plugins/auth.ts';
import { requireSelf } from '../members/index.ts';
import { drawScoring } from './drawing.ts';
import { importPractiScore } from './import.ts';
import { memberResults, resultsCsv, resultsFor, resultsGzip, resultsJson } from './results.ts';
import {
  addCompetitor,
  chooseSquad,
  putMatch,
  readCompetitors,
  readMatch,
  readMatchSummaries,
  readScoreHistory,
  readScores,
  saveRangeScore,
  updateCompetitor,
} from './service.ts';

const gzipAsync = promisify(gzip);
const eventParams = z.object({ uuid: uuidField });
const competitorParams = eventParams.extend({ id: uuidField });
const scoreParams = eventParams.extend({
  n: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'type' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'unknown' }).max(MATCH_LIMITS.stages.max, { error: 'unknown' })),
  competitorId: z.string().regex(UUID_PATTERN, { error: 'pattern' }),
});
const importQuery = z.object({ divisions: z.string().max(2000, { error: 'maxlength' }).optional() });

/** Match day (API.md "Calls of the third round", Matches). */
export async function matchesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get('/api/matches/', async (request) => readMatchSummaries(ctx, await request.authenticate()));

  app.get('/api/events/:uuid/match/', { schema: { params: eventParams } }, async (request) =>
    readMatch(ctx, request.params.uuid, await request.authenticate()),
  );

  app.put('/api/admin/events/:uuid/match/', { ...staffOnly, schema: { params: eventParams, body: matchBodySchema } }, async (request) =>
    putMatch(ctx, request.params.uuid, request.body),
  );

  app.get('/api/events/:uuid/match/competitors/', { schema: { params: eventParams } }, async (request) =>
    readCompetitors(ctx, request.params.uuid, await request.authenticate()),
  );

  app.post(
    '/api/admin/events/:uuid/match/competitors/',
    { ...staffOnly, schema: { params: eventParams, body: guestBodySchema } },
    async (request, reply) => reply.code(201).send(await addCompetitor(ctx, request.params.uuid, request.body)),
  );

  app.put(
    '/api/admin/events/:uuid/match/competitors/:id/',
    { ...staffOnly, schema: { params: competitorParams, body: competitorUpdateBodySchema } },
    async (request) => updateCompetitor(ctx, request.params.uuid, request.params.id, request.body),
  );

  app.put('/api/events/:uuid/match/squad/', { ...memberOnly, schema: { params: eventParams, body: selfSquadBodySchema } }, async (request) => {
    const { member } = await request.requireMember();
    return chooseSquad(ctx, request.params.uuid, member, request.body);
  });

  // The body's shape depends on the match's scoring (ipsc or precision): the service reads it.
  app.put('/api/events/:uuid/match/stages/:n/scores/:competitorId/', { ...memberOnly, schema: { params: scoreParams } }, async (request, reply) => {
    const { member } = await request.requireMember();
    const { uuid, n, competitorId } = request.params;
    const outcome = await saveRangeScore(ctx, uuid, n, competitorId, request.body, member);
    if ('saved' in outcome) return outcome.saved;
    return reply.code(409).send({
      errorCode: 'SCORE_CONFLICT',
      message: 'The server holds a newer score than the one this was based on.',
      ...outcome.conflict,
    });
  });

  app.get('/api/events/:uuid/match/scores/', { ...memberOnly, schema: { params: eventParams, querystring: scoresQuerySchema } }, async (request) => {
    const { member } = await request.requireMember();
    return readScores(ctx, request.params.uuid, request.query.stage, member);
  });

  // The scoring screen drawn for this range officer, which the page shows before the app (decision 0068).
  app.get(
    '/api/events/:uuid/match/drawing/',
    { ...memberOnly, schema: { params: eventParams, querystring: scoringDrawingQuerySchema } },
    async (request, reply) => {
      const { member } = await request.requireMember();
      const language = languageFromHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
      const drawing = await drawScoring(ctx, request.params.uuid, member, language, request.query);
      // Nothing drawn here: the app draws the screen.
      if (!drawing) return reply.code(204).send();
      const body = Buffer.from(JSON.stringify(drawing));
      reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Authorization');
      // The markup repeats itself a lot (a squad's rows): gzipped it is a fifth, on a phone's slow network.
      if (acceptedEncodings(request.headers['accept-encoding']).has('gzip')) return reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: 6 }));
      return reply.send(body);
    },
  );

  app.get(
    '/api/admin/events/:uuid/match/scores/history/',
    { ...staffOnly, schema: { params: eventParams, querystring: scoreHistoryQuerySchema } },
    async (request) => readScoreHistory(ctx, request.params.uuid, request.query),
  );

  app.get('/api/events/:uuid/match/results/', { schema: { params: eventParams } }, async (request, reply) => {
    const entry = await resultsFor(ctx, request.params.uuid, await request.authenticate());
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Authorization');
    if (acceptedEncodings(request.headers['accept-encoding']).has('gzip')) {
      return reply.header('content-encoding', 'gzip').send(resultsGzip(entry));
    }
    return reply.send(resultsJson(entry));
  });

  app.get('/api/events/:uuid/match/results.csv', { schema: { params: eventParams } }, async (request, reply) => {
    const entry = await resultsFor(ctx, request.params.uuid, await request.authenticate());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="results-${request.params.uuid}.csv"`)
      .send(resultsCsv(entry));
  });

  app.post(
    '/api/admin/events/:uuid/match/import/',
    { ...staffOnly, bodyLimit: MATCH_LIMITS.importBytes, schema: { params: eventParams, querystring: importQuery } },
    async (request) => {
      const { member } = await request.requireStaff();
      const text = typeof request.body === 'string' ? request.body : '';
      return importPractiScore(ctx, request.params.uuid, text, request.query.divisions, member);
    },
  );

  app.get('/api/registro/:uuid/results/', { ...memberOnly, schema: { params: eventParams } }, async (request) => {
    const { member } = await request.requireMember();
    requireSelf(member, request.params.uuid);
    return memberResults(ctx, member.id);
  });
}
