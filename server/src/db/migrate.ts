import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import * as initial from './migrations/0001-initial.ts';
import * as eventsVersion from './migrations/0002-events-version.ts';
import * as membersVersion from './migrations/0003-members-version.ts';
import * as trust from './migrations/0004-trust.ts';
import * as libraryTraining from './migrations/0005-library-training.ts';
import * as searchIndexes from './migrations/0006-search-indexes.ts';
import * as durableJobsWaitlist from './migrations/0007-durable-jobs-waitlist.ts';
import * as seriesArchive from './migrations/0008-series-archive.ts';
import * as sessionsVersion from './migrations/0009-sessions-version.ts';
import * as searchOrder from './migrations/0010-search-order.ts';
import * as searchPages from './migrations/0011-search-pages.ts';
import * as feedTokenHash from './migrations/0013-feed-token-hash.ts';
import * as calendarMailWorkers from './migrations/0014-calendar-mail-workers.ts';
import * as matches from './migrations/0016-matches.ts';
import * as paymentsMembership from './migrations/0017-payments-membership.ts';
import * as trainingRepsCount from './migrations/0019-training-reps-count.ts';
import * as targetDimensions from './migrations/0023-target-dimensions.ts';
import * as clubContent from './migrations/0024-club-content.ts';
import * as contentStaffIds from './migrations/0025-content-staff-ids.ts';

// Every migration, in order: a new one is imported above and added at the end.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-events-version': eventsVersion,
  '0003-members-version': membersVersion,
  '0004-trust': trust,
  '0005-library-training': libraryTraining,
  '0006-search-indexes': searchIndexes,
  '0007-durable-jobs-waitlist': durableJobsWaitlist,
  '0008-series-archive': seriesArchive,
  '0009-sessions-version': sessionsVersion,
  '0010-search-order': searchOrder,
  '0011-search-pages': searchPages,
  '0013-feed-token-hash': feedTokenHash,
  '0014-calendar-mail-workers': calendarMailWorkers,
  '0016-matches': matches,
  '0017-payments-membership': paymentsMembership,
  '0019-training-reps-count': trainingRepsCount,
  '0023-target-dimensions': targetDimensions,
  '0024-club-content': clubContent,
  '0025-content-staff-ids': contentStaffIds,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest(kysely: Kysely<Database>): Promise<string[]> {
  // On PostgreSQL the migrator's own tables go in the connection's schema explicitly: its
  // existence check looks across schemas and would be fooled by another schema's tables.
  const schema = await sql<{ schema: string }>`select current_schema() as schema`
    .execute(kysely)
    .then((r) => r.rows[0]?.schema)
    .catch(() => undefined);
  const migrator = new Migrator({ db: kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
