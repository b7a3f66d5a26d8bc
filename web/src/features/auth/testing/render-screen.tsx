// Test set-up for the account screens: real translations (es), the real session provider,
// a memory router and a query client; the network is whatever the test stubs `fetch` with.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SessionProvider } from '../../../lib/session.tsx';
import common from '../../../../public/assets/i18n/common/es.json';
import login from '../../../../public/assets/i18n/login/es.json';
import register from '../../../../public/assets/i18n/register/es.json';
import forgoten from '../../../../public/assets/i18n/forgoten/es.json';
import resetPassword from '../../../../public/assets/i18n/reset-password/es.json';
import changePassword from '../../../../public/assets/i18n/change-password/es.json';

/** An i18next instance holding the Spanish texts of the account screens. */
export async function createTestI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({
    lng: 'es',
    fallbackLng: false,
    defaultNS: 'common',
    resources: {
      es: {
        common,
        login,
        register,
        forgoten,
        'reset-password': resetPassword,
        'change-password': changePassword,
      },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** Renders `element` at `path`, with the other paths as plain markers to see navigation. */
export async function renderScreen(path: string, element: ReactNode, otherPaths: readonly string[] = []) {
  const i18n = await createTestI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      ...otherPaths.map((other) => ({ path: other, element: <p data-testid="route">{other}</p> })),
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, i18n };
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs `fetch` with one answer for every call and records the calls. */
export function stubFetch(answer: { status: number; body?: unknown }): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(impl));
  return calls;
}
