import type { Insertable } from 'kysely';
import { EventStatus, EventType } from '@club/contract/enums';
import type { EventsTable } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { TestApp } from '../support/test-app.ts';

/** Writes an event row directly (tests of the staff calls create them through the API). */
export async function insertEvent(
  t: Pick<TestApp, 'db'>,
  fields: Partial<Insertable<EventsTable>> = {},
): Promise<string> {
  const id = newId();
  await t.db.kysely
    .insertInto('events')
    .values({
      id,
      type: EventType.functionalTraining,
      start_at: '2025-07-10 19:00:00',
      end_at: '2025-07-10 21:00:00',
      evento: 'Entrenamiento',
      nota: null,
      plazas: 10,
      plazas_taken: 0,
      status: EventStatus.publico,
      solo_lectura: 0,
      series_id: null,
      created_at: '2025-06-01T00:00:00.000Z',
      updated_at: '2025-06-01T00:00:00.000Z',
      ...fields,
    })
    .execute();
  return id;
}

/** The body the SPEC client sends to register (status 1) or cancel (status 2). */
export function subscribeBody(uuid: string, status: 1 | 2, extra: Record<string, unknown> = {}) {
  return { uuid, roles: [{ roleId: 2, status }], ...extra };
}

/** Now in the tests: 1 June 2025, 12:00 in Madrid; events are in July. */
export const TEST_NOW = new Date('2025-06-01T10:00:00Z');
