import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { contactSchema } from '@club/contract/forms';
import { DEFAULT_LANGUAGE } from '@club/contract/languages';
import { languageFromHeader } from '../../lib/language.ts';
import { sendContactMessage } from './service.ts';

/** POST /api/send-message/ (SPEC §7): 201 `{}`; 400 on SPEC §5; 429 past the hourly limit. */
export async function contactRoutes(instance: FastifyInstance): Promise<void> {
  // Bodies, queries and params are typed from the route's zod schema.
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post('/api/send-message/', { schema: { body: contactSchema } }, async (request, reply) => {
    await sendContactMessage(app.ctx, request.body, {
      ip: request.ip,
      language: languageFromHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE,
    });
    return reply.status(201).send({});
  });
}
