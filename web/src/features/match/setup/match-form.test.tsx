import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryStageSchema } from '@club/contract/library';
import type { LibraryStage } from '@club/contract/library';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { MatchForm } from './match-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

const EVENT = '33333333-3333-4333-8333-333333333333';
const PRESIDENTE = '22222222-2222-4222-8222-222222222222';

function libraryStage(id: string, name: string, rounds: number): LibraryStage {
  return libraryStageSchema.parse({
    id,
    name,
    description: `${name}, two cards`,
    rounds,
    tags: [],
    updatedAt: '2025-03-01T10:00:00.000Z',
    author: 'Staff, Sara',
    translations: { en: { name: `${name} (en)`, description: '' } },
    stage: { id, name, elements: [] },
  });
}

const STAGES = [libraryStage('11111111-1111-4111-8111-111111111111', 'Bill drill', 6), libraryStage(PRESIDENTE, 'El Presidente', 12)];

describe('MatchForm, a new match', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts from the event's briefing stage: its library stage, name in the reader's language and rounds", async () => {
    const calls = stubFetch((call) => (call.url === '/api/library/stages/' ? { body: STAGES } : call.method === 'PUT' ? { status: 500, body: {} } : undefined));
    renderWithProviders(<MatchForm eventUuid={EVENT} match={null} defaultName="Tirada social IPSC" defaultStageId={PRESIDENTE} />, {
      language: 'en',
      areas: ['match'],
    });
    const row = screen.getAllByTestId('stage-row')[0]!;
    await waitFor(() => expect(within(row).getByLabelText('Stage name')).toHaveValue('El Presidente (en)'));
    expect(within(row).getByLabelText('From the library')).toHaveValue(PRESIDENTE);
    expect(within(row).getByLabelText('Min. rounds')).toHaveValue('12');

    // What staff write instead stays theirs.
    const user = userEvent.setup();
    await user.clear(within(row).getByLabelText('Stage name'));
    await user.type(within(row).getByLabelText('Stage name'), 'Presidente, con giro');
    await user.click(screen.getByRole('button', { name: 'Make this event a match' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')!.body as { stages: Array<{ name: string; libraryStageId: string | null; minRounds: number }> };
    expect(body.stages).toEqual([expect.objectContaining({ name: 'Presidente, con giro', libraryStageId: PRESIDENTE, minRounds: 12 })]);
  });

  it('starts empty for an event without a briefing', async () => {
    stubFetch((call) => (call.url === '/api/library/stages/' ? { body: STAGES } : undefined));
    renderWithProviders(<MatchForm eventUuid={EVENT} match={null} defaultName="Tirada social IPSC" />, { language: 'en', areas: ['match'] });
    const row = screen.getAllByTestId('stage-row')[0]!;
    await waitFor(() => expect(within(row).getByRole('option', { name: 'El Presidente (en)' })).toBeInTheDocument());
    expect(within(row).getByLabelText('From the library')).toHaveValue('');
    expect(within(row).getByLabelText('Stage name')).toHaveValue('');
  });
});
