import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { RemindersOffPage } from './reminders-off-page.tsx';

describe('RemindersOffPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks first, then posts the signed token and says it is done', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    renderWithProviders(<RemindersOffPage />, {
      language: 'en',
      areas: ['reminders-off'],
      route: '/reminders-off?token=abc.def',
    });
    const button = await screen.findByRole('button', { name: 'Turn reminders off' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Done: you will get no more event reminders.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/reminders-off/abc.def']);
  }, 30_000);

  it('says a refused link is not valid', async () => {
    stubFetch(() => ({ status: 400, body: { errorCode: 'INVALID_TOKEN', message: 'This link is not valid.' } }));
    renderWithProviders(<RemindersOffPage />, { language: 'en', areas: ['reminders-off'], route: '/reminders-off?token=x.y' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn reminders off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
  }, 30_000);
});
