// Queries of the matches module's own tables (migration 0016): matches, match_competitors,
// match_scores and match_score_history.
import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type {
  MatchCompetitorsTable,
  MatchesTable,
  MatchScoreHistoryTable,
  MatchScoresTable,
} from '../../db/schema.ts';
import type { DialectName } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';

export type MatchRow = Selectable<MatchesTable>;
export type CompetitorRow = Selectable<MatchCompetitorsTable>;
export type ScoreRow = Selectable<MatchScoresTable>;
export type ScoreHistoryRow = Selectable<MatchScoreHistoryTable>;

/** The match with the database's events version, read in one statement (so at one moment). */
export async function findMatchWithVersions(
  db: Executor,
  eventId: string,
): Promise<(MatchRow & { events_version: string | null }) | undefined> {
  return db
    .selectFrom('matches')
    .selectAll('matches')
    .select((eb) =>
      eb.selectFrom('settings').select('value').where('key', '=', 'events_version').as('events_version'),
    )
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export function findMatch(db: Executor, eventId: string): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** Reads the match inside a write transaction, locking its row on PostgreSQL. */
export function lockMatch(trx: Executor, dialect: DialectName, eventId: string): Promise<MatchRow | undefined> {
  const query = trx.selectFrom('matches').selectAll().where('event_id', '=', eventId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Every match's summary fields. */
export function listMatchSummaries(db: Executor) {
  return db.selectFrom('matches').select(['event_id', 'name', 'scoring', 'published']).execute();
}

export function listPublishedMatches(db: Executor): Promise<MatchRow[]> {
  return db.selectFrom('matches').selectAll().where('published', '=', 1).execute();
}

export async function insertMatch(db: Executor, row: Insertable<MatchesTable>): Promise<void> {
  await db.insertInto('matches').values(row).execute();
}

/**
 * Changes the match and moves its version (and with `roster`, the competitors' version too);
 * answers the new version. On PostgreSQL the update also locks the row until the commit.
 */
export async function updateMatch(
  db: Executor,
  eventId: string,
  changes: Partial<Pick<MatchesTable, 'name' | 'scoring' | 'published' | 'stages' | 'squads'>>,
  stamp: string,
  roster = true,
): Promise<number> {
  const row = await db
    .updateTable('matches')
    .set((eb) => ({
      ...changes,
      updated_at: stamp,
      version: eb('version', '+', 1),
      ...(roster ? { roster_version: eb('roster_version', '+', 1) } : {}),
    }))
    .where('event_id', '=', eventId)
    .returning('version')
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Moves the match's version: every change of its competitors (`roster`) or scores calls this. */
export function bumpMatchVersion(db: Executor, eventId: string, stamp: string, roster: boolean): Promise<number> {
  return updateMatch(db, eventId, {}, stamp, roster);
}

export function listCompetitorRows(db: Executor, eventId: string): Promise<CompetitorRow[]> {
  return db.selectFrom('match_competitors').selectAll().where('event_id', '=', eventId).execute();
}

/** One competitor of a match, by its own id or by the member it is. */
export function findCompetitorRow(
  db: Executor,
  eventId: string,
  key: { id: string } | { memberId: string },
): Promise<CompetitorRow | undefined> {
  const query = db.selectFrom('match_competitors').selectAll().where('event_id', '=', eventId);
  return ('id' in key ? query.where('id', '=', key.id) : query.where('member_id', '=', key.memberId)).executeTakeFirst();
}

/** Every match entry of a member, with its match's name, oldest first (the member's export). */
export function listEntriesOfMember(db: Executor, memberId: string) {
  return db
    .selectFrom('match_competitors')
    .innerJoin('matches', 'matches.event_id', 'match_competitors.event_id')
    .selectAll('match_competitors')
    .select('matches.name as match_name')
    .where('match_competitors.member_id', '=', memberId)
    .orderBy('match_competitors.created_at')
    .orderBy('match_competitors.id')
    .execute();
}

export async function insertCompetitorRows(db: Executor, rows: Insertable<MatchCompetitorsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('match_competitors').values(rows.slice(i, i + 200)).execute();
  }
}

export async function updateCompetitorRow(
  db: Executor,
  eventId: string,
  id: string,
  changes: Partial<Omit<MatchCompetitorsTable, 'id' | 'event_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('match_competitors').set(changes).where('event_id', '=', eventId).where('id', '=', id).execute();
}

/** Takes competitors out of squads that no longer exist. */
export async function clearSquadsNotIn(db: Executor, eventId: string, squads: number[], stamp: string): Promise<void> {
  let query = db
    .updateTable('match_competitors')
    .set({ squad: null, updated_at: stamp })
    .where('event_id', '=', eventId)
    .where('squad', 'is not', null);
  if (squads.length > 0) query = query.where('squad', 'not in', squads);
  await query.execute();
}

export function listScores(db: Executor, eventId: string, stage?: number, competitorIds?: readonly string[]): Promise<ScoreRow[]> {
  let query = db.selectFrom('match_scores').selectAll().where('event_id', '=', eventId);
  if (stage !== undefined) query = query.where('stage', '=', stage);
  if (competitorIds !== undefined) {
    if (competitorIds.length === 0) return Promise.resolve([]);
    query = query.where('competitor_id', 'in', competitorIds);
  }
  return query.orderBy('stage').orderBy('competitor_id').execute();
}

/** The values of the scores saved after `sinceVersion` (all: 0), and nothing else: what results read. */
export function listScoreValues(db: Executor, eventId: string, sinceVersion: number) {
  let query = db
    .selectFrom('match_scores')
    .select(['stage', 'competitor_id', 'a', 'c', 'd', 'm', 'ns', 'procedurals', 'time_cs', 'dnf', 'series', 'x', 'saved_version'])
    .where('event_id', '=', eventId);
  if (sinceVersion > 0) query = query.where('saved_version', '>', sinceVersion);
  return query.execute();
}

/** The score held of one run; `lock` locks its row to the commit (PostgreSQL). */
export function findScore(
  db: Executor,
  eventId: string,
  stage: number,
  competitorId: string,
  lock = false,
): Promise<ScoreRow | undefined> {
  const query = db
    .selectFrom('match_scores')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('stage', '=', stage)
    .where('competitor_id', '=', competitorId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Stage numbers that hold at least one score. */
export async function scoredStages(db: Executor, eventId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('match_scores')
    .select('stage')
    .distinct()
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((row) => Number(row.stage));
}

/** The revision that carried a clientId, if that device's score was saved before. */
export function findRevisionByClientId(
  db: Executor,
  eventId: string,
  clientId: string,
): Promise<ScoreHistoryRow | undefined> {
  return db
    .selectFrom('match_score_history')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Writes a score as the one held now and as a kept revision. */
export async function saveScore(db: Executor, row: MatchScoresTable, historyId: string, isNew: boolean): Promise<void> {
  await db.insertInto('match_score_history').values({ ...row, id: historyId }).execute();
  if (isNew) await db.insertInto('match_scores').values(row).execute();
  else await replaceHeldScore(db, row);
}

/**
 * Moves the match's version and writes the score with it as a kept revision and as the one held,
 * in one statement (data-modifying CTEs, PostgreSQL only); answers the version. The match's row,
 * which orders versions by commit, stays locked for this statement and the commit only, not for
 * three round trips.
 */
export async function saveScoreAtNextVersion(
  db: Executor,
  row: Omit<MatchScoresTable, 'saved_version'>,
  historyId: string,
  isNew: boolean,
  stamp: string,
): Promise<number> {
  const { event_id, stage, competitor_id, ...changes } = row;
  // The new version, read from the first CTE (a subquery built from `versioned` would repeat
  // its WITH clauses inside itself).
  const version = sql<number>`(select version from v)`;
  const versioned = db
    .with('v', (qb) =>
      qb
        .updateTable('matches')
        .set((eb) => ({ updated_at: stamp, version: eb('version', '+', 1) }))
        .where('event_id', '=', event_id)
        .returning('version'),
    )
    .with('h', (qb) =>
      qb
        .insertInto('match_score_history')
        .values({ ...row, id: historyId, saved_version: version })
        .returning('id'),
    );
  const saved = isNew
    ? await versioned
        .insertInto('match_scores')
        .values({ ...row, saved_version: version })
        .returning('saved_version')
        .executeTakeFirstOrThrow()
    : await versioned
        .updateTable('match_scores')
        .set({ ...changes, saved_version: version })
        .where('event_id', '=', event_id)
        .where('stage', '=', stage)
        .where('competitor_id', '=', competitor_id)
        .returning('saved_version')
        .executeTakeFirstOrThrow();
  return Number(saved.saved_version);
}

/** Puts `row` in the place of the score held of its run. */
async function replaceHeldScore(db: Executor, row: MatchScoresTable): Promise<void> {
  const { event_id, stage, competitor_id, ...changes } = row;
  await db
    .updateTable('match_scores')
    .set(changes)
    .where('event_id', '=', event_id)
    .where('stage', '=', stage)
    .where('competitor_id', '=', competitor_id)
    .execute();
}

/** What a save in one statement did: wrote the score, or found a held one of another revision. */
export type OneStatementSave = { saved: MatchScoresTable } | { held: ScoreRow };

/**
 * Saves a range officer's score in one statement that commits by itself (PostgreSQL only, data-
 * modifying CTEs): locks the run's held score and, unless it holds a revision other than
 * `based_on`, moves the match's version and writes the score as a kept revision and as the one
 * held. Answers the written row, or the held one that stopped it. The match's row, which orders
 * versions by commit, is locked inside the database only, never across a round trip to the server.
 * A first save of a run that meets another's meets the unique index (the caller tries again).
 */
export async function saveScoreInOneStatement(
  db: Executor,
  row: Omit<MatchScoresTable, 'revision' | 'saved_version'>,
  historyId: string,
  stamp: string,
): Promise<OneStatementSave> {
  const { event_id, stage, competitor_id } = row;
  const columns = Object.keys(row) as (keyof typeof row)[];
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const values = sql.join(columns.map((column) => sql.val(row[column])));
  const sets = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${row[column]}`));
  const result = await sql<ScoreRow & { written_revision: number | null; written_version: number | null }>`
    with held as (
      select * from match_scores
      where event_id = ${event_id} and stage = ${stage} and competitor_id = ${competitor_id}
      for update
    ), go as (
      select coalesce((select revision from held), 0) + 1 as revision
      where not exists (select 1 from held where revision is distinct from ${row.based_on})
    ), v as (
      update matches set version = version + 1, updated_at = ${stamp}
      where event_id = ${event_id} and exists (select 1 from go)
      returning version
    ), h as (
      insert into match_score_history (${names}, id, revision, saved_version)
      select ${values}, ${historyId}, go.revision, v.version from go, v
    ), ins as (
      insert into match_scores (${names}, revision, saved_version)
      select ${values}, go.revision, v.version from go, v
      where not exists (select 1 from held)
      returning revision, saved_version
    ), upd as (
      update match_scores set ${sets}, revision = go.revision, saved_version = v.version
      from go, v
      where match_scores.event_id = ${event_id} and match_scores.stage = ${stage}
        and match_scores.competitor_id = ${competitor_id} and exists (select 1 from held)
      returning match_scores.revision, match_scores.saved_version
    )
    select w.revision as written_revision, w.saved_version as written_version, held.*
    from (select * from ins union all select * from upd) w full join held on true
  `.execute(db);
  const answer = result.rows[0];
  if (!answer) throw new Error('saving a score answered no row');
  const { written_revision, written_version, ...held } = answer;
  if (written_version === null) return { held };
  return { saved: { ...row, revision: Number(written_revision), saved_version: Number(written_version) } };
}

/** Many scores at once (an import): each row is new or replaces the one held. */
export async function saveScoresInBulk(
  db: Executor,
  rows: MatchScoresTable[],
  historyIds: string[],
  replaced: Set<string>,
): Promise<void> {
  const key = (row: MatchScoresTable) => `${row.stage}:${row.competitor_id}`;
  const fresh = rows.filter((row) => !replaced.has(key(row)));
  const old = rows.filter((row) => replaced.has(key(row)));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('match_score_history')
      .values(rows.slice(i, i + 200).map((row, j) => ({ ...row, id: historyIds[i + j]! })))
      .execute();
  }
  for (let i = 0; i < fresh.length; i += 200) {
    await db.insertInto('match_scores').values(fresh.slice(i, i + 200)).execute();
  }
  for (const row of old) await replaceHeldScore(db, row);
}

export function listScoreHistory(
  db: Executor,
  eventId: string,
  filter: { stage?: number; competitorId?: string },
): Promise<ScoreHistoryRow[]> {
  let query = db.selectFrom('match_score_history').selectAll().where('event_id', '=', eventId);
  if (filter.stage !== undefined) query = query.where('stage', '=', filter.stage);
  if (filter.competitorId !== undefined) query = query.where('competitor_id', '=', filter.competitorId);
  return query.orderBy('stage').orderBy('competitor_id').orderBy('revision').execute();
}
