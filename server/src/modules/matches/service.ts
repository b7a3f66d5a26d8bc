// The rules of match day: who may see and change a match, its competitors (the event's
// registrations as competidor, plus guests), squads, and scores with their revisions.
import { Division, EventStatus, EventType, Factor, RoleId } from '@club/contract/enums';
import type { Category } from '@club/contract/enums';
import { fullName } from '@club/contract/person';
import { ipscScoreFaults, precisionScoreFaults, scoreBodySchemaFor } from '@club/contract/match';
import type {
  Competitor,
  CompetitorUpdateBody,
  GuestBody,
  Match,
  MatchBody,
  MatchScoring,
  MatchStage,
  MatchSummary,
  Score,
  ScoreRevision,
  SelfSquadBody,
  Squad,
} from '@club/contract/match';
import type { AppContext } from '../../context.ts';
import type { MatchScoresTable, MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { knownCompetitor } from './basis.ts';
import { saveBegins } from './save-first.ts';
import { columnsOf, runOf } from './score-columns.ts';
import type { RunColumns } from './score-columns.ts';
import type { CompetitorRecord } from './basis.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { findMatchEntrant, findMatchEntrants, findMatchEventHeader, findMatchEventHeaders } from '../events/index.ts';
import type { MatchEntrant, MatchEventHeader } from '../events/index.ts';
import { findNamedMember } from '../members/index.ts';
import type { CompetitorRow, MatchRow, ScoreHistoryRow, ScoreRow } from './repository.ts';
import {
  bumpMatchVersion,
  clearSquadsNotIn,
  findCompetitorRow,
  findMatch,
  findMatchWithVersions,
  findRevisionByClientId,
  findScore,
  insertCompetitorRows,
  insertMatch,
  listCompetitorRows,
  listMatchSummaries,
  listScoreHistory,
  listScores,
  lockMatch,
  saveScore,
  saveScoreAtNextVersion,
  saveScoreInOneStatement,
  scoredStages,
  updateCompetitorRow,
  updateMatch,
} from './repository.ts';

/** Who asks: the signed-in member, or null for a visitor. */
export type Asker = { member: Readonly<MemberRow> } | null;

/** Division and factor of a registration that gave none (a competitor needs both). */
export const DEFAULT_DIVISION = Division.produccion;
export const DEFAULT_FACTOR = Factor.minor;

/** Range officers: staff, members with arbitroIpsc, and on a precision match arbitroPrecision too. */
export function isRangeOfficer(member: Readonly<MemberRow> | undefined, scoring: MatchScoring): boolean {
  if (!member) return false;
  return (
    Boolean(member.staff) ||
    Boolean(member.arbitro_ipsc) ||
    (scoring === 'precision' && Boolean(member.arbitro_precision))
  );
}

/** The roles whose registrations are the match's competitors: competidor (and alumno, with which precision shoots register). */
export function entrantRoles(type: EventType): RoleId[] {
  return type === EventType.precisionSocialShoot ? [RoleId.competidor, RoleId.alumno] : [RoleId.competidor];
}

// ---------------------------------------------------------------- events, kept by version

const headers = new WeakMap<
  AppContext,
  Map<string, { version: string; header: MatchEventHeader | undefined }>
>();

/**
 * The event's header, kept in this process while the events version (read with the match, in the
 * same statement) has not moved; read afresh without a version.
 */
export async function eventHeader(
  ctx: AppContext,
  eventId: string,
  eventsVersion: string | null | undefined,
) {
  let cache = headers.get(ctx);
  if (!cache) {
    cache = new Map();
    headers.set(ctx, cache);
  }
  const hit = cache.get(eventId);
  if (eventsVersion && hit && hit.version === eventsVersion) return hit.header;
  const header = await findMatchEventHeader(ctx.db.kysely, eventId);
  if (eventsVersion) {
    if (cache.size >= 200) cache.clear();
    cache.set(eventId, { version: eventsVersion, header });
  }
  return header;
}

/** 404 NOT_FOUND for an unknown event, or a private one asked for by a visitor. */
export function requireVisible(event: MatchEventHeader | undefined, asker: Asker): MatchEventHeader {
  if (!event || (asker === null && event.status !== EventStatus.publico))
    throw new ApiError('NOT_FOUND', 'No such event.');
  return event;
}

/** The match and its event as the asker may see them: NOT_FOUND, then NOT_A_MATCH. */
export async function visibleMatch(
  ctx: AppContext,
  eventId: string,
  asker: Asker,
): Promise<{ event: MatchEventHeader; match: MatchRow & { events_version: string | null } }> {
  const match = await findMatchWithVersions(ctx.db.kysely, eventId);
  const event = requireVisible(await eventHeader(ctx, eventId, match?.events_version), asker);
  if (!match) throw new ApiError('NOT_A_MATCH', 'The event has no match.');
  return { event, match };
}

// ---------------------------------------------------------------- match

export function toMatch(row: MatchRow): Match {
  return {
    eventUuid: row.event_id,
    name: row.name,
    scoring: row.scoring,
    published: Boolean(row.published),
    stages: JSON.parse(row.stages) as MatchStage[],
    squads: JSON.parse(row.squads) as Squad[],
    version: Number(row.version),
  };
}

export async function readMatch(ctx: AppContext, eventId: string, asker: Asker): Promise<Match> {
  return toMatch((await visibleMatch(ctx, eventId, asker)).match);
}

/** Every match the asker may see (public events' for a visitor), newest event first. */
export async function readMatchSummaries(ctx: AppContext, asker: Asker): Promise<MatchSummary[]> {
  const db = ctx.db.kysely;
  const matches = await listMatchSummaries(db);
  const events = new Map((await findMatchEventHeaders(db, matches.map((m) => m.event_id))).map((e) => [e.id, e]));
  return matches
    .flatMap((m) => {
      const event = events.get(m.event_id);
      if (!event || (asker === null && event.status !== EventStatus.publico)) return [];
      return [{ eventUuid: m.event_id, name: m.name, scoring: m.scoring, published: Boolean(m.published), start: event.startAt }];
    })
    .sort((a, b) => b.start.localeCompare(a.start));
}

/** Creates or replaces the match of an event (staff). Stages holding scores stay. */
export async function putMatch(ctx: AppContext, eventId: string, body: MatchBody): Promise<Match> {
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    if (!(await findMatchEventHeader(trx, eventId))) throw new ApiError('NOT_FOUND', 'No such event.');
    const existing = await lockMatch(trx, ctx.db.dialect, eventId);
    const fields = {
      name: body.name,
      scoring: body.scoring,
      published: body.published ? 1 : 0,
      stages: JSON.stringify(body.stages),
      squads: JSON.stringify(body.squads),
    };
    if (!existing) {
      await insertMatch(trx, { event_id: eventId, ...fields, created_at: stamp, updated_at: stamp });
      return;
    }
    const scored = await scoredStages(trx, eventId);
    const kept = new Set(body.stages.map((stage) => stage.number));
    if (scored.some((n) => !kept.has(n)) || (scored.length > 0 && existing.scoring !== body.scoring)) {
      throw new ApiError(
        'STAGE_HAS_SCORES',
        'Stages that hold scores cannot be removed, nor the scoring changed.',
      );
    }
    await updateMatch(trx, eventId, fields, stamp);
    await clearSquadsNotIn(
      trx,
      eventId,
      body.squads.map((squad) => squad.number),
      stamp,
    );
  });
  return toMatch((await findMatch(ctx.db.kysely, eventId))!);
}

