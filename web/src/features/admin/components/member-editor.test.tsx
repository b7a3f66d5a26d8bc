import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastStore } from '../../../lib/toasts.ts';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import type { FetchAnswer } from '../../../test/render.tsx';
import { makeUser } from '../../../test/users.ts';
import { MemberEditor } from './member-editor.tsx';

// Decision 0030 in the staff's member editor: a refusal is said once, under the field it is
// about or beside the submit button, no toast repeats it, and what staff typed stays.

vi.setConfig({ testTimeout: 30_000 });

const STAFF = makeUser({ uuid: 'staff-1', staff: true });
const MEMBER = makeUser({ uuid: 'member-2', fullName: 'Vidal, Jordi', socio: '12', licencia: null });

/** Staff signed in; the member's save answered by `saved`. */
function editMember(saved: FetchAnswer) {
  localStorage.setItem('ipsc-club.token', 'test-token');
  localStorage.setItem('ipsc-club.uuid', STAFF.uuid);
  const calls = stubFetch((call) => {
    if (call.url === '/api/active-user/') return { body: { token: 'test-token', user: STAFF } };
    if (call.method === 'PUT') return saved;
    if (call.method === 'GET') return { body: [] };
    return undefined;
  });
  const onClose = vi.fn();
  renderWithProviders(<MemberEditor user={MEMBER} onClose={onClose} />, { language: 'en', areas: ['admin', 'membership'] });
  return { calls, onClose, user: userEvent.setup() };
}

async function typeAndSave(user: ReturnType<typeof userEvent.setup>, socio: string, licencia: string) {
  const number = screen.getByLabelText('Member number');
  await user.clear(number);
  await user.type(number, socio);
  await user.type(screen.getByLabelText('Weapons licence'), licencia);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

/** Every place the text shows: the page and the toast stack. */
function timesShown(text: string): number {
  return screen.queryAllByText(text).length + toastStore.get().filter((toast) => toast.message.includes(text)).length;
}

describe('MemberEditor refusals', () => {
  beforeEach(() => toastStore.set([]));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says a member number another member holds once, under the number, which takes the focus', async () => {
    const { onClose, user } = editMember({ status: 409, body: { errorCode: 'SOCIO_TAKEN', message: 'taken' } });
    await typeAndSave(user, '77', 'B-123');

    const text = 'Another member holds that number.';
    await waitFor(() => expect(timesShown(text)).toBe(1));
    const number = screen.getByLabelText('Member number');
    expect(number).toHaveAccessibleDescription(text);
    expect(number).toHaveFocus();
    expect(screen.queryByTestId('member-editor-refusal')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(number).toHaveValue('77');
    expect(screen.getByLabelText('Weapons licence')).toHaveValue('B-123');
  });

  it('puts the server field errors under their fields, with no toast', async () => {
    const { user } = editMember({ status: 400, body: { errorCode: 'VALIDATION_ERROR', message: 'bad', fields: { licencia: ['maxlength'] } } });
    await typeAndSave(user, '78', 'C-9');

    const licence = screen.getByLabelText('Weapons licence');
    await waitFor(() => expect(licence).toHaveAccessibleDescription(/at most 100 characters/));
    expect(licence).toHaveFocus();
    expect(toastStore.get()).toEqual([]);
    expect(licence).toHaveValue('C-9');
  });

  it('says any other refusal once beside the submit button, which takes the focus, and keeps what was typed', async () => {
    const { onClose, user } = editMember({ status: 403, body: { errorCode: 'FORBIDDEN', message: 'staff only' } });
    await typeAndSave(user, '79', 'D-1');

    const alert = await screen.findByTestId('member-editor-refusal');
    expect(alert).toHaveTextContent('You are not allowed to do this.');
    expect(alert).toHaveFocus();
    expect(timesShown('You are not allowed to do this.')).toBe(1);
    expect(toastStore.get()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Member number')).toHaveValue('79');
  });
});
