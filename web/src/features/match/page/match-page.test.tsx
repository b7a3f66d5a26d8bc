import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Competitor, Match } from '@club/contract/match';
import type { ClubEvent } from '@club/contract/schemas';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { MatchPage } from './match-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const EVENT = '44444444-4444-4444-8444-444444444444';
const SHOOT: ClubEvent = {
  uuid: EVENT,
  type: 3,
  start: '2026-10-04 09:00:00',
  end: '2026-10-04 14:00:00',
  evento: 'Tirada social IPSC',
  nota: null,
  plazas: 30,
  plazasLibres: 18,
  status: 2,
  soloLectura: false,
  participantes: [],
};

function matchWith(squads: Match['squads']): Match {
  return {
    eventUuid: EVENT,
    name: 'Tirada social IPSC',
    scoring: 'ipsc',
    published: true,
    stages: [{ number: 1, name: 'El Presidente', libraryStageId: null, minRounds: 12, maxPoints: 60, scoringType: 'comstock', series: null, shotsPerSeries: null }],
    squads,
    version: 3,
  };
}

const competitor = (id: string, fullName: string, squad: number | null): Competitor => ({
  id,
  personUuid: null,
  nombre: fullName,
  apellidos: '',
  fullName,
  division: 1,
  factor: 1,
  category: null,
  squad,
  dq: false,
  dqReason: null,
});

function renderMatch(match: Match, competitors: Competitor[]) {
  stubFetch((call) => {
    if (call.url === `/api/events/${EVENT}/`) return { body: SHOOT };
    if (call.url === `/api/events/${EVENT}/match/`) return { body: match };
    if (call.url === `/api/events/${EVENT}/match/competitors/`) return { body: competitors };
    return undefined;
  });
  renderWithProviders(<MatchPage />, { route: `/match/${EVENT}`, path: '/match/:uuid', language: 'en', areas: ['match'] });
}

describe('the match page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says when the match has no squads, and still names every competitor', async () => {
    renderMatch(matchWith([]), [competitor('c1', 'Soler Bosch, Marc', null), competitor('c2', 'Puig Serra, Jordi', null)]);
    expect(await screen.findByText('This match has no squads.')).toBeInTheDocument();
    const none = await screen.findByRole('article', { name: /^No squad/ });
    expect(within(none).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Soler Bosch, Marc'),
      expect.stringContaining('Puig Serra, Jordi'),
    ]);
  });

  it('lists who is in no squad beside the squads, and nothing of the kind when everyone is in one', async () => {
    renderMatch(matchWith([{ number: 1, name: null, capacity: 10 }]), [competitor('c1', 'Soler Bosch, Marc', 1), competitor('c2', 'Puig Serra, Jordi', null)]);
    const squad = await screen.findByRole('article', { name: /^Squad 1/ });
    // The squads come with the match, their competitors with the next answer.
    expect(await within(squad).findByText(/Soler Bosch, Marc/)).toBeInTheDocument();
    const none = await screen.findByRole('article', { name: /^No squad/ });
    expect(within(none).getByText(/Puig Serra, Jordi/)).toBeInTheDocument();
    expect(screen.queryByText('This match has no squads.')).toBeNull();
    cleanup();

    renderMatch(matchWith([{ number: 1, name: null, capacity: 10 }]), [competitor('c1', 'Soler Bosch, Marc', 1)]);
    const only = await screen.findByRole('article', { name: /^Squad 1/ });
    expect(await within(only).findByText(/Soler Bosch, Marc/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^No squad/ })).toBeNull();
  });
});
