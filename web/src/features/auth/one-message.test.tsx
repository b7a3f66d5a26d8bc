import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastType } from '@club/contract/enums';
import { showToast, toastStore } from '../../lib/toasts.ts';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import changeTexts from '../../../public/assets/i18n/change-password/es.json';
import loginTexts from '../../../public/assets/i18n/login/es.json';
import resetTexts from '../../../public/assets/i18n/reset-password/es.json';
import common from '../../../public/assets/i18n/common/es.json';
import { ChangePasswordPage } from './change-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

// One message per failure (issue 13): a refusal a form explains shows once, where the person is
// looking, with no generic toast beside it; a success clears the error toasts still up.

const member = makeUser({ uuid: '0b7e4d0c-3b1a-4f3e-9a55-3f0f5c1c2a11', login: 'laura.gil' });

/** Every place the text shows: the page and the toast stack. */
function timesShown(text: string): number {
  return screen.queryAllByText(text).length + toastStore.get().filter((toast) => toast.message.includes(text)).length;
}

beforeEach(() => {
  toastStore.set([]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('change password', () => {
  it('shows a wrong current password once, under that field, which takes the focus', async () => {
    localStorage.setItem('ipsc-club.token', 'test-token');
    localStorage.setItem('ipsc-club.uuid', member.uuid);
    stubFetch((call) => {
      if (call.url === '/api/active-user/') return { body: { token: 'test-token', user: member } };
      if (call.method === 'PUT') return { status: 400, body: { errorCode: 'WRONG_PASSWORD', message: 'Wrong password' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordPage />, { path: '/change-password', areas: ['change-password'] });
    const old = await screen.findByLabelText(changeTexts.OLD_PASSWORD);
    await user.type(old, 'NotMine123');
    await user.type(screen.getByLabelText(changeTexts.NEW_PASSWORD), 'Nueva2024x');
    await user.type(screen.getByLabelText(changeTexts.NEW_PASSWORD_CONFIRM), 'Nueva2024x');
    await user.click(screen.getByRole('button', { name: changeTexts.SUBMIT }));

    const text = changeTexts.CHANGE_PASSWORD.ERRORS.WRONG_PASSWORD;
    await waitFor(() => expect(timesShown(text)).toBe(1));
    expect(document.getElementById(old.getAttribute('aria-describedby') ?? '')).toHaveTextContent(text);
    expect(old).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastStore.get()).toEqual([]);
  });
});

describe('reset password', () => {
  it('shows a used or expired link once, beside the button, with a link for a new one and no toast', async () => {
    stubFetch({ status: 400, body: { errorCode: 'INVALID_TOKEN', message: 'Invalid token' } });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password?hash=abc&token=def',
      path: '/reset-password',
      areas: ['reset-password'],
    });
    await user.type(screen.getByLabelText(resetTexts.PASSWORD), 'Nueva2024x');
    await user.type(screen.getByLabelText(resetTexts.PASSWORD_CONFIRM), 'Nueva2024x');
    await user.click(screen.getByRole('button', { name: resetTexts.SUBMIT }));

    const alert = await screen.findByRole('alert');
    const text = resetTexts.RESET_PASSWORD.ERRORS.INVALID_TOKEN;
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveFocus();
    expect(alert).toContainElement(screen.getByRole('link', { name: resetTexts.NEW_LINK }));
    expect(timesShown(text)).toBe(1);
    expect(toastStore.get()).toEqual([]);
    expect(toastStore.get().some((toast) => toast.title === common.ERRORS.GENERIC_TITLE)).toBe(false);
  });
});

describe('login', () => {
  it('clears an error toast still up once the member has signed in', async () => {
    showToast({ title: 'Calendario', message: 'No se han podido cargar los eventos.', type: ToastType.error });
    showToast({ title: 'Aviso', message: 'Sesión caducada', type: ToastType.warning });
    stubFetch({ status: 200, body: { token: 'a'.repeat(43), user: member } });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/'], areas: ['login'] });
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    await user.type(screen.getByLabelText(loginTexts.PASSWORD), 'Tiro2024x');
    await user.click(screen.getByRole('button', { name: loginTexts.SUBMIT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toastStore.get().map((toast) => toast.title)).toEqual(['Aviso']);
  });
});
