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

/** What the event views show of the waiting lists, in three small queries. */
export async function waitlistView(
  db: Executor,
  events: Array<Pick<EventRow, 'id' | 'type'>>,
  viewer: { memberId: string; staff: boolean } | null,
): Promise<WaitlistView> {
  const view: WaitlistView = { counts: new Map(), places: new Map(), waiting: [] };
  const ids = events.map((e) => e.id);
  if (ids.length === 0) return view;
  const counts = await db
    .selectFrom('waitlist')
    .select(['event_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('event_id', 'in', ids)
    .groupBy('event_id')
    .execute();
  for (const row of counts) view.counts.set(row.event_id, Number(row.n));
  if (!viewer || view.counts.size === 0) return view;
  const places = await db
    .selectFrom('waitlist as w')
    .innerJoin('waitlist as mine', (join) =>
      join.onRef('mine.event_id', '=', 'w.event_id').on('mine.member_id', '=', viewer.memberId),
    )
    .select(['w.event_id', (eb) => eb.fn.countAll<number>().as('place')])
    .where('w.event_id', 'in', ids)
    .whereRef('w.position', '<=', 'mine.position')
    .groupBy('w.event_id')
    .execute();
  for (const row of places) view.places.set(row.event_id, Number(row.place));
  if (!viewer.staff) return view;
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
    .where('waitlist.event_id', 'in', ids)
    .orderBy('waitlist.event_id')
    .orderBy('waitlist.position')
    .execute();
  view.waiting = rows.map((row) => ({
    ...row,
    role_id: roleForEventType(typeOf.get(row.event_id) ?? 0),
    status: WAITING_ROLE_STATUS,
    categoria: null,
  }));
  return view;
}
