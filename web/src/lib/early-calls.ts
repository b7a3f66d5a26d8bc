/**
 * A page's first calls, sent by its starter before the app's code has arrived (decision 0060):
 * the session's check for a stored session, and the screen's own calls where its drawn frame
 * names them. The starter
 * (web/build/early-calls-source.ts) keeps them on `window` under EARLY_CALLS_KEY; the app takes each
 * answer once, for the same GET with the same token, while it is fresh, and otherwise asks again.
 */
export const EARLY_CALLS_KEY = '__clubEarlyCalls';

/** How long an answer sent ahead stays the app's to take. */
export const EARLY_CALLS_FRESH_MS = 10_000;

/** A call's answer as the starter keeps it: read whole, so the app reads it as its own. */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** What the starter leaves: the token the calls carried, when they left, and their answers. */
export interface EarlyCalls {
  /** None for a visitor's calls. */
  token: string | undefined;
  /** `performance.now()` when the calls left. */
  at: number;
  answers: Record<string, Promise<EarlyAnswer> | undefined>;
}

function earlyCalls(): EarlyCalls | undefined {
  return (globalThis as { [EARLY_CALLS_KEY]?: EarlyCalls })[EARLY_CALLS_KEY];
}

/**
 * The answer to `url` sent ahead with `token` (none for a visitor), once: undefined when none was
 * sent, it carried another token or none (the member signed out or in since), or it is older
 * than EARLY_CALLS_FRESH_MS.
 */
export function takeEarlyAnswer(url: string, token: string | undefined): Promise<EarlyAnswer> | undefined {
  const early = earlyCalls();
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  if (early.token !== token || performance.now() - early.at >= EARLY_CALLS_FRESH_MS) return undefined;
  return answer;
}

/**
 * Where a page's starter leaves the screen the server drew for the member (FirstCalls' `drawing`,
 * decision 0068) once it has put it in the page: the data it was drawn from, and the token that
 * asked for it.
 */
export const DRAWN_SCREEN_KEY = '__clubDrawnScreen';

export interface DrawnScreen {
  token: string;
  data: unknown;
}

/** What the starter left for the screen, once: the app's first render of that screen takes it. */
export function drawnScreen(): DrawnScreen | undefined {
  return (globalThis as { [DRAWN_SCREEN_KEY]?: DrawnScreen })[DRAWN_SCREEN_KEY];
}

export function forgetDrawnScreen(): void {
  delete (globalThis as { [DRAWN_SCREEN_KEY]?: DrawnScreen })[DRAWN_SCREEN_KEY];
}
