import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Competitor, IpscScore, Match } from '@club/contract/match';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchCall } from '../../../test/render.tsx';
import { makeUser } from '../../../test/users.ts';
import { ScoringPage } from './scoring-page.tsx';
import { prefetchScoring } from './use-scoring-data.ts';

// IndexedDB and the outbox run take a while on a busy machine: findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

let n = 0;
const officer = makeUser({ uuid: 'officer-1', arbitroIpsc: true, fullName: 'Officer, Olga' });

function matchOf(eventUuid: string): Match {
  return {
    eventUuid,
    name: 'Tirada social de noviembre',
    scoring: 'ipsc',
    published: false,
    stages: [{ number: 1, name: 'El pasillo', libraryStageId: null, minRounds: 12, maxPoints: 60, scoringType: 'comstock', series: null, shotsPerSeries: null }],
    squads: [{ number: 1, name: null, capacity: 10 }],
    version: 1,
  };
}

const competitor = (id: string, fullName: string): Competitor => ({
  id,
  personUuid: null,
  nombre: fullName,
  apellidos: '',
  fullName,
  division: 4,
  factor: 1,
  category: null,
  squad: 1,
  dq: false,
  dqReason: null,
});

const ana = competitor('11111111-1111-4111-8111-111111111111', 'Ana García');
const bea = competitor('22222222-2222-4222-8222-222222222222', 'Bea Puig');

/** The match's calls; `onPut` answers each PUT of a score. */
function matchServer(eventUuid: string, onPut: (call: FetchCall) => { status?: number; body?: unknown }) {
  return (call: FetchCall) => {
    if (call.url === '/api/active-user/') return { body: { token: 'token-1', user: officer } };
    if (call.url === `/api/events/${eventUuid}/match/`) return { body: matchOf(eventUuid) };
    if (call.url === `/api/events/${eventUuid}/match/competitors/`) return { body: [ana, bea] };
    if (call.url === `/api/events/${eventUuid}/match/scores/`) return { body: [] };
    if (call.method === 'PUT' && call.url.startsWith(`/api/events/${eventUuid}/match/stages/1/scores/`)) return onPut(call);
    return undefined;
  };
}

function saved(call: FetchCall, competitorId: string, revision: number, scoredBy = 'Officer, Olga'): IpscScore {
  const body = call.body as Omit<IpscScore, 'stage' | 'competitorId' | 'revision' | 'scoredBy' | 'scoredAt'>;
  return { ...body, stage: 1, competitorId, revision, scoredBy, scoredAt: '2026-11-26T10:00:00.000Z' };
}

async function enterAnasRun(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Ana García/ }));
  await user.type(screen.getByLabelText('Time (seconds)'), '12.50');
  const plusA = screen.getByRole('button', { name: 'One more: Alpha' });
  for (let i = 0; i < 10; i++) await user.click(plusA);
  await user.click(screen.getByRole('button', { name: 'One more: Charlie' }));
  await user.click(screen.getByRole('button', { name: 'One more: Charlie' }));
}

