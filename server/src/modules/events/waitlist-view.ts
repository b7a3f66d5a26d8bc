import { roleForEventType } from '@club/contract/eligibility';
import { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import type { Executor } from '../../db/transaction.ts';
import type { EventRow, ParticipantRow } from './repository.ts';

export interface WaitlistView {
  /** How many wait, per event. */
  counts: Map<string, number>;
  /** The viewer's place (1 = next), per event. */
  places: Map<string, number>;
  /** Staff: the waiting people in order, as participants with status 5. */
  waiting: ParticipantRow[];
}

/** Everyone waiting for the events, each event's line in order, as participant rows (status 5). */
export async function findWaitlistEntries(
  db: Executor,
  events: Array<Pick<EventRow, 'id' | 'type'>>,
): Promise<ParticipantRow[]> {
  if (events.length === 0) return [];
  const typeOf = new Map(events.map((e) => [e.id, e.type]));
  const rows = await db
    .selectFrom('waitlist')
    .innerJoin('members', 'members.id', 'waitlist.member_id')
    .select([
      'waitlist.event_id',
      'members.id as member_id',
      'members.division',
      'members.factor',
      'members.nombre',
      'members.apellidos',
      'members.email',
      'members.mobil',
      'members.socio',
      'members.licencia',
    ])
    .where(
      'waitlist.event_id',
      'in',
      events.map((e) => e.id),
    )
    .orderBy('waitlist.event_id')
    .orderBy('waitlist.position')
    .execute();
  return rows.map((row) => ({
    ...row,
    role_id: roleForEventType(typeOf.get(row.event_id) ?? 0),
    status: WAITING_ROLE_STATUS,
    categoria: null,
  }));
}

/** What an event view shows of the lines, for a viewer, from the entries in order. */
export function buildWaitlistView(
  entries: ParticipantRow[],
  viewer: { memberId: string; staff: boolean } | null,
): WaitlistView {
  const view: WaitlistView = { counts: new Map(), places: new Map(), waiting: viewer?.staff ? entries : [] };
  for (const entry of entries) {
    const place = (view.counts.get(entry.event_id) ?? 0) + 1;
    view.counts.set(entry.event_id, place);
    if (viewer && entry.member_id === viewer.memberId) view.places.set(entry.event_id, place);
  }
  return view;
}

/** The lines of the events as the viewer may see them (one query). */
export async function waitlistView(
  db: Executor,
  events: Array<Pick<EventRow, 'id' | 'type'>>,
  viewer: { memberId: string; staff: boolean } | null,
): Promise<WaitlistView> {
  return buildWaitlistView(await findWaitlistEntries(db, events), viewer);
}
