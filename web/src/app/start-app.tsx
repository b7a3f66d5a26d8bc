import { StrictMode, Suspense, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { clubWallTime } from '@club/contract/club-time';
import { setUpI18n } from '../lib/i18n.ts';
import { Providers, createQueryClient } from './providers.tsx';
import { createAppRouter, opensWithoutDates } from './router.tsx';
import { restoreSession } from '../lib/session.tsx';
import { TEST_HOOKS } from '../lib/test-hooks.ts';
import { keepDrawnFields } from '../lib/drawn-fields.ts';
import { makeDrawnTap } from '../lib/drawn-taps.ts';
import { contentQuery } from '../lib/content/content.ts';

/**
 * Runs once the app has replaced the drawing (it commits with the first screen): what the
 * visitor typed into the drawing's fields meanwhile goes into the app's (`carryFields`), and a
 * button tapped on the drawing is pressed on the app's (`makeDrawnTap`). In the
 * browser tests' build it also marks the document (`data-app="started"` on `<html>`), so the
 * tests act on the app and never on the drawing.
 */
function DrawingReplaced({ carryFields }: { carryFields: () => void }) {
  useEffect(() => {
    carryFields();
    makeDrawnTap(document.getElementById('root')!);
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

/**
 * Lets the page run what waits (a tap, a paint) before the next step: the app's start is several
 * steps of a few milliseconds each on a fast computer, and several times that on a slow phone.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Starts the app in the page the server sent. Each step (the translations, the router and the
 * first screen's match, the club's clock unless that screen shows no date, the data layer) runs in
 * a task of its own, so none holds the page.
 */
export async function startApp(): Promise<void> {
  // Every screen drawn at build time names the translation areas it shows (`data-areas` on
  // `#root`), so they are in before the app replaces the drawing; otherwise the screen would
  // suspend and flash its loading state first.
  const rootElement = document.getElementById('root')!;
  // From here the page is the app's: a starter's late drawing (decision 0068) stays out of it.
  rootElement.dataset.started = '';
  const carryFields = keepDrawnFields(rootElement);
  const firstAreas = rootElement.dataset.areas?.split(',').filter(Boolean) ?? [];
  const sessionRestored = restoreSession();
  const { i18n, ready } = setUpI18n();
  const texts = ready.then(() => i18n.loadNamespaces(firstAreas));
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The page's first date in the club's time zone loads the browser's locale and zone data (tens
  // of milliseconds on a phone): here, in a step of its own, not inside the first screen's render;
  // not at all for a first screen that shows no date (the designer, the dry training).
  if (!opensWithoutDates(router)) {
    clubWallTime(new Date());
    await nextTask();
  }
  const queryClient = createQueryClient();
  // A page drawn from the club's content (`data-content` on `#root`: home, an instructor's, a
  // news item's) does not carry that content, so its first bytes stay few: the app asks for it
  // beside its last steps and draws nothing before it has it, so its first render shows what
  // the drawing shows (or newer, if staff saved since).
  const content = rootElement.dataset.content === undefined ? undefined : queryClient.prefetchQuery(contentQuery);

  // The screens arrive with their first view already drawn in the HTML. The app replaces that
  // markup in one step once it can draw the whole first screen (its code, its texts, and the
  // session restored, so a member's screen is drawn signed in at once), so the visitor never
  // sees a blank or half-built page in between; the render runs as a transition, in short
  // slices, so the page stays responsive while it does.
  const [, , session] = await Promise.all([texts, firstScreenLoaded(router), sessionRestored, content]);
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
}
