import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_FRAMES } from '@club/contract/routes';
import type { FirstCalls } from '@club/contract/routes';
import { earlyCallsSource } from '../../build/early-calls-source.ts';
import { apiRequest } from './http.ts';
import { EARLY_CALLS_FRESH_MS, EARLY_CALLS_KEY, drawnScreen, forgetDrawnScreen } from './early-calls.ts';
import { clearStoredSession, writeStoredSession } from './session-storage.ts';

// The starter's first lines, as the build writes them for the scoring screen's page, run here as
// the browser runs them; the app's calls then take (or do not take) what they sent.
const scoring = DRAWN_FRAMES.find((frame) => frame.name === 'match-score')!;
const results = DRAWN_FRAMES.find((frame) => frame.name === 'match-results')!;
// A member's screen whose calls the starter sends itself (the scoring screen's, were it not drawn
// by the server for the member: decision 0068).
const memberCalls: FirstCalls = { ...scoring, drawing: undefined };
const runStarter = (frame: FirstCalls = memberCalls) => new Function(earlyCallsSource(frame))();

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const asked = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.documentElement.lang = 'ca';
  window.history.replaceState(null, '', '/match/ev-1/score/');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStoredSession();
  delete (globalThis as Record<string, unknown>)[EARLY_CALLS_KEY];
  forgetDrawnScreen();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('a page’s first calls, sent by its starter', () => {
  it('go out at once for a stored session, with its token and the page’s language, and the app takes each answer once', async () => {
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: false });
    fetchMock.mockImplementation(async (url) => json(200, { asked: String(url) }));
    runStarter();
    expect(asked()).toEqual([
      '/api/active-user/',
      '/api/events/ev-1/match/',
      '/api/events/ev-1/match/competitors/',
      '/api/events/ev-1/match/scores/',
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      const headers = init?.headers as Record<string, string>;
      expect(headers.Authorization).toBe('Token tok-1');
      expect(headers['Accept-Language']).toBe('ca');
    }
    // Taken: the app's own calls send nothing more and read what the starter's got.
    await expect(apiRequest('/api/events/ev-1/match/competitors/')).resolves.toEqual({ asked: '/api/events/ev-1/match/competitors/' });
    await expect(apiRequest('/api/active-user/')).resolves.toEqual({ asked: '/api/active-user/' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // Once: the same call again goes to the server.
    await apiRequest('/api/active-user/');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('send nothing for a visitor with no session on a member’s screen, nor a screen’s calls on another address', () => {
    runStarter();
    expect(fetchMock).not.toHaveBeenCalled();
    expect((globalThis as Record<string, unknown>)[EARLY_CALLS_KEY]).toBeUndefined();

    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: true });
    window.history.replaceState(null, '', '/calendar');
    fetchMock.mockImplementation(async () => json(200, {}));
    runStarter();
    expect(asked()).toEqual(['/api/active-user/']);
  });

  it('go out for a visitor on a screen for anyone, without a token, and are taken by the visitor’s calls only', async () => {
    window.history.replaceState(null, '', '/match/ev-2/results');
    fetchMock.mockImplementation(async (url) => json(200, { asked: String(url) }));
    runStarter(results);
    expect(asked()).toEqual(['/api/events/ev-2/match/results/', '/api/events/ev-2/']);
    for (const [, init] of fetchMock.mock.calls) expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    await expect(apiRequest('/api/events/ev-2/match/results/')).resolves.toEqual({ asked: '/api/events/ev-2/match/results/' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Signed in since: the visitor's answer is not the member's.
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: true });
    await apiRequest('/api/events/ev-2/');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('are not taken with another token, once stale, nor by a call that is not the same GET', async () => {
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: true });
    fetchMock.mockImplementation(async () => json(200, { from: 'starter' }));
    runStarter();
    fetchMock.mockImplementation(async () => json(200, { from: 'app' }));
    await expect(apiRequest('/api/events/ev-1/match/', { query: { page: 2 } })).resolves.toEqual({ from: 'app' });
    await expect(apiRequest('/api/events/ev-1/match/scores/', { method: 'PUT', body: {} })).resolves.toEqual({ from: 'app' });
    // Signed in as somebody else since the page opened.
    writeStoredSession({ token: 'tok-2', uuid: 'u2', remember: true });
    await expect(apiRequest('/api/active-user/')).resolves.toEqual({ from: 'app' });
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: true });
    const sent = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(sent + EARLY_CALLS_FRESH_MS + 1);
    await expect(apiRequest('/api/events/ev-1/match/competitors/')).resolves.toEqual({ from: 'app' });
  });

  it('read a refusal and a lost network as the app’s own calls would', async () => {
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: true });
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/scores/')) throw new TypeError('Failed to fetch');
      if (String(url).endsWith('/match/')) return json(404, { errorCode: 'NOT_A_MATCH', message: 'not a match' });
      return json(200, {});
    });
    runStarter();
    await expect(apiRequest('/api/events/ev-1/match/')).rejects.toMatchObject({ status: 404, errorCode: 'NOT_A_MATCH' });
    await expect(apiRequest('/api/events/ev-1/match/scores/')).rejects.toMatchObject({ status: 0, errorCode: 'NETWORK_ERROR' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('the screen the server draws for the member, asked for by the starter (decision 0068)', () => {
  const FRAME = '<div class="score-page" aria-busy="true">frame</div>';
  const drawingAnswer = { markup: '<main><button disabled="">Iris</button></main>', areas: ['common', 'match'], snapshot: { eventUuid: 'ev-1' } };
  const page = () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.areas = 'common';
    root.innerHTML = FRAME;
    document.body.append(root);
    return root;
  };

  it('is asked for with the address’s stage and squad instead of the screen’s calls, replaces the frame and leaves its data for the app', async () => {
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: false });
    window.history.replaceState(null, '', '/match/ev-1/score?stage=2&squad=none&other=x');
    const root = page();
    fetchMock.mockImplementation(async (url) => (String(url).includes('/drawing/') ? json(200, drawingAnswer) : json(200, {})));
    runStarter(scoring);
    expect(asked()).toEqual(['/api/active-user/', '/api/events/ev-1/match/drawing/?stage=2&squad=none']);
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe('Token tok-1');
    await vi.waitFor(() => expect(root.innerHTML).toBe(drawingAnswer.markup));
    expect(root.dataset.areas).toBe('common,match');
    expect(drawnScreen()).toEqual({ token: 'tok-1', data: drawingAnswer.snapshot });
  });

  it('leaves the page as it is when refused, when nothing is drawn, when the app has started, and for a visitor', async () => {
    writeStoredSession({ token: 'tok-1', uuid: 'u1', remember: false });
    const root = page();
    /** Runs the starter with the server answering `answer`, and checks the frame is still there and no data was left. */
    const leftAsItIs = async (answer: () => Response) => {
      fetchMock.mockReset();
      fetchMock.mockImplementation(async () => answer());
      runStarter(scoring);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(root.innerHTML).toBe(FRAME);
      expect(drawnScreen()).toBeUndefined();
    };
    await leftAsItIs(() => json(403, { errorCode: 'NOT_A_RANGE_OFFICER', message: 'no' }));
    // Nothing drawn by the server (204: a squad too large, a build without the drawing code).
    await leftAsItIs(() => new Response(null, { status: 204 }));
    // The app took the page before the drawing came.
    root.dataset.started = '';
    await leftAsItIs(() => json(200, drawingAnswer));

    fetchMock.mockReset();
    clearStoredSession();
    runStarter(scoring);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
