import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/main.css';
import { setUpI18n } from './lib/i18n.ts';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const { i18n, ready } = setUpI18n();
const router = createAppRouter();
const queryClient = createQueryClient();

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

// The home page arrives with its header and hero already drawn in the HTML. The app replaces
// that markup in one step once it can draw the whole first screen, so the visitor never sees
// a blank or half-built page in between; the render runs as a transition, in short slices,
// so the page stays responsive while it does.
void Promise.all([ready, firstScreenLoaded(router)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers i18n={i18n} queryClient={queryClient}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </StrictMode>,
    );
  });
});