// ---------------------------------------------------------------- competitors


function fromEntrant(entrant: MatchEntrant, row: CompetitorRow | undefined): CompetitorRecord {
  return {
    kind: 'registered',
    id: entrant.registrationId,
    personUuid: entrant.memberId,
    nombre: entrant.nombre,
    apellidos: entrant.apellidos,
    fullName: fullName(entrant),
    division: row?.division ?? entrant.division ?? DEFAULT_DIVISION,
    factor: row?.factor ?? entrant.factor ?? DEFAULT_FACTOR,
    category: row?.category ?? entrant.categoria ?? null,
    squad: row?.squad ?? null,
    dq: Boolean(row?.dq),
    dqRule: row?.dq_rule ?? null,
    dqReason: row?.dq_reason ?? null,
    email: entrant.email,
    mobil: entrant.mobil,
    socio: entrant.socio,
  };
}

function fromRow(row: CompetitorRow): CompetitorRecord {
  const names = { nombre: row.nombre ?? '', apellidos: row.apellidos ?? '' };
  return {
    kind: row.kind,
    id: row.id,
    personUuid: row.member_id,
    ...names,
    fullName: fullName(names),
    division: row.division ?? DEFAULT_DIVISION,
    factor: row.factor ?? DEFAULT_FACTOR,
    category: row.category ?? null,
    squad: row.squad ?? null,
    dq: Boolean(row.dq),
    dqRule: row.dq_rule ?? null,
    dqReason: row.dq_reason ?? null,
    email: null,
    mobil: null,
    socio: null,
  };
}

