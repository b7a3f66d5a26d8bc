/** A match's screens: its page (stages, squads), staff's setup, the scoring and the results. */
export const matchPath = (eventUuid: string, screen?: 'setup' | 'score' | 'results'): string =>
  `/match/${eventUuid}${screen ? `/${screen}` : ''}`;

/** Path of each team page, named after its instructor (SPEC §2). */
export const teamPath = (slug: string): string => `/team/${slug}`;

/** The paths the web app answers with a screen (SPEC §2 plus the staff area and legal pages). */
export const APP_ROUTES = {
  home: '/',
  homeAlias: '/home',
  calendar: '/calendar',
  login: '/login',
  register: '/register',
  profile: '/user-profile',
  myRegistrations: '/my-registrations',
  myMembership: '/my-membership',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
  verifyEmail: '/verify-email',
  remindersOff: '/reminders-off',
  forgotten: '/forgoten',
  dryTraining: '/dry-training',
  stageDesigner: '/stage-designer',
  library: '/stages',
  training: '/training',
  matchDay: '/match',
  myResults: '/my-results',
  admin: '/admin',
  terms: '/terms',
  privacy: '/privacy',
  notFound: '/not-found',
} as const;

const exactPaths = new Set<string>([...Object.values(APP_ROUTES).filter((p) => p !== APP_ROUTES.notFound)]);

// Team and news pages come from the club's content, which staff change: their paths are screens;
// an unknown instructor or item shows the not-found screen when the app starts (and the server,
// which knows the content, answers it with 404).
const idRoutes = [
  /^\/team\/[a-z0-9][a-z0-9-]{0,63}$/,
  /^\/news\/[a-z0-9][a-z0-9-]{0,63}\/(es|ca|en)$/,
  /^\/dry-training\/[A-Za-z0-9-]{1,64}$/,
  /^\/stage-designer\/[A-Za-z0-9-]{1,64}$/,
  /^\/stages\/[A-Za-z0-9-]{1,64}\/briefing$/,
  /^\/admin\/[a-z-]{1,30}$/,
  /^\/match\/[A-Za-z0-9-]{1,64}(\/(setup|score|results))?$/,
];

/** A screen's first calls, `$1` standing for the id its pattern captures, which the page's starter sends (decision 0060). */
export interface FirstCalls {
  pattern: RegExp;
  calls: readonly string[];
  /** 'member': sent only with a stored session (a visitor would be refused them). */
  callsFor: 'member' | 'anyone';
  /**
   * The screen drawn by the server with the member's data (`$1` the id), asked for by the
   * starter in place of `calls` when a session is stored: the page shows it before the app's
   * code is asked for (decision 0068).
   */
  drawing?: string;
}

/**
 * Screens with an id in the path that are still drawn at build time: their frame, the same for
 * every id (the screen then fills it in). `drawnAt` is the path the build draws it from, `name`
 * its file (`pages/{name}.{lang}.html`). `calls` are the screen's first calls, `$1` standing for
 * the id the pattern captures: the page's starter sends them beside the app's code, with the
 * session stored on the device if there is one, and for a visitor too where `callsFor` is
 * 'anyone' (decision 0060); the screen takes their answers.
 */
export const DRAWN_FRAMES = [
  {
    name: 'match-score',
    drawnAt: '/match/frame/score',
    pattern: /^\/match\/([A-Za-z0-9-]{1,64})\/score$/,
    calls: ['/api/events/$1/match/', '/api/events/$1/match/competitors/', '/api/events/$1/match/scores/'],
    callsFor: 'member',
    drawing: '/api/events/$1/match/drawing/',
  },
  {
    name: 'match-results',
    drawnAt: '/match/frame/results',
    pattern: /^\/match\/([A-Za-z0-9-]{1,64})\/results$/,
    calls: ['/api/events/$1/match/results/', '/api/events/$1/'],
    callsFor: 'anyone',
  },
] as const;

/** The name of the frame drawn at build time for a path with an id, if it has one. */
export function drawnFrameName(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return DRAWN_FRAMES.find((frame) => frame.pattern.test(path))?.name;
}

/** True when a path (without query) is a screen of the app rather than the not-found page. */
export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return exactPaths.has(path) || idRoutes.some((re) => re.test(path));
}
