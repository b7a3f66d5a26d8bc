// Importing a PractiScore results export into an event's match, in one transaction: stages,
// competitors (matched to the match's competitors, then to members by exact name, else
// guests) and scores (each a new revision, kept with the others).
import { fullName } from '@club/contract/person';
import { normalizeStage } from '@club/contract/match';
import type { Division } from '@club/contract/enums';
import type { Match, MatchStage } from '@club/contract/match';
import type { AppContext } from '../../context.ts';
import type { MatchCompetitorsTable, MatchScoresTable, MemberRow } from '../../db/schema.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { findMatchEventHeader } from '../events/index.ts';
import type { MatchEventHeader } from '../events/index.ts';
import { findMembersByNombres } from '../members/index.ts';
import { ImportError, parseDivisionMap, parsePractiScore } from './practiscore.ts';
import type { ImportedMatch } from './practiscore.ts';
import {
  findMatch,
  insertCompetitorRows,
  insertMatch,
  listCompetitorRows,
  listScores,
  lockMatch,
  saveScoresInBulk,
  updateCompetitorRow,
  updateMatch,
} from './repository.ts';
import type { MatchRow } from './repository.ts';
import { loadCompetitors, toMatch } from './service.ts';
import { columnsOf } from './score-columns.ts';

/** Who saved an imported score, as the scores' history shows it. */
export const IMPORT_SCORER = 'PractiScore import';

/** Imports the export into the event's match (creating the match when there is none). */
export async function importPractiScore(
  ctx: AppContext,
  eventId: string,
  text: string,
  divisions: string | undefined,
  staff: Readonly<MemberRow>,
): Promise<Match> {
  const map = parseDivisionMap(divisions);
  if (typeof map === 'string') {
    throw new ApiError('VALIDATION_ERROR', `The division mapping "${map}" is not name:number.`, { divisions: ['pattern'] });
  }
  let parsed;
  try {
    parsed = parsePractiScore(text, map);
  } catch (error) {
    if (error instanceof ImportError) throw new ApiError('BAD_IMPORT', error.message);
    throw error;
  }
  const stamp = isoOf(ctx.clock.now());
  await withWriteTransaction(ctx.db, async (trx) => {
    const event = await findMatchEventHeader(trx, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const existing = await lockMatch(trx, ctx.db.dialect, eventId);
    if (existing && existing.scoring !== 'ipsc') throw new ApiError('BAD_IMPORT', 'Line 1: the match is scored as precision, the file as IPSC.');
    await writeImport(trx, event, existing, parsed, staff, stamp);
  });
  return toMatch((await findMatch(ctx.db.kysely, eventId))!);
}

/**
 * Writes an imported match into the event's (creating it when there is none), in the caller's
 * transaction: what an import of staff's does once the file is read, and how the demo club's
 * past match is written (seed/demo-club.ts).
 */
export async function writeImport(
  trx: Executor,
  event: MatchEventHeader,
  existing: MatchRow | undefined,
  parsed: ImportedMatch,
  staff: Readonly<MemberRow>,
  stamp: string,
  /** A match this import creates is published at once (the demo club's; staff's publish on their setup page). */
  publish = false,
): Promise<void> {
  const eventId = event.id;
  const imported = parsed.stages.map((stage) => normalizeStage('ipsc', { ...stage, libraryStageId: null }));
  const kept = existing ? (JSON.parse(existing.stages) as MatchStage[]) : [];
  const stages = [...kept.filter((s) => !imported.some((i) => i.number === s.number)), ...imported].sort(
    (a, b) => a.number - b.number,
  );
  let version = 1;
  if (existing) {
    version = await updateMatch(trx, eventId, { stages: JSON.stringify(stages) }, stamp);
  } else {
    await insertMatch(trx, {
      event_id: eventId,
      name: parsed.name ?? event.evento,
      scoring: 'ipsc',
      published: publish ? 1 : 0,
      stages: JSON.stringify(stages),
      squads: '[]',
      created_at: stamp,
      updated_at: stamp,
    });
  }

  // Competitors: the match's own by exact name first, then members by exact name, else guests.
  const current = await loadCompetitors(trx, event);
  const rows = new Map((await listCompetitorRows(trx, eventId)).map((row) => [row.id, row]));
  const byName = new Map<string, string[]>();
  const nameKey = (nombre: string, apellidos: string) => `${nombre.trim()}\u0000${apellidos.trim()}`;
  for (const c of current) byName.set(nameKey(c.nombre, c.apellidos), [...(byName.get(nameKey(c.nombre, c.apellidos)) ?? []), c.id]);
  const members = new Map<string, string[]>();
  for (const m of await findMembersByNombres(trx, parsed.competitors.map((c) => c.nombre))) {
    const key = nameKey(m.nombre, m.apellidos);
    members.set(key, [...(members.get(key) ?? []), m.id]);
  }
  const competing = new Set(current.map((c) => c.personUuid).filter((id): id is string => id !== null));
  const used = new Set<string>();
  const idOfComp = new Map<string, string>();
  const fresh: MatchCompetitorsTable[] = [];
  for (const c of parsed.competitors) {
    const key = nameKey(c.nombre, c.apellidos);
    const known = (byName.get(key) ?? []).find((id) => !used.has(id));
    const changes = {
      division: c.division as Division,
      factor: c.factor,
      category: c.category,
      dq: c.dq ? 1 : 0,
      dq_rule: null,
      dq_reason: c.dq ? 'Disqualified (PractiScore import)' : null,
      updated_at: stamp,
    };
    if (known) {
      used.add(known);
      idOfComp.set(c.comp, known);
      if (rows.has(known)) await updateCompetitorRow(trx, eventId, known, changes);
      else {
        const record = current.find((r) => r.id === known)!;
        fresh.push({ id: known, event_id: eventId, member_id: record.personUuid, kind: 'registered', nombre: null, apellidos: null, squad: null, created_at: stamp, ...changes });
      }
      continue;
    }
    // A member only when exactly one has that name and they do not compete already.
    const matches = (members.get(key) ?? []).filter((id) => !competing.has(id));
    const memberId = matches.length === 1 ? matches[0]! : null;
    if (memberId) competing.add(memberId);
    const id = newId();
    idOfComp.set(c.comp, id);
    fresh.push({
      id,
      event_id: eventId,
      member_id: memberId,
      kind: memberId ? 'member' : 'guest',
      nombre: c.nombre,
      apellidos: c.apellidos,
      squad: null,
      created_at: stamp,
      ...changes,
    });
  }
  await insertCompetitorRows(trx, fresh);

  // Scores: each a new revision of the one held, if any.
  const held = new Map((await listScores(trx, eventId)).map((row) => [`${row.stage}:${row.competitor_id}`, row]));
  const scores: MatchScoresTable[] = parsed.scores.map((s) => {
    const competitorId = idOfComp.get(s.comp)!;
    const before = held.get(`${s.stage}:${competitorId}`);
    return {
      event_id: eventId,
      stage: s.stage,
      competitor_id: competitorId,
      revision: (before ? Number(before.revision) : 0) + 1,
      client_id: newId(),
      based_on: before ? Number(before.revision) : null,
      ...columnsOf(s),
      scored_by: staff.id,
      scored_by_name: `${IMPORT_SCORER} (${fullName(staff)})`,
      scored_at: stamp,
      source: 'import',
      saved_version: version,
    };
  });
  const replaced = new Set(scores.filter((s) => held.has(`${s.stage}:${s.competitor_id}`)).map((s) => `${s.stage}:${s.competitor_id}`));
  await saveScoresInBulk(trx, scores, scores.map(() => newId()), replaced);
}
