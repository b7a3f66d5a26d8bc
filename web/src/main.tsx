// First: it configures zod before any schema is built.
import './lib/zod-config.ts';
import { StrictMode, Suspense, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/main.css';
import { setUpI18n } from './lib/i18n.ts';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { restoreSession } from './lib/session.tsx';
import { TEST_HOOKS } from './lib/test-hooks.ts';
import { keepDrawnFields } from './lib/drawn-fields.ts';

const { i18n, ready } = setUpI18n();
const router = createAppRouter();
const queryClient = createQueryClient();

/**
 * Runs once the app has replaced the drawing (it commits with the first screen): what the
 * visitor typed into the drawing's fields meanwhile goes into the app's (`carryFields`). In the
 * browser tests' build it also marks the document (`data-app="started"` on `<html>`), so the
 * tests act on the app and never on the drawing.
 */
function DrawingReplaced({ carryFields }: { carryFields: () => void }) {
  useEffect(() => {
    carryFields();
    if (TEST_HOOKS) document.documentElement.dataset.app = 'started';
  }, [carryFields]);
  return null;
}

/** Resolves once the router has loaded the first screen's code (and, for home, its texts). */
function firstScreenLoaded(appRouter: DataRouter): Promise<void> {
  if (appRouter.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Every screen drawn at build time names the translation areas it shows (`data-areas` on
// `#root`), so they are in before the app replaces the drawing; otherwise the screen would
// suspend and flash its loading state first.
const rootElement = document.getElementById('root')!;
const carryFields = keepDrawnFields(rootElement);
const firstAreas = rootElement.dataset.areas?.split(',').filter(Boolean) ?? [];

// The screens arrive with their first view already drawn in the HTML. The app replaces that
// markup in one step once it can draw the whole first screen (its code, its texts, and the
// session restored, so a member's screen is drawn signed in at once), so the visitor never
// sees a blank or half-built page in between; the render runs as a transition, in short
// slices, so the page stays responsive while it does.
void Promise.all([
  ready.then(() => i18n.loadNamespaces(firstAreas)),
  firstScreenLoaded(router),
  restoreSession(),
]).then(([, , session]) => {
  const root = createRoot(rootElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers i18n={i18n} queryClient={queryClient} session={session}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
            <DrawingReplaced carryFields={carryFields} />
          </Suspense>
        </Providers>
      </StrictMode>,
    );
  });
});
