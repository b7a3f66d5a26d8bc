// The one set-up for web component tests: the app's providers (web/src/app/providers.tsx) with
// real translation files read from disk, a memory router and a fresh query client that never
// retries; the network is whatever the test answers through `stubFetch`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@club/contract/languages';
import { Providers } from '../app/providers.tsx';

const I18N_DIR = path.resolve(import.meta.dirname, '../../public/assets/i18n');

function readArea(area: string, language: Language): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(I18N_DIR, area, `${language}.json`), 'utf8')) as Record<string, unknown>;
}

/** An i18next instance holding the given areas (translation folders) of one language, ready at once. */
export function createTestI18n(language: Language = 'es', areas: readonly string[] = ['common']): I18n {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: false,
    ns: [...areas],
    defaultNS: 'common',
    resources: { [language]: Object.fromEntries(areas.map((area) => [area, readArea(area, language)])) },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}

export interface RenderOptions {
  /** The address the memory router starts at. */
  route?: string;
  /** The route pattern `ui` answers to; any path when not given. */
  path?: string;
  /** Other paths, each drawn as a plain marker (`data-testid="route"`), to see where a screen navigates. */
  otherPaths?: readonly string[];
  language?: Language;
  /** Translation areas besides `common`. */
  areas?: readonly string[];
  /** Query answers already in the cache when the screen first renders (as a drawn page brings them). */
  queryData?: ReadonlyArray<readonly [readonly unknown[], unknown]>;
}

/** Renders `ui` inside the app's providers and a memory router. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const { route = options.path ?? '/', path: pattern = '*', otherPaths = [], language = 'es', areas = [] } = options;
  const i18n = createTestI18n(language, ['common', ...areas.filter((area) => area !== 'common')]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      ...otherPaths.map((other) => ({ path: other, element: <p data-testid="route">{other}</p> })),
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, i18n, queryClient };
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

export interface FetchAnswer {
  /** 200 when not given. */
  status?: number;
  body?: unknown;
}

/**
 * Replaces fetch: each call is recorded and answered by `answer` (one answer for all calls, or
 * a function of the call, which may answer later through a promise; a function that gives
 * nothing answers 404). The XSRF cookie is set as the server sets it on its first answer, so
 * unsafe calls go out as in the browser.
 */
export function stubFetch(
  answer: FetchAnswer | ((call: FetchCall) => FetchAnswer | undefined | Promise<FetchAnswer | undefined>),
): FetchCall[] {
  const calls: FetchCall[] = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const given = typeof answer === 'function' ? await answer(call) : answer;
    const { status = 200, body } = given ?? { status: 404, body: { errorCode: 'NOT_FOUND', message: 'not found' } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
