import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';

/** GET /api/health/: 200 once the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health/', async () => {
    try {
      await sql`select 1`.execute(app.ctx.db.kysely);
    } catch (err) {
      app.log.error({ err }, 'health check: database did not answer');
      throw new ApiError('INTERNAL_ERROR', 'The database does not answer.');
    }
    return { status: 'ok' };
  });
}
