import { EventStatus } from '@club/contract/enums';
import type { MonthParams } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import { toEvent, toEvents, toParticipant } from './event-view.ts';
import type { Viewer } from './listing.ts';
import { monthRange, STAFF_VIEWER } from './listing.ts';
import { buildWaitlistView, findWaitlistEntries } from './waitlist-view.ts';
import type { EventRow, ParticipantRow } from './repository.ts';
import { findEventsBetween, findParticipants } from './repository.ts';
import { eventsVersion } from './events-version-cache.ts';

/**
 * The month as JSON text for any caller, rendered from one read of the month per change of the
 * events version. The version lives in the database and moves (by triggers, migrations 0002 and
 * 0003) on every write to events, registrations or the member fields an answer shows, from any
 * process; so an answer is never older than the last write.
 *
 * Anonymous callers share one text, staff another; a member's text is the members' shared view
 * of the events with the caller's own registrations put into each event's participants, which
 * costs a few string joins instead of two queries and a render.
 */
interface Snapshot {
  version: string;
  rows: EventRow[];
  participants: ParticipantRow[];
  /** Everyone waiting, each event's line in order. */
  waiting: ParticipantRow[];
  publicBody?: Buffer;
  staffBody?: Buffer;
  /** Each event of the member view as the JSON before and after its participants. */
  memberParts?: Array<{ id: string; head: string; tail: string }>;
  memberBodies: Map<string, Buffer>;
}

const MAX_MONTHS = 24;
const MAX_MEMBER_BODIES = 500;
const EMPTY_PARTICIPANTS = '"participantes":[';
const snapshots = new WeakMap<AppContext, Map<string, Snapshot>>();

async function snapshotOf(ctx: AppContext, params: MonthParams, version: string): Promise<Snapshot> {
  let cache = snapshots.get(ctx);
  if (!cache) {
    cache = new Map();
    snapshots.set(ctx, cache);
  }
  const key = `${params.year}-${params.month}`;
  const hit = cache.get(key);
  if (hit && hit.version === version && version !== '') return hit;
  const db = ctx.db.kysely;
  const rows = await findEventsBetween(db, {
    ...monthRange(params),
    includePrivate: true,
    publicStatus: EventStatus.publico,
  });
  const participants = await findParticipants(
    db,
    rows.map((row) => row.id),
    { kind: 'all' },
  );
  const waiting = await findWaitlistEntries(db, rows);
  const snapshot: Snapshot = { version, rows, participants, waiting, memberBodies: new Map() };
  if (cache.size >= MAX_MONTHS) cache.clear();
  cache.set(key, snapshot);
  return snapshot;
}

function memberParts(snapshot: Snapshot): NonNullable<Snapshot['memberParts']> {
  const lines = buildWaitlistView(snapshot.waiting, null);
  snapshot.memberParts ??= snapshot.rows.map((row) => {
    const json = JSON.stringify(
      toEvent(row, [], false, { count: lines.counts.get(row.id) ?? 0, place: null }),
    );
    // The key can only appear once and unescaped: inside a string value its quotes are escaped.
    const at = json.indexOf(`${EMPTY_PARTICIPANTS}]`) + EMPTY_PARTICIPANTS.length;
    return { id: row.id, head: json.slice(0, at), tail: json.slice(at) };
  });
  return snapshot.memberParts;
}

function memberBody(snapshot: Snapshot, memberId: string): Buffer {
  const known = snapshot.memberBodies.get(memberId);
  if (known !== undefined) return known;
  const own = new Map<string, ParticipantRow>();
  for (const p of snapshot.participants) {
    if (p.member_id === memberId) own.set(p.event_id, p);
  }
  // An event where the member waits carries their place: drawn whole (few events are).
  const lines = buildWaitlistView(snapshot.waiting, { memberId, staff: false });
  const rowsById = new Map(snapshot.rows.map((row) => [row.id, row]));
  const body = Buffer.from(
    `[${memberParts(snapshot)
      .map((part) => {
        const place = lines.places.get(part.id);
        const mine = own.get(part.id);
        if (place !== undefined) {
          const row = rowsById.get(part.id);
          if (row)
            return JSON.stringify(
              toEvent(row, mine ? [mine] : [], false, { count: lines.counts.get(part.id) ?? 0, place }),
            );
        }
        return part.head + (mine ? JSON.stringify(toParticipant(mine, false)) : '') + part.tail;
      })
      .join(',')}]`,
  );
  if (snapshot.memberBodies.size >= MAX_MEMBER_BODIES) snapshot.memberBodies.clear();
  snapshot.memberBodies.set(memberId, body);
  return body;
}

/**
 * The month's events as the viewer may see them (GET /api/{year}/{month}/), as UTF-8 JSON; kept
 * encoded, so an answer costs neither a serialisation nor an encoding of a large text. Staff see
 * it as members do, with their own registrations; every registration of every event only when
 * they ask for `everyone` (participantes=all): the attendee list comes per event.
 */
export async function monthBody(
  ctx: AppContext,
  params: MonthParams,
  viewer: Viewer,
  everyone = false,
  knownVersion?: string,
): Promise<Buffer> {
  // The version is read before the rows: rows read after it are at least as new as it says. A
  // caller that read it already for this request (with the session's) passes it on.
  const snapshot = await snapshotOf(ctx, params, knownVersion ?? (await eventsVersion(ctx)));
  if (viewer === null) {
    snapshot.publicBody ??= Buffer.from(
      JSON.stringify(
        toEvents(
          snapshot.rows.filter((row) => row.status === EventStatus.publico),
          [],
          false,
          buildWaitlistView(snapshot.waiting, null),
        ),
      ),
    );
    return snapshot.publicBody;
  }
  if (viewer.staff && everyone) {
    snapshot.staffBody ??= Buffer.from(
      JSON.stringify(
        toEvents(
          snapshot.rows,
          snapshot.participants,
          true,
          buildWaitlistView(snapshot.waiting, STAFF_VIEWER),
        ),
      ),
    );
    return snapshot.staffBody;
  }
  return memberBody(snapshot, viewer.memberId);
}
