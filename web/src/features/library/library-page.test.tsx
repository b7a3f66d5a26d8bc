import axe from 'axe-core';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryStageSchema } from '@club/contract/library';
import type { LibraryStage } from '@club/contract/library';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import type { FetchCall } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import { LibraryPage } from './library-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const STAFF = makeUser({ uuid: 'staff-1', staff: true });

function libraryStage(id: string, name: string): LibraryStage {
  return libraryStageSchema.parse({
    id,
    name,
    description: `${name}, two cards`,
    rounds: 6,
    tags: ['speed'],
    updatedAt: '2025-03-01T10:00:00.000Z',
    author: 'Staff, Sara',
    stage: { id, name, elements: [] },
  });
}

const STAGES = [libraryStage('11111111-1111-4111-8111-111111111111', 'Bill drill'), libraryStage('22222222-2222-4222-8222-222222222222', 'El Presidente')];

/** Staff signed in, the library listing two stages, and DELETE answered as the server does. */
function staffLibrary(): FetchCall[] {
  localStorage.setItem('ipsc-club.token', 'test-token');
  localStorage.setItem('ipsc-club.uuid', STAFF.uuid);
  return stubFetch((call) => {
    if (call.url === '/api/active-user/') return { body: { token: 'test-token', user: STAFF } };
    if (call.url === '/api/library/stages/' && call.method === 'GET') return { body: STAGES };
    if (call.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

async function openDelete(name: string) {
  const user = userEvent.setup();
  renderWithProviders(<LibraryPage />, { route: '/stages', language: 'en', areas: ['library'] });
  const card = (await screen.findByRole('heading', { name })).closest('article');
  if (!card) throw new Error(`no card ${name}`);
  // The staff's buttons come once the session is read.
  const opener = await within(card).findByRole('button', { name: 'Delete' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Delete' });
  return { user, opener, dialog };
}

describe('LibraryPage: deleting a stage', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('asks in a dialog named by its title that starts on Cancel, keeps the focus inside, and Escape deletes nothing', async () => {
    const calls = staffLibrary();
    const { user, opener, dialog } = await openDelete('El Presidente');
    expect(dialog).toHaveTextContent('Delete El Presidente from the club library?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // Tab and Shift+Tab move among the dialog's own buttons.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The focus cannot stay on the page behind: the dialog takes it back.
    screen.getByRole('searchbox', { name: 'Search' }).focus();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes the stage it names once confirmed', async () => {
    const calls = staffLibrary();
    const { user, dialog } = await openDelete('El Presidente');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/library/stages/${STAGES[1].id}/`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the open dialog has no axe violation', async () => {
    staffLibrary();
    const { dialog } = await openDelete('Bill drill');
    // The dialog alone: the page around it is drawn here without the app's landmarks.
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('LibraryPage: the stages arriving', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws the list in a render of its own after the answer, the spinner showing until then', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubFetch(async (call) => {
      if (call.url !== '/api/library/stages/') return undefined;
      await held;
      return { body: STAGES };
    });
    // What each commit left on the page once the answer is in: the spinner, the list.
    const commits: string[] = [];
    let answered = false;
    const onRender = () => {
      if (!answered) return;
      commits.push(
        document.querySelector('[data-testid="library-list"]') ? 'list' : document.querySelector('[role="status"]') ? 'spinner' : 'none',
      );
    };
    renderWithProviders(
      <Profiler id="library" onRender={onRender}>
        <LibraryPage />
      </Profiler>,
      { route: '/stages', language: 'en', areas: ['library'] },
    );
    await screen.findByRole('status');
    answered = true;
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Bill drill' });
    // The answer's own commit keeps the spinner; the list comes in a later one.
    expect(commits[0]).toBe('spinner');
    expect(commits.at(-1)).toBe('list');
  });
});
