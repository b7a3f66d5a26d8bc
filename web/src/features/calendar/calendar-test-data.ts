// Test data for the calendar's component tests (rendering and the network: web/src/test/render.tsx).
import type { ClubEvent, User } from '@club/contract/schemas';

/** Signs a member in as the app would after a reload: a stored token the stub answers for. */
export function storeSession(user: User): void {
  localStorage.setItem('ipsc-club.token', 'test-token');
  localStorage.setItem('ipsc-club.uuid', user.uuid);
}

export function makeEvent(overrides: Partial<ClubEvent> & Pick<ClubEvent, 'uuid' | 'start'>): ClubEvent {
  return {
    type: 6,
    end: overrides.start.replace(/ \d\d:/, ' 23:'),
    evento: `Event ${overrides.uuid}`,
    nota: null,
    plazas: 10,
    plazasLibres: 10,
    status: 2,
    soloLectura: false,
    participantes: [],
    ...overrides,
  };
}
