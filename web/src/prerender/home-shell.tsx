// Rendered at build time (web/build/prerender-home.ts), never in the browser: the home page's
// header and hero as static HTML, one file per language, so the first paint needs no script.
// The app replaces it with the same markup once its code and translations have arrived.
import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import type { Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session.tsx';
import { SkipLink } from '../app/layout/layout.tsx';
import { Header } from '../app/layout/header.tsx';
import { HeroSection } from '../features/home/components/hero-section.tsx';
import type { Language } from '../lib/i18n.ts';

/** The translation areas the shell reads. */
export const SHELL_AREAS = ['common', 'header', 'home/hero'] as const;

/**
 * The markup of `#root` for the home page in one language, as an anonymous visitor first sees
 * it: skip link, header and hero, inside the same `main` and `.home` wrappers as the app's.
 */
export function renderHomeShell(language: Language, areas: Record<(typeof SHELL_AREAS)[number], object>): string {
  const i18n = createInstance();
  const resources: Resource = { [language]: areas as Resource[string] };
  void i18n.use(initReactI18next).init({
    lng: language,
    resources,
    ns: [...SHELL_AREAS],
    defaultNS: 'common',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <StaticRouter location="/">
            <SkipLink />
            <Header />
            <main id="main" tabIndex={-1}>
              <div className="home">
                <HeroSection />
              </div>
            </main>
          </StaticRouter>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