describe('the scoring screen', { timeout: 30_000 }, () => {
  let eventUuid: string;
  beforeEach(() => {
    eventUuid = `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
    localStorage.setItem('ipsc-club.token', 'token-1');
    localStorage.setItem('ipsc-club.uuid', officer.uuid);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the points and hit factor of the run, saves it only once the competitor confirms, and keeps it waiting while the server cannot take it', async () => {
    let answer: 'busy' | 'ok' = 'busy';
    const calls = stubFetch(
      matchServer(eventUuid, (call) =>
        answer === 'busy' ? { status: 503, body: { errorCode: 'INTERNAL_ERROR', message: 'down' } } : { body: saved(call, ana.id, 1) },
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScoringPage />, { route: `/match/${eventUuid}/score`, path: '/match/:uuid/score', areas: ['match'], language: 'en' });
    await enterAnasRun(user);
    // Minor: 10 A × 5 + 2 C × 3 = 56 points; 56 ÷ 12.50 s = 4.4800.
    expect(screen.getByTestId('live-points')).toHaveTextContent('56');
    expect(screen.getByTestId('live-hf')).toHaveTextContent('4.4800');

    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ana García: I confirm' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(await screen.findByText('1 score waiting to send')).toBeInTheDocument();
    const row = screen.getByRole('button', { name: /Ana García/ });
    expect(within(row).getByText('Waiting to send')).toBeInTheDocument();

    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Every score is on the server.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0].url).toBe(`/api/events/${eventUuid}/match/stages/1/scores/${ana.id}/`);
    expect(puts[0].body).toMatchObject({ a: 10, c: 2, d: 0, m: 0, ns: 0, procedurals: 0, time: 12.5, dnf: false, basedOn: null });
    // The resend is the same score: one clientId.
    expect((puts[1].body as { clientId: string }).clientId).toBe((puts[0].body as { clientId: string }).clientId);
    expect(within(screen.getByRole('button', { name: /Ana García/ })).getByText(/Sent/)).toBeInTheDocument();
  });

  it('refuses to save a run without a time and says why', async () => {
    stubFetch(matchServer(eventUuid, () => ({ status: 500 })));
    const user = userEvent.setup();
    renderWithProviders(<ScoringPage />, { route: `/match/${eventUuid}/score`, path: '/match/:uuid/score', areas: ['match'], language: 'es' });
    await user.click(await screen.findByRole('button', { name: /Ana García/ }));
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(screen.getByText('Escribe el tiempo del cronómetro, p. ej. 12,34.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tiempo (segundos)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: /confirmo/ })).not.toBeInTheDocument();
  });

  it('shows both versions of a conflict and sends the officer\'s own again, based on the server\'s revision', async () => {
    const theirs: IpscScore = {
      stage: 1,
      competitorId: ana.id,
      a: 8,
      c: 4,
      d: 0,
      m: 0,
      ns: 0,
      procedurals: 0,
      time: 11,
      dnf: false,
      clientId: '33333333-3333-4333-8333-333333333333',
      basedOn: null,
      revision: 1,
      scoredBy: 'Other, Oscar',
      scoredAt: '2026-11-26T09:59:00.000Z',
    };
    let puts = 0;
    const calls = stubFetch(
      matchServer(eventUuid, (call) => {
        puts += 1;
        if (puts === 1) return { status: 409, body: { errorCode: 'SCORE_CONFLICT', message: 'conflict', mine: call.body, theirs } };
        return { body: saved(call, ana.id, 2) };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScoringPage />, { route: `/match/${eventUuid}/score`, path: '/match/:uuid/score', areas: ['match'], language: 'en' });
    await enterAnasRun(user);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Ana García: I confirm' }));

    const conflict = await screen.findByTestId('score-conflict');
    expect(within(conflict).getByTestId('conflict-mine')).toHaveTextContent('A 10 · C 2 · D 0 · M 0 · NS 0 · P 0 · 12.50 s');
    expect(within(conflict).getByTestId('conflict-theirs')).toHaveTextContent('A 8 · C 4 · D 0 · M 0 · NS 0 · P 0 · 11.00 s');
    expect(within(conflict).getByText('On the server, saved by Other, Oscar')).toBeInTheDocument();
    // A score in conflict is not on the server: the status line says it waits for a choice.
    expect(screen.getByTestId('outbox-status')).toHaveTextContent('1 score is not on the server: choose below');
    expect(screen.queryByText('Every score is on the server.')).not.toBeInTheDocument();

    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('score-conflict')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'PUT');
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toMatchObject({ a: 10, c: 2, basedOn: 1 });
    expect(await screen.findByText('Every score is on the server.')).toBeInTheDocument();
  });

  it('takes the match calls its route started beside the session check, and asks nothing twice', async () => {
    let releaseCheck: (() => void) | null = null;
    const serve = matchServer(eventUuid, () => ({ status: 500 }));
    const calls = stubFetch((call) => {
      if (call.url === '/api/active-user/')
        return new Promise((resolve) => {
          releaseCheck = () => resolve({ body: { token: 'token-1', user: officer } });
        });
      return serve(call);
    });
    const matchCalls = () => calls.filter((c) => c.url.startsWith(`/api/events/${eventUuid}/match/`)).map((c) => c.url);
    // What the route's loader does as the app starts.
    prefetchScoring(eventUuid);
    renderWithProviders(<ScoringPage />, { route: `/match/${eventUuid}/score`, path: '/match/:uuid/score', areas: ['match'], language: 'en' });
    await waitFor(() => expect(releaseCheck).not.toBeNull());
    expect(matchCalls()).toHaveLength(3);
    releaseCheck!();
    expect(await screen.findByRole('button', { name: /Ana García/ })).toBeInTheDocument();
    expect(matchCalls().sort()).toEqual(
      [`/api/events/${eventUuid}/match/`, `/api/events/${eventUuid}/match/competitors/`, `/api/events/${eventUuid}/match/scores/`].sort(),
    );
  });

  it('with no session stored, starts no calls ahead', () => {
    localStorage.clear();
    const calls = stubFetch(() => undefined);
    prefetchScoring(eventUuid);
    expect(calls).toHaveLength(0);
  });
});
