import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import common from '../../../public/assets/i18n/common/es.json';
import loginTexts from '../../../public/assets/i18n/login/es.json';

const AREAS = ['login', 'change-password'];

const session = {
  token: 'a'.repeat(43),
  user: makeUser({
    uuid: '0b7e4d0c-3b1a-4f3e-9a55-3f0f5c1c2a11',
    login: 'laura.gil',
    nombre: 'Laura',
    apellidos: 'Gil',
    fullName: 'Gil, Laura',
    email: 'laura@club.test',
    nacimiento: '1990-04-12',
    sexo: 2,
    socio: null,
    division: null,
    factor: null,
  }),
};

describe('LoginPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the submit button disabled until login and password are filled', async () => {
    stubFetch({ status: 200, body: session });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/'], areas: AREAS });
    const submit = screen.getByRole('button', { name: loginTexts.SUBMIT });
    await waitFor(() => expect(submit).toBeDisabled());
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(loginTexts.PASSWORD), 'x');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.clear(screen.getByLabelText(loginTexts.LOGIN));
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('says "login error" inline on a refusal and stays usable', async () => {
    stubFetch({ status: 401, body: { errorCode: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/'], areas: AREAS });
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    await user.type(screen.getByLabelText(loginTexts.PASSWORD), 'wrong');
    await user.click(screen.getByRole('button', { name: loginTexts.SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(loginTexts.ERROR);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: loginTexts.SUBMIT })).toBeEnabled();
  });

  it('toggles the password, signs in (sessionStorage without remember-me, localStorage with it) and goes home', async () => {
    const calls = stubFetch({ status: 200, body: session });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/'], areas: AREAS });
    const password = screen.getByLabelText(loginTexts.PASSWORD);
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    await user.type(password, 'Tiro2024x');
    await user.click(screen.getByRole('button', { name: common.ACTIONS.SHOW_PASSWORD }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: loginTexts.SUBMIT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({ url: '/api/login/', method: 'POST', body: { login: 'laura.gil', password: 'Tiro2024x', rememberMe: false } });
    expect(sessionStorage.getItem('ipsc-club.token')).toBe(session.token);
    expect(localStorage.getItem('ipsc-club.token')).toBeNull();

    cleanup();
    sessionStorage.clear();
    const again = renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/'], areas: AREAS });
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    await user.type(screen.getByLabelText(loginTexts.PASSWORD), 'Tiro2024x');
    await user.click(screen.getByLabelText(loginTexts.REMEMBER_ME));
    await user.click(screen.getByRole('button', { name: loginTexts.SUBMIT }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('ipsc-club.token')).toBe(session.token);
    expect(sessionStorage.getItem('ipsc-club.token')).toBeNull();
  });
});

describe('LoginPage return', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  async function signInFrom(route: string) {
    stubFetch({ status: 200, body: session });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LoginPage />, { route, path: '/login', otherPaths: ['/', '/calendar'], areas: AREAS });
    await user.type(screen.getByLabelText(loginTexts.LOGIN), 'laura.gil');
    await user.type(screen.getByLabelText(loginTexts.PASSWORD), 'Tiro2024x');
    await user.click(screen.getByRole('button', { name: loginTexts.SUBMIT }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
    return router.state.location;
  }

  it('goes back to the path of this site given as next, with its query', async () => {
    const location = await signInFrom('/login?next=%2Fcalendar%3Fmonth%3D2026-12%26event%3Dabc');
    expect(location.pathname).toBe('/calendar');
    expect(location.search).toBe('?month=2026-12&event=abc');
  });

  it('ignores a next that points to another site and goes home', async () => {
    for (const next of ['https://evil.example/calendar', '//evil.example/calendar', '/\\evil.example']) {
      const location = await signInFrom(`/login?next=${encodeURIComponent(next)}`);
      expect(location.pathname, next).toBe('/');
      cleanup();
      sessionStorage.clear();
    }
  });
});

describe('ChangePasswordPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows or hides all three fields with one click on any toggle', async () => {
    stubFetch({ status: 200, body: {} });
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordPage />, { path: '/change-password', areas: AREAS });
    const fields = ['oldPassword', 'newPassword', 'newPasswordConfirm'].map(
      (name) => document.querySelector(`form#change-password [name="${name}"]`) as HTMLInputElement,
    );
    const toggles = screen.getAllByRole('button', { name: common.ACTIONS.SHOW_PASSWORD });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[2]);
    for (const field of fields) expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getAllByRole('button', { name: common.ACTIONS.HIDE_PASSWORD })[0]);
    for (const field of fields) expect(field).toHaveAttribute('type', 'password');
  });
});
