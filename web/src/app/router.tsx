import i18next from 'i18next';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { APP_ROUTES } from '@club/contract/routes';
import { Layout } from './layout/layout.tsx';
import { AnonymousOnly, MembersOnly, RequiresResetLink, StaffOnly } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { HOME_AREAS } from '../features/home/home-areas.ts';

// The home page's code and its translation files load side by side, not one after the other.
async function loadHome() {
  const [{ HomePage }] = await Promise.all([
    import('../features/home/home-page.tsx'),
    i18next.loadNamespaces([...HOME_AREAS]),
  ]);
  return { Component: HomePage };
}

/**
 * What a route tells the app's start about its first screen. `noDates`: it shows no date, time or
 * formatted number when it opens, so the app does not load the browser's locale data for it
 * (tens of milliseconds on a phone, in one step that cannot be split; start-app.tsx).
 */
export interface RouteHandle {
  noDates?: true;
}

const NO_DATES: RouteHandle = { noDates: true };

/** Whether the first screen of `router` shows no date (its route says so). */
export function opensWithoutDates(router: { state: { matches: { route: { handle?: unknown } }[] } }): boolean {
  return router.state.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.noDates === true);
}

// Every screen is its own chunk: the designer's code never loads on the home page. The build
// draws each screen's first view from these same routes (src/prerender/page-shell.tsx).
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown while the first screen's code loads (the header and footer come with it).
    hydrateFallbackElement: <div className="page-loading" />,
    children: [
      { index: true, lazy: loadHome },
      { path: 'home', lazy: loadHome },
      {
        path: 'team/:slug',
        lazy: async () => {
          const [{ TeamPage }] = await Promise.all([import('../features/team/team-page.tsx'), i18next.loadNamespaces('team/page')]);
          return { Component: TeamPage };
        },
      },
      {
        path: 'news/:id/:lang',
        lazy: async () => {
          const [{ NewsPage }] = await Promise.all([import('../features/news/news-page.tsx'), i18next.loadNamespaces('content')]);
          return { Component: NewsPage };
        },
      },
      {
        path: 'calendar',
        lazy: async () => ({ Component: (await import('../features/calendar/calendar-page.tsx')).CalendarPage }),
      },
      {
        path: 'login',
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/login-page.tsx');
          return { Component: () => <AnonymousOnly><LoginPage /></AnonymousOnly> };
        },
      },
      {
        path: 'register',
        lazy: async () => {
          const { RegisterPage } = await import('../features/auth/register-page.tsx');
          return { Component: () => <AnonymousOnly><RegisterPage /></AnonymousOnly> };
        },
      },
      {
        path: 'verify-email',
        lazy: async () => ({ Component: (await import('../features/auth/verify-email-page.tsx')).VerifyEmailPage }),
      },
      {
        path: 'reminders-off',
        lazy: async () => ({ Component: (await import('../features/auth/reminders-off-page.tsx')).RemindersOffPage }),
      },
      {
        path: 'forgoten',
        lazy: async () => ({ Component: (await import('../features/auth/forgotten-page.tsx')).ForgottenPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => {
          const { ResetPasswordPage } = await import('../features/auth/reset-password-page.tsx');
          return { Component: () => <RequiresResetLink><ResetPasswordPage /></RequiresResetLink> };
        },
      },
      {
        path: 'change-password',
        handle: NO_DATES,
        lazy: async () => {
          const { ChangePasswordPage } = await import('../features/auth/change-password-page.tsx');
          return { Component: () => <MembersOnly><ChangePasswordPage /></MembersOnly> };
        },
      },
      {
        path: 'user-profile',
        lazy: async () => {
          const { ProfilePage } = await import('../features/profile/profile-page.tsx');
          return { Component: () => <MembersOnly><ProfilePage /></MembersOnly> };
        },
      },
      {
        path: 'my-registrations',
        lazy: async () => {
          const { MyRegistrationsPage } = await import('../features/calendar/my-registrations-page.tsx');
          return { Component: () => <MembersOnly><MyRegistrationsPage /></MembersOnly> };
        },
      },
      {
        path: 'my-membership',
        lazy: async () => {
          const { MembershipPage } = await import('../features/membership/membership-page.tsx');
          return { Component: () => <MembersOnly><MembershipPage /></MembersOnly> };
        },
      },
      {
        path: 'dry-training/:id?',
        handle: NO_DATES,
        lazy: async () => ({ Component: (await import('../features/stage/dry-training-page.tsx')).DryTrainingPage }),
      },
      {
        path: 'stage-designer/:id?',
        handle: NO_DATES,
        lazy: async () => ({
          Component: (await import('../features/stage/stage-designer-page.tsx')).StageDesignerPage,
        }),
      },
      {
        path: 'stages',
        // The screen's code and its texts load side by side, so the library call starts sooner.
        lazy: async () => {
          const [{ LibraryPage }] = await Promise.all([import('../features/library/library-page.tsx'), i18next.loadNamespaces('library')]);
          return { Component: LibraryPage };
        },
      },
      {
        path: 'stages/:id/briefing',
        lazy: async () => ({ Component: (await import('../features/library/briefing-page.tsx')).BriefingPage }),
      },
      {
        path: 'training',
        lazy: async () => {
          const { TrainingPage } = await import('../features/training/training-page.tsx');
          return { Component: () => <MembersOnly><TrainingPage /></MembersOnly> };
        },
      },
      {
        path: 'match',
        lazy: async () => ({ Component: (await import('../features/match/page/match-day-page.tsx')).MatchDayPage }),
      },
      {
        path: 'match/:uuid',
        lazy: async () => ({ Component: (await import('../features/match/page/match-page.tsx')).MatchPage }),
      },
      {
        path: 'match/:uuid/setup',
        lazy: async () => {
          const { SetupPage } = await import('../features/match/setup/setup-page.tsx');
          return { Component: () => <StaffOnly><SetupPage /></StaffOnly> };
        },
      },
      {
        // Not behind a guard: a range officer opens it with no network, when the session cannot
        // be checked; the screen decides from the session or the copy kept on the phone.
        path: 'match/:uuid/score',
        lazy: async () => {
          const [{ ScoringPage }, { prefetchScoring }] = await Promise.all([
            import('../features/match/scoring/scoring-page.tsx'),
            import('../features/match/scoring/use-scoring-data.ts'),
          ]);
          return {
            Component: ScoringPage,
            // The match's calls go out beside the session's check; nothing waits for them here.
            loader: ({ params }) => {
              prefetchScoring(params.uuid ?? '');
              return null;
            },
            // Choosing a stage or squad (the address's query) asks for nothing again.
            shouldRevalidate: () => false,
          };
        },
      },
      {
        path: 'match/:uuid/results',
        lazy: async () => ({ Component: (await import('../features/results/results-page.tsx')).ResultsPage }),
      },
      {
        path: 'my-results',
        lazy: async () => {
          const { MyResultsPage } = await import('../features/results/my-results-page.tsx');
          return { Component: () => <MembersOnly><MyResultsPage /></MembersOnly> };
        },
      },
      {
        path: 'admin/*',
        lazy: async () => {
          const { AdminPage } = await import('../features/admin/admin-page.tsx');
          return { Component: () => <StaffOnly><AdminPage /></StaffOnly> };
        },
      },
      { path: 'terms', lazy: async () => ({ Component: (await import('../features/legal/terms-page.tsx')).TermsPage }) },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/legal/privacy-page.tsx')).PrivacyPage }),
      },
      { path: APP_ROUTES.notFound.slice(1), Component: NotFoundPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The app's router (data router, lazy routes). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