// One collator for every comparison: localeCompare with a locale builds one per call.
const collator = new Intl.Collator('es');

function bySquadAndName(a: CompetitorRecord, b: CompetitorRecord): number {
  const squadA = a.squad ?? Number.MAX_SAFE_INTEGER;
  const squadB = b.squad ?? Number.MAX_SAFE_INTEGER;
  return (
    squadA - squadB || collator.compare(a.fullName, b.fullName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Every competitor of the match: live registrations (with what staff changed) and guests. */
export async function loadCompetitors(db: Executor, event: MatchEventHeader): Promise<CompetitorRecord[]> {
  const entrants = await findMatchEntrants(db, event.id, entrantRoles(event.type));
  const rows = await listCompetitorRows(db, event.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const list = entrants.map((entrant) => fromEntrant(entrant, byId.get(entrant.registrationId)));
  // A 'registered' row whose registration was cancelled is no competitor any more.
  for (const row of rows) if (row.kind !== 'registered') list.push(fromRow(row));
  return list.sort(bySquadAndName);
}

/** The wire view: contact fields only for staff and range officers. */
export function toCompetitor(record: CompetitorRecord, withContact: boolean): Competitor {
  const { kind: _kind, email, mobil, socio, ...rest } = record;
  return withContact ? { ...rest, email, mobil, socio } : rest;
}

export async function readCompetitors(ctx: AppContext, eventId: string, asker: Asker): Promise<Competitor[]> {
  const { event, match } = await visibleMatch(ctx, eventId, asker);
  const withContact = isRangeOfficer(asker?.member, match.scoring);
  return (await loadCompetitors(ctx.db.kysely, event)).map((record) => toCompetitor(record, withContact));
}

function requireSquad(match: MatchRow, squad: number | null | undefined): void {
  if (squad === null || squad === undefined) return;
  const squads = JSON.parse(match.squads) as Squad[];
  if (!squads.some((s) => s.number === squad))
    throw new ApiError('VALIDATION_ERROR', 'No such squad.', { squad: ['enum'] });
}

async function lockedMatchAndEvent(trx: Executor, ctx: AppContext, eventId: string) {
  const event = await findMatchEventHeader(trx, eventId);
  if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
  const match = await lockMatch(trx, ctx.db.dialect, eventId);
  if (!match) throw new ApiError('NOT_A_MATCH', 'The event has no match.');
  return { event, match };
}

/** Adds a guest, or a member who did not register, to the match (staff). */
export async function addCompetitor(ctx: AppContext, eventId: string, body: GuestBody): Promise<Competitor> {
  const stamp = isoOf(ctx.clock.now());
  const id = newId();
  await withWriteTransaction(ctx.db, async (trx) => {
    const { event, match } = await lockedMatchAndEvent(trx, ctx, eventId);
    requireSquad(match, body.squad);
    let names = { nombre: body.nombre, apellidos: body.apellidos };
    if (body.personUuid !== null) {
      const member = await findNamedMember(trx, body.personUuid);
      if (!member) throw new ApiError('NOT_FOUND', 'No such member.');
      const entrant = await findMatchEntrant(trx, eventId, entrantRoles(event.type), { memberId: member.id });
      if (entrant || (await findCompetitorRow(trx, eventId, { memberId: member.id }))) {
        throw new ApiError('ALREADY_REGISTERED', 'That member already competes in this match.');
      }
      names = { nombre: member.nombre, apellidos: member.apellidos };
    }
    await insertCompetitorRows(trx, [
      {
        id,
        event_id: eventId,
        member_id: body.personUuid,
        kind: body.personUuid === null ? 'guest' : 'member',
        ...names,
        division: body.division,
        factor: body.factor,
        category: body.category,
        squad: body.squad,
        dq: 0,
        dq_rule: null,
        dq_reason: null,
        created_at: stamp,
        updated_at: stamp,
      },
    ]);
    await bumpMatchVersion(trx, eventId, stamp, true);
  });
  const row = await findCompetitorRow(ctx.db.kysely, eventId, { id });
  return toCompetitor(fromRow(row!), true);
}

/** The competitor's own row, made for a registered competitor the first time something of it changes. */
async function ensureRow(
  trx: Executor,
  event: MatchEventHeader,
  id: string,
  stamp: string,
): Promise<CompetitorRow> {
  const row = await findCompetitorRow(trx, event.id, { id });
  const entrant = await findMatchEntrant(trx, event.id, entrantRoles(event.type), { registrationId: id });
  if (row && (row.kind !== 'registered' || entrant)) return row;
  if (!entrant) throw new ApiError('NOT_FOUND', 'No such competitor.');
  const fresh = {
    id,
    event_id: event.id,
    member_id: entrant.memberId,
    kind: 'registered' as const,
    nombre: null,
    apellidos: null,
    division: null,
    factor: null,
    category: null,
    squad: null,
    dq: 0,
    dq_rule: null,
    dq_reason: null,
    created_at: stamp,
    updated_at: stamp,
  };
  await insertCompetitorRows(trx, [fresh]);
  return fresh;
}

async function competitorById(db: Executor, event: MatchEventHeader, id: string): Promise<CompetitorRecord> {
  const record = (await loadCompetitors(db, event)).find((c) => c.id === id);
  if (!record) throw new ApiError('NOT_FOUND', 'No such competitor.');
  return record;
}

/** Changes a competitor's division, factor, category, squad or disqualification (staff). */
export async function updateCompetitor(
  ctx: AppContext,
  eventId: string,
  id: string,
  body: CompetitorUpdateBody,
): Promise<Competitor> {
  const stamp = isoOf(ctx.clock.now());
  const event = await withWriteTransaction(ctx.db, async (trx) => {
    const { event, match } = await lockedMatchAndEvent(trx, ctx, eventId);
    requireSquad(match, body.squad);
    const row = await ensureRow(trx, event, id, stamp);
    const changes: Parameters<typeof updateCompetitorRow>[3] = { updated_at: stamp };
    if (body.division !== undefined) changes.division = body.division;
    if (body.factor !== undefined) changes.factor = body.factor;
    if (body.category !== undefined) changes.category = body.category as Category | null;
    if (body.squad !== undefined) changes.squad = body.squad;
    if (body.dq === false) Object.assign(changes, { dq: 0, dq_rule: null, dq_reason: null });
    else if (body.dq === true)
      Object.assign(changes, { dq: 1, dq_rule: body.dqRule ?? null, dq_reason: body.dqReason });
    else if (row.dq) {
      if (body.dqRule !== undefined) changes.dq_rule = body.dqRule;
      if (body.dqReason) changes.dq_reason = body.dqReason;
    }
    await updateCompetitorRow(trx, eventId, id, changes);
    await bumpMatchVersion(trx, eventId, stamp, true);
    return event;
  });
  return toCompetitor(await competitorById(ctx.db.kysely, event, id), true);
}

/** A registered competitor puts themself in a squad with room (or out of every squad). */
export async function chooseSquad(
  ctx: AppContext,
  eventId: string,
  member: Readonly<MemberRow>,
  body: SelfSquadBody,
): Promise<Competitor> {
  const stamp = isoOf(ctx.clock.now());
  const { event, id } = await withWriteTransaction(ctx.db, async (trx) => {
    const { event, match } = await lockedMatchAndEvent(trx, ctx, eventId);
    if (event.soloLectura || match.published) throw new ApiError('EVENT_LOCKED', 'The match is locked.');
    const competitors = await loadCompetitors(trx, event);
    const mine = competitors.find((c) => c.personUuid === member.id);
    if (!mine) throw new ApiError('NOT_REGISTERED', 'You do not compete in this match.');
    if (body.squad !== null) {
      requireSquad(match, body.squad);
      const squad = (JSON.parse(match.squads) as Squad[]).find((s) => s.number === body.squad)!;
      const taken = competitors.filter((c) => c.squad === body.squad && c.id !== mine.id).length;
      if (squad.capacity !== null && taken >= squad.capacity)
        throw new ApiError('EVENT_FULL', 'The squad is full.');
    }
    await ensureRow(trx, event, mine.id, stamp);
    await updateCompetitorRow(trx, eventId, mine.id, { squad: body.squad, updated_at: stamp });
    await bumpMatchVersion(trx, eventId, stamp, true);
    return { event, id: mine.id };
  });
  return toCompetitor(await competitorById(ctx.db.kysely, event, id), false);
}

// ---------------------------------------------------------------- scores

/** A held score or a kept revision as the wire's Score. */
export function toScore(row: ScoreRow, scoring: MatchScoring): Score {
  return {
    stage: Number(row.stage),
    competitorId: row.competitor_id,
    clientId: row.client_id,
    basedOn: row.based_on === null ? null : Number(row.based_on),
    revision: Number(row.revision),
    scoredBy: row.scored_by_name,
    scoredAt: row.scored_at,
    ...runOf(scoring, row),
  };
}

function sameValues(row: ScoreRow, values: RunColumns): boolean {
  return (Object.keys(values) as (keyof RunColumns)[]).every((key) =>
    key === 'series' ? (row.series ?? null) === values.series : Number(row[key]) === Number(values[key]),
  );
}

export type SaveOutcome = { saved: Score } | { conflict: { mine: Record<string, unknown>; theirs: Score } };

/**
 * Saves a range officer's score. The same clientId again answers the score held (one score);
 * a save based on an older revision than the one held is a conflict with both versions, unless
 * it holds the same values; every saved revision is kept with who and when.
 */
export async function saveRangeScore(...args: Parameters<typeof saveScoreOf>): Promise<SaveOutcome> {
  // Under way until answered, whatever the answer: results computations wait for it (decision 0069).
  const done = saveBegins(args[0]);
  try {
    return await saveScoreOf(...args);
  } finally {
    done();
  }
}

async function saveScoreOf(
  ctx: AppContext,
  eventId: string,
  stageNumber: number,
  competitorId: string,
  rawBody: unknown,
  member: Readonly<MemberRow>,
): Promise<SaveOutcome> {
  const { event, match } = await visibleMatch(ctx, eventId, { member });
  if (!isRangeOfficer(member, match.scoring))
    throw new ApiError('NOT_A_RANGE_OFFICER', 'Only range officers score.');
  const body = scoreBodySchemaFor(match.scoring).parse(rawBody);
  const stage = (JSON.parse(match.stages) as MatchStage[]).find((s) => s.number === stageNumber);
  if (!stage) throw new ApiError('NOT_FOUND', 'No such stage.');
  const faults = 'series' in body ? precisionScoreFaults(stage, body) : ipscScoreFaults(stage, body);
  if (Object.keys(faults).length > 0) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The score does not fit the stage.',
      Object.fromEntries(Object.entries(faults).map(([k, v]) => [k, [v]])),
    );
  }
  const values = columnsOf(body);
  const now = isoOf(ctx.clock.now());
  const scoring = match.scoring;
  const written = {
    event_id: eventId,
    stage: stageNumber,
    competitor_id: competitorId,
    client_id: body.clientId,
    based_on: body.basedOn,
    ...values,
    scored_by: member.id,
    scored_by_name: fullName(member),
    scored_at: now,
    source: 'range' as const,
  };
  // Two saves of one run race only on PostgreSQL (SQLite takes the write lock first): the loser
  // of a unique index (the same clientId, or a first save of the run) or of a deadlock with an
  // import tries again, in a transaction that looks the clientId up first, and then finds the
  // winner's score.
  for (let attempt = 1; ; attempt++) {
    try {
      return attempt === 1 && ctx.db.dialect === 'postgres' ? await saveInOneStatement() : await saveInTransaction();
    } catch (error) {
      if (attempt >= 3 || !(isUniqueViolation(error) || (error as { code?: unknown }).code === '40P01'))
        throw error;
    }
  }

  /** The score held of the run a clientId sent before was saved to, if it was. */
  async function resent(db: Executor): Promise<SaveOutcome | undefined> {
    const prior = await findRevisionByClientId(db, eventId, body.clientId);
    if (!prior) return undefined;
    const held = await findScore(db, eventId, prior.stage, prior.competitor_id);
    return { saved: toScore(held ?? prior, scoring) };
  }

  /** Whether the competitor is one of the match's (the competitors kept for results answer when current, decision 0037). */
  async function isCompetitor(db: Executor): Promise<boolean> {
    const known = knownCompetitor(ctx, match, match.events_version, competitorId);
    if (known !== undefined) return known;
    const row = await findCompetitorRow(db, eventId, { id: competitorId });
    return Boolean(
      (row && row.kind !== 'registered') ||
        (await findMatchEntrant(db, eventId, entrantRoles(event.type), { registrationId: competitorId })),
    );
  }

  /** A save based on another revision than the one held: the held one if it has the same values, else a conflict. */
  function refused(held: ScoreRow): SaveOutcome {
    if (sameValues(held, values)) return { saved: toScore(held, scoring) };
    return { conflict: { mine: { stage: stageNumber, competitorId, ...body }, theirs: toScore(held, scoring) } };
  }

  /**
   * PostgreSQL's first attempt, where each statement is a round trip and the match's row orders
   * the versions of every save: one statement that commits by itself. It does not look the
   * clientId up first: a clientId sent before either left the held revision behind the copy it
   * was based on (looked up then) or meets the history's unique index, and the next attempt
   * answers it.
   */
  async function saveInOneStatement(): Promise<SaveOutcome> {
    const db = ctx.db.kysely;
    if (!(await isCompetitor(db))) {
      const answered = await resent(db);
      if (answered) return answered;
      throw new ApiError('NOT_FOUND', 'No such competitor.');
    }
    const outcome = await saveScoreInOneStatement(db, written, newId(), now);
    if ('saved' in outcome) return { saved: toScore(outcome.saved, scoring) };
    return (await resent(db)) ?? refused(outcome.held);
  }

  function saveInTransaction(): Promise<SaveOutcome> {
    return withWriteTransaction(ctx.db, async (trx): Promise<SaveOutcome> => {
      const answered = await resent(trx);
      if (answered) return answered;
      if (!(await isCompetitor(trx))) throw new ApiError('NOT_FOUND', 'No such competitor.');
      // The run's row is locked (PostgreSQL) until the commit: a second save of it waits here and
      // then reads this one's revision. Saves of other runs go on meanwhile.
      const held = await findScore(trx, eventId, stageNumber, competitorId, ctx.db.dialect === 'postgres');
      if (held && body.basedOn !== Number(held.revision)) return refused(held);
      const row = { ...written, revision: (held ? Number(held.revision) : 0) + 1 };
      // Moving the version locks the match's row to the commit: versions are given in commit order.
      let saved: MatchScoresTable;
      if (ctx.db.dialect === 'postgres') {
        saved = { ...row, saved_version: await saveScoreAtNextVersion(trx, row, newId(), !held, now) };
      } else {
        saved = { ...row, saved_version: await bumpMatchVersion(trx, eventId, now, false) };
        await saveScore(trx, saved, newId(), !held);
      }
      return { saved: toScore(saved, scoring) };
    });
  }
}

/** The scores held, with revisions and who scored them (range officers). */
function requireScoreReader(member: Readonly<MemberRow>, scoring: MatchScoring): void {
  if (!isRangeOfficer(member, scoring)) throw new ApiError('NOT_A_RANGE_OFFICER', 'Only range officers read scores.');
}

export async function readScores(
  ctx: AppContext,
  eventId: string,
  stage: number | undefined,
  member: Readonly<MemberRow>,
): Promise<Score[]> {
  const { match } = await visibleMatch(ctx, eventId, { member });
  requireScoreReader(member, match.scoring);
  return (await listScores(ctx.db.kysely, eventId, stage)).map((row) => toScore(row, match.scoring));
}

/**
 * What the scoring screen shows, for a range officer, with the match looked up once: the match,
 * every competitor (with contact details, as officers read them), and a reader of the scores of
 * the competitors chosen (the server's drawing of the screen shows one squad, decision 0068).
 */
export async function readForScoring(ctx: AppContext, eventId: string, member: Readonly<MemberRow>) {
  const { event, match } = await visibleMatch(ctx, eventId, { member });
  requireScoreReader(member, match.scoring);
  const competitors = (await loadCompetitors(ctx.db.kysely, event)).map((record) => toCompetitor(record, true));
  const scoresOf = async (competitorIds: readonly string[]): Promise<Score[]> =>
    (await listScores(ctx.db.kysely, eventId, undefined, competitorIds)).map((row) => toScore(row, match.scoring));
  return { match: toMatch(match), competitors, scoresOf };
}

/** Every kept revision of the scores, oldest first per score (staff). */
export async function readScoreHistory(
  ctx: AppContext,
  eventId: string,
  filter: { stage?: number; competitorId?: string },
): Promise<ScoreRevision[]> {
  const match = await findMatch(ctx.db.kysely, eventId);
  if (!match) {
    if (!(await findMatchEventHeader(ctx.db.kysely, eventId)))
      throw new ApiError('NOT_FOUND', 'No such event.');
    throw new ApiError('NOT_A_MATCH', 'The event has no match.');
  }
  return (await listScoreHistory(ctx.db.kysely, eventId, filter)).map((row: ScoreHistoryRow) => ({
    ...toScore(row, match.scoring),
    source: row.source,
  }));
}
