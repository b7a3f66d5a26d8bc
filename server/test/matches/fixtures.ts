import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { EventType } from '@club/contract/enums';
import { competitorListSchema, matchSchema } from '@club/contract/match';
import type { Competitor, Match, MatchBodyInput } from '@club/contract/match';
import { NO_HITS } from '@club/contract/match-scoring';
import { insertEvent } from '../events/fixtures.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

/** What an IPSC social shoot asks of a competitor (no range officer flag). */
export const COMPETITOR_FLAGS = {
  get socio() {
    return `M-${randomUUID().slice(0, 8)}`;
  },
  licencia: 'A-1',
  curso: true,
  habilitado: true,
  autorizacionClub: true,
};

export function matchBody(extra: Partial<MatchBodyInput> = {}): MatchBodyInput {
  return {
    name: 'Tirada social de julio',
    scoring: 'ipsc',
    published: false,
    stages: [
      { number: 1, name: 'El Presidente', minRounds: 12 },
      { number: 2, name: 'Puertas', minRounds: 16, maxPoints: 80 },
    ],
    squads: [
      { number: 1, name: 'Mañana', capacity: 2 },
      { number: 2, name: null, capacity: null },
    ],
    ...extra,
  };
}

/** An IPSC social shoot in July (the tests' now is 1 June 2025), public unless asked. */
export function insertShoot(t: Pick<TestApp, 'db'>, fields: Parameters<typeof insertEvent>[1] = {}): Promise<string> {
  return insertEvent(t, {
    type: EventType.ipscSocialShoot,
    evento: 'Tirada social',
    plazas: 50,
    start_at: '2025-07-12 09:00:00',
    end_at: '2025-07-12 14:00:00',
    ...fields,
  });
}

/** A member registered as competidor through the subscribe call. */
export async function registeredCompetitor(
  t: TestApp,
  eventId: string,
  options: { division?: number; factor?: number; nombre?: string; apellidos?: string } = {},
): Promise<TestMember> {
  const member = await createTestMember(t, { ...COMPETITOR_FLAGS, nombre: options.nombre, apellidos: options.apellidos });
  const res = await apiClient(t.app).put(
    `/api/events/${eventId}/subscribe/`,
    {
      uuid: member.user.uuid,
      roles: [{ roleId: 3, status: 1 }],
      division: options.division ?? 1,
      factor: options.factor ?? 1,
    },
    member.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

export async function createMatch(t: TestApp, eventId: string, staff: TestMember, extra: Partial<MatchBodyInput> = {}): Promise<Match> {
  const res = await apiClient(t.app).put(`/api/admin/events/${eventId}/match/`, matchBody(extra), staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return matchSchema.parse(res.json());
}

export async function competitorsOf(t: TestApp, eventId: string, token?: string): Promise<Competitor[]> {
  const res = await apiClient(t.app).get(`/api/events/${eventId}/match/competitors/`, token);
  expect(res.statusCode, res.body).toBe(200);
  return competitorListSchema.parse(res.json());
}

/**
 * A shoot with a match and one registered competitor per entry (named Tirador0, Tirador1, …),
 * made by a staff member; the competitors' ids in the entries' order.
 */
export async function matchOfEntrants(t: TestApp, entrants: readonly { division: number; factor: number }[]) {
  const staff = await createTestMember(t, { staff: true });
  const eventId = await insertShoot(t);
  for (const [i, entrant] of entrants.entries()) {
    await registeredCompetitor(t, eventId, { nombre: `Tirador${i}`, ...entrant });
  }
  await createMatch(t, eventId, staff);
  const byName = new Map((await competitorsOf(t, eventId, staff.token)).map((c) => [c.nombre, c.id]));
  return { staff, eventId, ids: entrants.map((_, i) => byName.get(`Tirador${i}`)!) };
}

/** An IPSC run body with a fresh clientId. */
export function run(values: Partial<Record<'a' | 'c' | 'd' | 'm' | 'ns' | 'procedurals' | 'time', number>> & { dnf?: boolean; basedOn?: number | null; clientId?: string } = {}) {
  return {
    ...NO_HITS,
    time: 10,
    basedOn: null,
    clientId: randomUUID(),
    ...values,
  };
}

export const scorePath = (eventId: string, stage: number, competitorId: string) =>
  `/api/events/${eventId}/match/stages/${stage}/scores/${competitorId}/`;
