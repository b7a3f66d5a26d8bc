import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { openDatabase, migrateToLatest } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import type { Mailer } from '../../src/mail/mailer.ts';

export type Dialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  now?: Date;
  /** Adds routes (test-only probes) before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

/**
 * A fresh database of the dialect: a new SQLite file, or a new PostgreSQL schema. Empty, or with
 * `migrated`, a copy of the one the run migrated once (test/support/global-setup.ts).
 */
export async function createTestDatabase(
  dialect: Dialect,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
    const file = path.join(dir, 'club.db');
    if (migrated) fs.copyFileSync(inject('sqliteTemplate'), file);
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('postgresTemplate') : '';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    if (template !== '') await admin.query(template.replaceAll('__SCHEMA__', schema));
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // The schema stays until the run ends (test/support/global-setup.ts drops them all): a drop
  // while another file migrates would break that file's catalog scan.
  return { url: url.toString(), drop: async () => undefined };
}

/** Builds the app over a fresh, migrated database with a settable clock and no web build. */
export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect, { migrated: true });
  const config = loadConfig({
    DATABASE_URL: database.url,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://club.test',
    // Calendar addresses are derived with this key; no key file is written by the tests.
    FEED_KEY: `test-feed-key-${randomBytes(16).toString('hex')}`,
    MAIL_OUTBOX: path.join(os.tmpdir(), `club-outbox-${randomBytes(4).toString('hex')}`),
    ...options.env,
  });
  const db = openDatabase(config.databaseUrl);
  // A copy of a migrated database: this finds nothing left to run (and would run what a stale copy lacks).
  await migrateToLatest(db.kysely);
  const clock = new ManualClock(options.now ?? new Date());
  const app = await buildApp({ config, db, clock, mailer: options.mailer, logger: false });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    dialect,
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

/** Runs a describe block once per test database, with one app for the whole block. */
export function describeEachDatabase(title: string, body: (get: () => TestApp) => void, options?: TestAppOptions): void {
  describe.each(TEST_DIALECTS)(`${title} [%s]`, (dialect) => {
    let current: TestApp | undefined;
    beforeAll(async () => {
      current = await createTestApp(dialect, options);
    });
    afterAll(async () => {
      await current?.close();
    });
    body(() => {
      if (!current) throw new Error('test app not ready');
      return current;
    });
  });
}

const XSRF = 'test-xsrf-0123456789abcdef0123456789abcdef';

/** Calls the app the way the web client does: XSRF cookie and header, optional token. */
export function apiClient(app: FastifyInstance) {
  const headersFor = (token?: string, unsafe = false): Record<string, string> => ({
    ...(token ? { authorization: `Token ${token}` } : {}),
    ...(unsafe ? { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } : {}),
  });
  const send = (method: InjectOptions['method'], url: string, body?: unknown, token?: string) =>
    app.inject({
      method,
      url,
      headers: headersFor(token, true),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url: string, token?: string): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'GET', url, headers: headersFor(token) }),
    post: (url: string, body?: unknown, token?: string) => send('POST', url, body, token),
    put: (url: string, body?: unknown, token?: string) => send('PUT', url, body, token),
    delete: (url: string, body?: unknown, token?: string) => send('DELETE', url, body, token),
  };
}
