// Test data for the calendar's component tests (rendering and the network: web/src/test/render.tsx).
import type { ClubEvent, User } from '@club/contract/schemas';

/** Signs a member in as the app would after a reload: a stored token the stub answers for. */
export function storeSession(user: User): void {
  localStorage.setItem('ipsc-club.token', 'test-token');
  localStorage.setItem('ipsc-club.uuid', user.uuid);
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uuid: 'member-1',
    login: 'member.one',
    nombre: 'Ana',
    apellidos: 'Prueba',
    fullName: 'Prueba, Ana',
    email: 'ana@club.test',
    nacimiento: '1970-01-01',
    mobil: '612345678',
    sexo: 1,
    socio: '123',
    division: 3,
    factor: 2,
    licencia: null,
    curso: false,
    habilitado: false,
    arbitroIpsc: false,
    arbitroPrecision: false,
    entrenadorNacional: false,
    instructorMisia: false,
    autorizacionClub: false,
    staff: false,
    ...overrides,
  };
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
