// Test set-up for the staff screens: the real translation files, a fresh query client, and a
// fetch stand-in that records the calls.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';

const I18N_DIR = path.resolve(import.meta.dirname, '../../../public/assets/i18n');

function readArea(area: string, language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(I18N_DIR, area, `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** An i18next instance with the admin and common areas of one language loaded from disk. */
export async function createTestI18n(language: 'es' | 'ca' | 'en' = 'en') {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['common', 'admin'],
    defaultNS: 'common',
    resources: { [language]: { common: readArea('common', language), admin: readArea('admin', language) } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Wraps a screen in the providers it needs. */
export function createWrapper(i18n: Awaited<ReturnType<typeof createTestI18n>>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    );
  };
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch: each call is recorded and answered by `answer`. */
export function stubFetch(answer: (call: RecordedCall) => { status: number; body?: unknown }) {
  const calls: RecordedCall[] = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The event form lists the club library for its stage select: an empty library, not recorded,
    // so the tests count only the calls they are about.
    if (String(input).startsWith('/api/library/')) {
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
