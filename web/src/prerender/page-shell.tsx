// Rendered at build time (web/build/prerender-pages.ts), never in the browser: each screen's
// first view as static HTML, one file per route and language, so the first paint needs no
// script. The same components draw it as in the app (the app's own routes), and the app
// replaces it with the same markup once its code and translations are in.
import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import type { Resource, ResourceLanguage, i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import type { SessionStatus } from '../lib/session.tsx';
import type { Language } from '../lib/i18n.ts';
import { APP_ROUTES, DRAWN_FRAMES, teamPath } from '@club/contract/routes';
import type { FirstCalls } from '@club/contract/routes';
import siteSettings from '@club/contract/site-settings.json';
import { HOME_AREAS } from '../features/home/home-areas.ts';
import type { RenderedContent } from '@club/contract/content';
import { MONTH_ELEMENT_ID } from '@club/contract/content-view';
import type { DrawnMonth, SignedInDrawing } from '@club/contract/content-view';
import { ANONYMOUS_VIEWER, monthEventsKey } from '../features/calendar/api/month-events.ts';
import { calendarModel } from './calendar-model.ts';
import { DrawnScoringContext } from '../features/match/scoring/drawn-scoring.ts';
import { SCORING_MODEL } from './scoring-model.ts';
import { CONTENT_KEY } from '../lib/content/content.ts';
import { HeroPictureContext } from '../features/home/hero-picture.ts';
import { heroPicture } from '../features/home/images.ts';
import heroForPhones from '../../public/images/hero/range-dawn-640.webp?inline';

export interface PrerenderedPage {
  path: string;
  /** Drawn again by the server whenever the club's content changes (decision 0041). */
  content?: boolean;
  /** The file's name: `pages/{name}.{lang}.html` (the server's choice follows the same rule). */
  name: string;
  /** The screen's lazy module, whose chunk, imports and styles the page loads; none for screens in the main chunk. */
  module?: string;
  /** How the screen is drawn: members' screens as their frame while the session is restored. */
  session: SessionStatus;
  /** Translation areas the route's loader fetches beyond those the first view shows. */
  preloadAreas?: readonly string[];
  /**
   * Drawn once per month for this many months from the build's (`{name}.{YYYY-MM}.{lang}.html`):
   * the screen shows the current month, and the server sends the drawing of the club's month.
   */
  months?: number;
  /** Pictures its styles show in the first view, fetched with the styles rather than after them. */
  images?: readonly string[];
  /**
   * The drawing is the whole page and nothing on it needs the app before the visitor acts: its
   * starter drives the drawn menu and language buttons and starts the app only once the visitor
   * acts on the page (web/build/starter-source.ts, decision 0044); fields typed into meanwhile
   * are carried into the app's (decision 0054).
   */
  light?: boolean;
  /**
   * The screen's first calls (`$1`: the id `pattern` captures from the address), which the page's
   * starter sends at once, with the session stored on the device, and for a visitor too where
   * they are for anyone (decision 0060).
   */
  early?: FirstCalls;
  /**
   * The screen is drawn again by the server for the member who opens it (decision 0068): this
   * model member and data draw it once more at build time, for the style rules that drawing needs.
   */
  signedInModel?: SignedInDrawing;
  /**
   * The screen is drawn again by the server with a month's events (the visitor's calendar,
   * decision 0073): this model month draws it once more at build time, for the style rules its
   * event chips need.
   */
  monthModel?: (now: Date | undefined) => { now: Date; month: DrawnMonth };
  /**
   * A light page that is light only where this expression (the starter's JavaScript) is true,
   * and otherwise starts the app at once as other pages do.
   */
  lightWhen?: string;
}

/** The path the news page model is drawn at, with a placeholder item (NEWS_MODEL_ITEM). */
export const NEWS_MODEL_PATH = '/news/model/es';

const scoringFrame = DRAWN_FRAMES.find((frame) => frame.name === 'match-score')!;
const resultsFrame = DRAWN_FRAMES.find((frame) => frame.name === 'match-results')!;

const page = (
  path: string,
  module: string | undefined,
  session: SessionStatus = 'anonymous',
): PrerenderedPage => ({
  path,
  name: path === APP_ROUTES.home ? 'home' : path.slice(1),
  module,
  session,
});

/**
 * Every screen drawn at build time. Not drawn: the reset-password and verify-email screens (they
 * need the link's token), the staff area, and screens with an id in the path; those get the plain
 * shell, except the few whose frame is the same for every id (DRAWN_FRAMES: the scoring screen,
 * drawn as it waits for its match, so nothing moves when the match arrives, and a match's results).
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { ...page(APP_ROUTES.home, 'src/features/home/home-page.tsx'), preloadAreas: HOME_AREAS, content: true, light: true },
  // A visitor's calendar is drawn by the server with the month's events, and is then light: its
  // app starts on the visitor's first act (decision 0073). Without those events in the page (a
  // server that could not draw it) or with an event to open (the mails' links), the app starts at once.
  {
    ...page(APP_ROUTES.calendar, 'src/features/calendar/calendar-page.tsx'),
    months: 12,
    images: ['/images/calendar/banner.svg'],
    light: true,
    lightWhen: `document.getElementById(${JSON.stringify(MONTH_ELEMENT_ID)}) && !new URLSearchParams(location.search).has('event')`,
    monthModel: calendarModel,
  },
  // The sign-in forms take typing on the drawing; the app starts on the visitor's first act and
  // carries what was typed into its own form (decision 0054).
  { ...page(APP_ROUTES.login, 'src/features/auth/login-page.tsx'), light: true },
  { ...page(APP_ROUTES.register, 'src/features/auth/register-page.tsx'), light: true },
  { ...page(APP_ROUTES.forgotten, 'src/features/auth/forgotten-page.tsx'), light: true },
  page(APP_ROUTES.changePassword, 'src/features/auth/change-password-page.tsx', 'restoring'),
  page(APP_ROUTES.profile, 'src/features/profile/profile-page.tsx', 'restoring'),
  page(APP_ROUTES.myRegistrations, 'src/features/calendar/my-registrations-page.tsx', 'restoring'),
  page(APP_ROUTES.myMembership, 'src/features/membership/membership-page.tsx', 'restoring'),
  page(APP_ROUTES.dryTraining, 'src/features/stage/dry-training-page.tsx'),
  page(APP_ROUTES.stageDesigner, 'src/features/stage/stage-designer-page.tsx'),
  page(APP_ROUTES.library, 'src/features/library/library-page.tsx'),
  page(APP_ROUTES.training, 'src/features/training/training-page.tsx', 'restoring'),
  { ...page(APP_ROUTES.terms, 'src/features/legal/terms-page.tsx'), light: true },
  { ...page(APP_ROUTES.privacy, 'src/features/legal/privacy-page.tsx'), light: true },
  page(APP_ROUTES.matchDay, 'src/features/match/page/match-day-page.tsx'),
  page(APP_ROUTES.myResults, 'src/features/results/my-results-page.tsx', 'restoring'),
  {
    path: scoringFrame.drawnAt,
    name: scoringFrame.name,
    module: 'src/features/match/scoring/scoring-page.tsx',
    session: 'restoring',
    early: scoringFrame,
    signedInModel: SCORING_MODEL,
  },
  // A match's results, drawn as they wait for their data: a visitor sees the page's frame at once.
  {
    path: resultsFrame.drawnAt,
    name: resultsFrame.name,
    module: 'src/features/results/results-page.tsx',
    session: 'anonymous',
    early: resultsFrame,
  },
  ...siteSettings.team.map((member) => ({ ...page(teamPath(member.slug), 'src/features/team/team-page.tsx'), light: true, content: true })),
  // The model of every news page (the server draws each item's page from it with the live content).
  { ...page(NEWS_MODEL_PATH, 'src/features/news/news-page.tsx'), name: 'news', light: true, content: true },
  page(APP_ROUTES.notFound, undefined),
];

/**
 * The hero's backdrop in the drawings: a phone's picture is in the page itself, so it paints with
 * the page's first paint (the largest thing a phone shows on home: it came one request later, a
 * third of the time to the largest paint). It is the 640 px file (2.7 KB): the backdrop lies
 * under the hero's dark veil, where it looks the same as the 1,280 px one on a phone at 2.6×
 * (compared side by side), and home's first bytes must fit the first round trip (decision
 * 0062). Its descriptor says which screens it serves (phones, up to 1,280 device pixels), not
 * its width; wider screens still fetch the largest file.
 */
const drawnHero = {
  ...heroPicture,
  src: heroForPhones,
  srcSet: `${heroForPhones} 1280w, ${heroPicture.srcSet.split(', ').at(-1)!}`,
};

export interface DrawnPage {
  /** The markup of `#root`. */
  markup: string;
  /** The translation areas the markup shows, for the app to load before it replaces it. */
  areas: string[];
}

function translations(language: Language, areas: ResourceLanguage): I18n {
  const i18n = createInstance();
  const resources: Resource = { [language]: areas };
  void i18n.use(initReactI18next).init({
    lng: language,
    resources,
    ns: Object.keys(areas),
    defaultNS: 'common',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/**
 * Runs a render with the clock at `now` (`new Date()` and `Date.now()`), so a screen that shows
 * the current month is drawn for the month it will be served in. Rendering is synchronous, so
 * nothing else runs while the clock is set.
 */
function atInstant<T>(now: Date | undefined, render: () => T): T {
  if (!now) return render();
  const RealDate = Date;
  const fixed = now.getTime();
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(fixed);
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return render();
  } finally {
    globalThis.Date = RealDate;
  }
}

/**
 * Draws the screen of `pathname` in one language, with every translation area of that language
 * at hand. `session` is how the screen is drawn: anonymous for public screens, "restoring" for
 * members' screens (their frame, filled in once the app knows the member); `now`, the instant it
 * is drawn at (the build's by default). `signedIn`: a screen drawn for one member, signed in, with
 * its data (the server draws the scoring screen so, decision 0068); `pathname` may then carry the
 * screen's query. `month`: the calendar's month with its events, as a visitor sees it (decision 0073).
 */
export async function renderPage(
  pathname: string,
  language: Language,
  areas: ResourceLanguage,
  session: SessionStatus,
  now?: Date,
  content?: RenderedContent,
  signedIn?: SignedInDrawing,
  month?: DrawnMonth,
): Promise<DrawnPage> {
  const i18n = translations(language, areas);
  const queryClient = new QueryClient();
  // The screen reads the content as the app will: from its query, here already filled.
  if (content) queryClient.setQueryData(CONTENT_KEY, content);
  // So does the calendar its month's events, as a visitor's app holds them.
  if (month) queryClient.setQueryData(monthEventsKey(month.year, month.month, ANONYMOUS_VIEWER), month.events);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answers ${context.status}`);
  const tree = (
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />
  );
  const markup = atInstant(now, () =>
    renderToString(
      <Providers i18n={i18n} queryClient={queryClient} session={signedIn ? { status: 'authenticated', user: signedIn.user } : { status: session, user: null }}>
        <DrawnScoringContext value={signedIn?.scoring ?? null}>
          <HeroPictureContext value={drawnHero}>{tree}</HeroPictureContext>
        </DrawnScoringContext>
      </Providers>,
    ),
  );
  return { markup: inert(markup), areas: i18n.reportNamespaces?.getUsedNamespaces() ?? [] };
}

/**
 * Controls need the app: until it starts, buttons show disabled, so no click is silently lost
 * when the app replaces the drawing. Fields the app can find again (with a name: text fields,
 * boxes and lists) take input from the first paint, and the app carries what was typed
 * into its own fields when it replaces them (`keepDrawnFields`, decision 0054); the others read
 * read-only or disabled. Links are plain links and work from the start.
 */
export function inert(markup: string): string {
  return markup.replace(
    /<(button|input|select|textarea)\b([^>]*)>/g,
    (tag: string, name: string, attributes: string) => {
      if (/\s(disabled|readonly)=/.test(attributes)) return tag;
      const kind = /\stype="([a-z-]+)"/.exec(attributes)?.[1];
      const typing = name === 'textarea' || (name === 'input' && !NOT_TYPED.has(kind ?? 'text'));
      const carried = name !== 'button' && /\sname="[^"]+"/.test(attributes) && !NOT_CARRIED.has(kind ?? 'text');
      if (carried) return tag;
      return `<${name} ${typing ? 'readonly=""' : 'disabled=""'}${attributes}>`;
    },
  );
}

/** Inputs nobody types into. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'range', 'color', 'hidden', 'submit', 'button', 'reset', 'image']);
/** Inputs whose value cannot be carried into the app's field as typing is (or that are buttons). */
const NOT_CARRIED = new Set(['file', 'range', 'color', 'hidden', 'submit', 'button', 'reset', 'image']);
