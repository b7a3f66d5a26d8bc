// Test harness for the calendar's component tests: real translations, a stubbed network.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ClubEvent, User } from '@club/contract/schemas';
import { SessionProvider } from '../../lib/session.tsx';

const I18N_ROOT = path.resolve(import.meta.dirname, '../../../public/assets/i18n');

function readArea(area: string, language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(I18N_ROOT, area, `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

export function createTestI18n(language = 'en') {
  const i18n = createInstance();
  const areas = ['common', 'calendar', 'events-calendar'];
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: areas,
    defaultNS: 'common',
    resources: { [language]: Object.fromEntries(areas.map((area) => [area, readArea(area, language)])) },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export interface StubCall {
  method: string;
  url: string;
  body: unknown;
}

export type StubHandler = (call: StubCall) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch: each call is recorded and answered by the handler (404 when it has no answer). */
export function stubNetwork(handler: StubHandler) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: StubCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { errorCode: 'NOT_FOUND', message: 'not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** Renders a tree with the app's providers (fresh query cache, session from storage). */
export function renderWithProviders(ui: ReactNode, { route = '/calendar', language = 'en' } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const i18n = createTestI18n(language);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

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
