import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';

// Before any server test runs: one database of each kind is migrated, and every test app starts
// from a copy of it (test/support/test-app.ts) instead of running every migration again, which
// took one to three seconds an app on a busy machine, a few hundred times a run. Files that test
// the migrations themselves start from an empty database (`createTestDatabase`).

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy. */
    sqliteTemplate: string;
    /** The SQL that makes a migrated PostgreSQL schema, its name written as `__SCHEMA__`; '' when not made. */
    postgresTemplate: string;
    /** A folder beside server/dist holding the server and the CLI bundled from the source under test. */
    serverBundle: string;
  }
}

/** Folders made by the setups, removed at teardown (each project that uses this file runs it). */
const madeDirs: string[] = [];
const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The server and CLI bundled as `npm run build` bundles them, from the source as it is now, for
 * the tests that run them as processes: a process started from the TypeScript source through tsx
 * spent three to four seconds of processor transforming it, a bundle starts in under one. The
 * folder sits beside dist/ so that the paths the server works out from its own place hold.
 */
function serverBundle(): string {
  const dir = fs.mkdtempSync(path.join(serverRoot, '.test-dist-'));
  madeDirs.push(dir);
  execFileSync(process.execPath, ['build.mjs', dir], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  return dir;
}

// Each PostgreSQL test file works in a schema of its own. Schemas are dropped here, once no
// test runs: dropping one while another file migrates breaks the migrator's catalog scan,
// which looks across every schema.
async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname ~ '^t_[0-9a-f]{12}$'",
    );
    for (const { name } of rows) await client.query(`drop schema if exists ${name} cascade`);
  } finally {
    await client.end();
  }
}

async function sqliteTemplate(templateDir: string): Promise<string> {
  const file = path.join(templateDir, 'club.db');
  const db = openDatabase(`sqlite:${file}`);
  await migrateToLatest(db.kysely);
  // Closing the last connection folds the write-ahead log into the file: the file alone is whole.
  await db.close();
  return file;
}

/** pg_dump of a freshly migrated schema, tables, indexes and the rows migrations insert. */
async function postgresTemplate(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  const db = openDatabase(withPath.toString());
  await migrateToLatest(db.kysely);
  await db.close();
  let dump: string;
  try {
    dump = execFileSync(
      'pg_dump',
      ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', '--dbname', url],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch {
    // No pg_dump of the server's version here: every app migrates its own schema.
    return '';
  }
  return dump
    .split('\n')
    .filter((line) => !line.startsWith('\\') && line.trim() !== `CREATE SCHEMA ${schema};`)
    .join('\n')
    .replaceAll(schema, '__SCHEMA__');
}

export async function setup(project: TestProject): Promise<void> {
  await dropTestSchemas();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-template-'));
  madeDirs.push(templateDir);
  project.provide('serverBundle', serverBundle());
  project.provide('sqliteTemplate', await sqliteTemplate(templateDir));
  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', url ? await postgresTemplate(url) : '');
}

export async function teardown(): Promise<void> {
  await dropTestSchemas();
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
