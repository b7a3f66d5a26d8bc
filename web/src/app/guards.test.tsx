import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../test/render.tsx';
import { makeUser } from '../test/users.ts';
import { AnonymousOnly } from './guards.tsx';

const member = makeUser({ uuid: '0b7e4d0c-3b1a-4f3e-9a55-3f0f5c1c2a11' });

function signedIn() {
  localStorage.setItem('ipsc-club.token', 'test-token');
  localStorage.setItem('ipsc-club.uuid', member.uuid);
  stubFetch((call) => (call.url === '/api/active-user/' ? { body: { token: 'test-token', user: member } } : undefined));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AnonymousOnly', () => {
  it('sends a signed-in member back to the next path of this site, as the login screen does', async () => {
    signedIn();
    const { router } = renderWithProviders(
      <AnonymousOnly>
        <p>login</p>
      </AnonymousOnly>,
      { route: '/login?next=%2Fcalendar%3Fmonth%3D2026-12%26event%3Dabc', path: '/login', otherPaths: ['/', '/calendar'] },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(router.state.location.search).toBe('?month=2026-12&event=abc');
  });

  it('sends a signed-in member home when next points to another site', async () => {
    signedIn();
    const { router } = renderWithProviders(
      <AnonymousOnly>
        <p>login</p>
      </AnonymousOnly>,
      { route: '/login?next=%2F%2Fevil.example%2Fcalendar', path: '/login', otherPaths: ['/', '/calendar'] },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
