import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { SessionProvider } from '../lib/session.tsx';
import type { SessionSnapshot } from '../lib/session.tsx';
import { ApiCallError } from '../lib/http.ts';

/** A query client that never retries a refusal (4xx), only a flaky network. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiCallError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** Everything the screens need from above: queries, translations, the session. */
export function Providers({
  i18n,
  queryClient,
  session,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** Where the session starts (restored before the first render, or as the prerender draws it). */
  session?: SessionSnapshot;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider initial={session}>{children}</SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
