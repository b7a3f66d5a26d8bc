import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { libraryParamsSchema, TRAINING_LIMITS, trainingBodySchema, trainingLogQuerySchema } from '@club/contract/library';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { requireVerifiedEmail } from '../members/index.ts';
import { memberOnly, staffOnly } from '../../plugins/auth.ts';
import { keepSession, readEventPractice, readTrainingLog, removeSession } from './service.ts';

/** The member's training log (API.md "Calls of the second round"): only its owner reads or writes it. */
export async function trainingRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.ctx;

  app.get('/api/training/', { ...memberOnly, schema: { querystring: trainingLogQuerySchema } }, async (request) => {
    const { member } = await request.requireMember();
    return readTrainingLog(db.kysely, member.id, clock.now(), config.clubTimezone, request.query);
  });

  app.post('/api/training/', { ...memberOnly, schema: { body: trainingBodySchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    // A kept log is booking space on the server: a verified address, and a pace a person keeps.
    requireVerifiedEmail(member);
    await consumeRateLimit(db.kysely, clock, config.rateLimits.enabled, {
      key: `training:member:${member.id}`,
      limit: TRAINING_LIMITS.writesPerHour,
      windowMs: 3_600_000,
    });
    const session = await keepSession(db, member.id, request.body, clock.now(), config.clubTimezone);
    return reply.code(201).send(session);
  });

  app.get('/api/training/events/:id/', { ...staffOnly, schema: { params: libraryParamsSchema } }, async (request) =>
    readEventPractice(db.kysely, request.params.id),
  );

  app.delete('/api/training/:id/', { ...memberOnly, schema: { params: libraryParamsSchema } }, async (request, reply) => {
    const { member } = await request.requireMember();
    await removeSession(db.kysely, request.params.id, member.id);
    return reply.code(204).send();
  });
}
