import type { Browser, BrowserContext, Page } from '@playwright/test';
import siteSettings from '../../packages/contract/site-settings.json' with { type: 'json' };
import { APP_ROUTES, teamPath } from '../../packages/contract/src/routes.ts';
import { createMember } from './fixtures.ts';
import { signIn, storeSession } from './session.ts';
import type { Session } from './session.ts';
import { appStarted, expect } from './test.ts';

export type Role = 'visitor' | 'member' | 'staff';

/**
 * Every screen of the app, for the tests that sweep them all (width, focus, axe). Screens a
 * role cannot open send it elsewhere (sign-in, calendar), which is a screen worth checking too.
 */
export const APP_SCREENS: readonly string[] = [
  APP_ROUTES.home,
  ...siteSettings.team.map((member) => teamPath(member.slug)),
  APP_ROUTES.login,
  APP_ROUTES.register,
  APP_ROUTES.forgotten,
  `${APP_ROUTES.resetPassword}?token=not-a-real-token`,
  `${APP_ROUTES.verifyEmail}?token=not-a-real-token`,
  APP_ROUTES.calendar,
  APP_ROUTES.profile,
  APP_ROUTES.myRegistrations,
  APP_ROUTES.myMembership,
  APP_ROUTES.changePassword,
  APP_ROUTES.dryTraining,
  APP_ROUTES.stageDesigner,
  APP_ROUTES.library,
  APP_ROUTES.training,
  `${APP_ROUTES.admin}/events`,
  `${APP_ROUTES.admin}/members`,
  `${APP_ROUTES.admin}/messages`,
  `${APP_ROUTES.admin}/payments`,
  `${APP_ROUTES.admin}/membership`,
  `${APP_ROUTES.admin}/targets`,
  `${APP_ROUTES.admin}/content`,
  APP_ROUTES.terms,
  APP_ROUTES.privacy,
  APP_ROUTES.notFound,
];

const sessions = new Map<Role, Session>();

/** Signs a fresh member (or staff user) in once per role and keeps the token for later contexts. */
async function sessionFor(browser: Browser, role: Exclude<Role, 'visitor'>): Promise<Session> {
  const cached = sessions.get(role);
  if (cached) return cached;
  const member = createMember({ staff: role === 'staff' });
  const context = await browser.newContext();
  const session = await signIn(await context.newPage(), member);
  await context.close();
  sessions.set(role, session);
  return session;
}

/**
 * A browser context as a phone (or tablet) of this width would open the site, signed in as the
 * role through the stored session the app reads at start (one sign-in per role per run).
 */
export async function roleContext(
  browser: Browser,
  role: Role,
  options: { width: number; height?: number; mobile?: boolean; lang?: 'es' | 'ca' | 'en' },
): Promise<BrowserContext> {
  const mobile = options.mobile ?? options.width < 992;
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height ?? 844 },
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 2 : 1,
  });
  if (options.lang) {
    await context.addInitScript((lang) => localStorage.setItem('ipsc-club.lang', lang), options.lang);
  }
  if (role !== 'visitor') await storeSession(context, await sessionFor(browser, role));
  return context;
}

interface RequestsInFlight {
  count: number;
  /** When the count last changed (Date.now()). */
  since: number;
}

const inFlight = new WeakMap<Page, RequestsInFlight>();

/** Counts the page's requests in flight from now on (once per page). */
function trackRequests(page: Page): RequestsInFlight {
  let state = inFlight.get(page);
  if (state) return state;
  const tracked: RequestsInFlight = { count: 0, since: Date.now() };
  const change = (by: number) => () => {
    tracked.count += by;
    tracked.since = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  inFlight.set(page, tracked);
  state = tracked;
  return state;
}

/**
 * How long no request may be in flight before a screen counts as settled. Playwright's
 * `networkidle` waits 500 ms; the sweeps open some 250 screens, and the app starts its next
 * request (a screen's code, texts or data) within a few milliseconds of the last one ending.
 */
const QUIET_MS = 200;

/**
 * Opens a screen and waits until the app has drawn it and fetched what it shows: the app has
 * replaced the drawing and no request has been in flight for QUIET_MS.
 */
export async function openScreen(page: Page, path: string, options: { startTimeout?: number } = {}): Promise<void> {
  trackRequests(page);
  await page.goto(path);
  await appStarted(page, options.startTimeout);
  await settled(page, path);
  await page.locator('main').first().waitFor();
}

/**
 * Opens a screen as the app's own links do, without loading the page again: the sweeps that
 * look at how every screen is laid out (not at how a page arrives, which first-paint.spec.ts
 * checks) open the first one with `openScreen` and the rest with this, at a fraction of the
 * processor a page load costs (decision 0071). Waits as `openScreen` does, counting the quiet
 * from now.
 */
export async function openScreenInApp(page: Page, path: string): Promise<void> {
  const requests = trackRequests(page);
  requests.since = Date.now();
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    // The router renders the new screen in tasks of its own: two frames later it has (or it is
    // waiting for the screen's code or data, which the quiet below waits for).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
  await settled(page, path);
  await page.locator('main').first().waitFor();
}

/**
 * Waits until no request of the page (code, texts, data) has been in flight for QUIET_MS, as
 * after something the test did that makes the app load more (a first Tab that brings in the
 * sections below the fold). Counts from the screen's opening by `openScreen`, or from now.
 */
export async function settled(page: Page, what: string): Promise<void> {
  const requests = trackRequests(page);
  await expect
    .poll(() => requests.count === 0 && Date.now() - requests.since >= QUIET_MS, {
      message: `${what}: requests still in flight`,
      intervals: [50],
      timeout: 30_000,
    })
    .toBe(true);
}
