import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage } from '@club/contract/schemas';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { MessagesScreen } from './messages-screen.tsx';

const older: ContactMessage = {
  id: 'a1',
  name: 'Maria Sala',
  email: 'maria@example.com',
  subject: 'Older',
  message: 'Bon dia',
  createdAt: '2026-11-18T09:05:00.000Z',
  read: true,
};
const newer: ContactMessage = {
  id: 'b2',
  name: 'Joan Pérez',
  email: 'joan@example.com',
  subject: 'Newer',
  message: 'Hola,\n<img src=x onerror=alert(1)> <b>not bold</b>',
  createdAt: '2026-11-20T18:32:00.000Z',
  read: false,
};

describe('MessagesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists newest first, marks a message read when opened, shows its text as text, and toggles back', async () => {
    const state = new Map([older, newer].map((m) => [m.id, { ...m }]));
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        const id = call.url.split('/').at(-2) ?? '';
        const message = state.get(id);
        if (!message) return { status: 404 };
        message.read = (call.body as { read: boolean }).read;
        return { status: 200, body: message };
      }
      // Older first on the wire: the screen must still show the newest first.
      return { status: 200, body: [...state.values()] };
    });
    renderWithProviders(<MessagesScreen />, { language: 'en', areas: ['admin'] });
    const user = userEvent.setup();

    const items = await screen.findAllByTestId('admin-message');
    expect(items.map((item) => within(item).getByText(/Older|Newer/).textContent)).toEqual([
      'Newer',
      'Older',
    ]);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(within(items[0]).getByText('Unread')).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: /Newer/ }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/admin/messages/b2/',
      body: { read: true },
    });
    await waitFor(() => expect(screen.getByText('0 unread')).toBeInTheDocument());
    const text = document.querySelector('.admin-message-text');
    expect(text?.textContent).toBe(newer.message);
    expect(text?.querySelector('img, b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(screen.getByText('1 unread')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ body: { read: false } });

    // Opening an already read message sends nothing.
    const putsBefore = calls.filter((c) => c.method === 'PUT').length;
    await user.click(within(items[1]).getByRole('button', { name: /Older/ }));
    expect(await screen.findByText('Bon dia')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(putsBefore);
  });

  it('archives a message out of the list and brings it back from the archived ones', async () => {
    const state = new Map([older, newer].map((m) => [m.id, { ...m, archivedAt: null as string | null }]));
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        const id = call.url.split('/').at(-2) ?? '';
        const message = state.get(id);
        if (!message) return { status: 404 };
        const body = call.body as { archived?: boolean };
        if (body.archived !== undefined) message.archivedAt = body.archived ? '2026-11-21T10:00:00.000Z' : null;
        return { status: 200, body: message };
      }
      const archived = call.url.includes('archived=1');
      return { status: 200, body: [...state.values()].filter((m) => (m.archivedAt !== null) === archived) };
    });
    renderWithProviders(<MessagesScreen />, { language: 'en', areas: ['admin'] });
    const user = userEvent.setup();

    await user.click(within((await screen.findAllByTestId('admin-message'))[1]).getByRole('button', { name: /Older/ }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-message')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/admin/messages/a1/', body: { archived: true } });
    expect(screen.queryByText('Older')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Show archived'));
    expect(await screen.findByRole('heading', { name: 'Archived' })).toBeInTheDocument();
    const archived = await screen.findAllByTestId('admin-message');
    expect(archived).toHaveLength(1);
    await user.click(within(archived[0]).getByRole('button', { name: /Older/ }));
    await user.click(screen.getByRole('button', { name: 'Back to the inbox' }));
    await waitFor(() => expect(screen.queryByTestId('admin-message')).not.toBeInTheDocument());
    expect(screen.getByText('No archived messages.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Show archived'));
    await waitFor(() => expect(screen.getAllByTestId('admin-message')).toHaveLength(2));
  });
});
