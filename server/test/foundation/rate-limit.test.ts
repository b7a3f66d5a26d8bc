import { expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api-error.ts';
import { clearRateLimit, consumeRateLimit } from '../../src/lib/rate-limit.ts';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase('rate limits kept in the database', (get) => {
  const rule = (key: string) => ({ key, limit: 3, windowMs: 60_000 });

  it('allows the limit, then refuses with 429 and Retry-After', async () => {
    const { db, clock } = get();
    for (let i = 0; i < 3; i++) await consumeRateLimit(db.kysely, clock, true, rule('a'));
    const refusal = await consumeRateLimit(db.kysely, clock, true, rule('a')).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).statusCode).toBe(429);
    expect((refusal as ApiError).errorCode).toBe('TOO_MANY_REQUESTS');
    expect(Number((refusal as ApiError).headers?.['retry-after'])).toBeGreaterThan(0);
    expect(Number((refusal as ApiError).headers?.['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has passed', async () => {
    const { db, clock } = get();
    for (let i = 0; i < 3; i++) await consumeRateLimit(db.kysely, clock, true, rule('b'));
    await expect(consumeRateLimit(db.kysely, clock, true, rule('b'))).rejects.toBeInstanceOf(ApiError);
    clock.advance(61_000);
    await expect(consumeRateLimit(db.kysely, clock, true, rule('b'))).resolves.toBeUndefined();
  });

  it('counts keys apart, forgets a cleared key, and counts nothing when switched off', async () => {
    const { db, clock } = get();
    for (let i = 0; i < 3; i++) await consumeRateLimit(db.kysely, clock, true, rule('c'));
    await expect(consumeRateLimit(db.kysely, clock, true, rule('d'))).resolves.toBeUndefined();
    await clearRateLimit(db.kysely, 'c');
    await expect(consumeRateLimit(db.kysely, clock, true, rule('c'))).resolves.toBeUndefined();
    for (let i = 0; i < 10; i++) await consumeRateLimit(db.kysely, clock, false, rule('e'));
    await expect(consumeRateLimit(db.kysely, clock, true, rule('e'))).resolves.toBeUndefined();
  });

  it('holds across two server processes sharing the database', async () => {
    const { db, clock, config } = get();
    // A second, independent connection pool and app over the same database.
    const second = openDatabase(config.databaseUrl);
    const other = await buildApp({ config, db: second, clock, logger: false });
    try {
      await consumeRateLimit(db.kysely, clock, true, rule('shared'));
      await consumeRateLimit(other.ctx.db.kysely, clock, true, rule('shared'));
      await consumeRateLimit(db.kysely, clock, true, rule('shared'));
      await expect(consumeRateLimit(other.ctx.db.kysely, clock, true, rule('shared'))).rejects.toBeInstanceOf(ApiError);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('counts every one of many simultaneous tries', async () => {
    const { db, clock } = get();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => consumeRateLimit(db.kysely, clock, true, { key: 'burst', limit: 5, windowMs: 60_000 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(15);
  });
});
