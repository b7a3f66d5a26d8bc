import type { FastifyInstance } from 'fastify';
import { contactSchema } from '@club/contract/forms';
import type { ContactBody } from '@club/contract/forms';
import { DEFAULT_LANGUAGE } from '@club/contract/languages';
import { languageFromHeader } from '../../lib/language.ts';
import { sendContactMessage } from './service.ts';

/** POST /api/send-message/ (SPEC §7): 201 `{}`; 400 on SPEC §5; 429 past the hourly limit. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/send-message/', { schema: { body: contactSchema } }, async (request, reply) => {
    await sendContactMessage(app.ctx, request.body as ContactBody, {
      ip: request.ip,
      language: languageFromHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE,
    });
    return reply.status(201).send({});
  });
}
