import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastStore } from '../../lib/toasts.ts';
import { RegisterPage } from './register-page.tsx';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import common from '../../../public/assets/i18n/common/es.json';
import registerTexts from '../../../public/assets/i18n/register/es.json';

const AREAS = ['register'];

const V = common.VALIDATION;
const interpolate = (text: string, value: number) => text.replace('{{value}}', String(value));

const createdUser = makeUser({
  uuid: '0b7e4d0c-3b1a-4f3e-9a55-3f0f5c1c2a11',
  login: 'laura.gil',
  nombre: 'Laura',
  apellidos: 'Gil Mora',
  fullName: 'Gil Mora, Laura',
  email: 'laura@club.test',
  nacimiento: '1990-04-12',
  sexo: 2,
  socio: null,
  division: 3,
  factor: null,
});

function control(name: string): HTMLInputElement | HTMLSelectElement {
  const found = document.querySelector<HTMLInputElement | HTMLSelectElement>(`form#register [name="${name}"]`);
  if (!found) throw new Error(`no control named ${name}`);
  return found;
}

/** The validation message under a field (its aria-describedby target), or null. */
function messageOf(name: string): string | null {
  const id = name === 'sexo' ? 'register-sexo-error' : control(name).getAttribute('aria-describedby');
  if (!id) return null;
  return document.getElementById(id)?.textContent ?? null;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(control('login'), 'laura.gil');
  await user.type(control('password'), 'Tiro2024x');
  await user.type(control('passwordConfirm'), 'Tiro2024x');
  await user.type(control('nombre'), 'Laura');
  await user.type(control('apellidos'), 'Gil Mora');
  await user.type(control('email'), 'laura@club.test');
  await user.type(control('mobil'), '612345678');
  await user.type(control('nacimiento'), '1990-04-12');
  await user.click(screen.getByLabelText('Mujer'));
  await user.selectOptions(control('division'), 'Open');
}

describe('RegisterPage', () => {
  beforeEach(() => {
    toastStore.set([]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows no message before the first submit, every required message after it, and sends nothing', async () => {
    const calls = stubFetch({ status: 201, body: createdUser });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await user.type(control('login'), 'abc');
    await user.clear(control('login'));
    expect(document.querySelectorAll('.invalid-feedback')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    for (const name of ['login', 'password', 'passwordConfirm', 'nombre', 'apellidos', 'email', 'mobil', 'nacimiento', 'sexo']) {
      await waitFor(() => expect(messageOf(name), name).toBe(V.REQUIRED));
    }
    // Optional fields stay quiet.
    for (const name of ['socio', 'division', 'factor']) expect(messageOf(name), name).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows min length, password pattern, mismatch, e-mail and mobile messages for bad values, and sends nothing', async () => {
    const calls = stubFetch({ status: 201, body: createdUser });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await fillValid(user);
    await user.clear(control('login'));
    await user.type(control('login'), 'short');
    await user.clear(control('email'));
    await user.type(control('email'), 'laura@club');
    await user.clear(control('mobil'));
    await user.type(control('mobil'), '6123a');
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));

    await waitFor(() => expect(messageOf('login')).toBe(interpolate(V.MIN_LENGTH, 8)));
    expect(messageOf('email')).toBe(V.EMAIL_PATTERN);
    expect(messageOf('mobil')).toBe(V.MOBILE_INVALID);
    expect(messageOf('password')).toBeNull();

    // The messages follow the values once the form was submitted.
    await user.clear(control('password'));
    await user.type(control('password'), 'tirotiro');
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    await waitFor(() => expect(messageOf('password')).toBe(V.PASSWORD_PATTERN));
    await user.clear(control('password'));
    await user.type(control('password'), 'Tiro9');
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    await waitFor(() => expect(messageOf('password')).toBe(interpolate(V.MIN_LENGTH, 8)));

    await user.clear(control('password'));
    await user.type(control('password'), 'Tiro2024y');
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    await waitFor(() => expect(messageOf('passwordConfirm')).toBe(V.PASSWORDS_NOT_EQUAL));
    expect(messageOf('password')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('refuses passwords that differ even when everything else is valid, and sends nothing', async () => {
    const calls = stubFetch({ status: 201, body: createdUser });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await fillValid(user);
    await user.clear(control('passwordConfirm'));
    await user.type(control('passwordConfirm'), 'Tiro2024z');
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    await waitFor(() => expect(messageOf('passwordConfirm')).toBe(V.PASSWORDS_NOT_EQUAL));
    expect(document.querySelectorAll('.invalid-feedback')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('has one toggle that shows and hides both passwords', async () => {
    stubFetch({ status: 201, body: createdUser });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    const toggles = screen.getAllByRole('button', { name: common.ACTIONS.SHOW_PASSWORD });
    expect(toggles).toHaveLength(1);
    expect(control('password')).toHaveAttribute('type', 'password');
    expect(control('passwordConfirm')).toHaveAttribute('type', 'password');

    await user.click(toggles[0]);
    expect(control('password')).toHaveAttribute('type', 'text');
    expect(control('passwordConfirm')).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: common.ACTIONS.HIDE_PASSWORD });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await user.click(hide);
    expect(control('password')).toHaveAttribute('type', 'password');
    expect(control('passwordConfirm')).toHaveAttribute('type', 'password');
  });

  it('sends the registration body (date as yyyy-MM-dd, enums as numbers, no confirmation), signs the person in and goes home', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/login/'
        ? { status: 200, body: { token: 'a'.repeat(64), user: createdUser } }
        : { status: 201, body: createdUser },
    );
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login', '/'], areas: AREAS });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ url: '/api/login/', method: 'POST', body: { login: 'laura.gil', password: 'Tiro2024x' } });
    expect(sessionStorage.getItem('ipsc-club.token')).toBe('a'.repeat(64));
    expect(calls[0]).toMatchObject({ url: '/api/registro/', method: 'POST' });
    expect(calls[0].body).toEqual({
      login: 'laura.gil',
      password: 'Tiro2024x',
      nombre: 'Laura',
      apellidos: 'Gil Mora',
      email: 'laura@club.test',
      mobil: '612345678',
      nacimiento: '1990-04-12',
      sexo: 2,
      socio: null,
      division: 3,
      factor: null,
    });
    expect(toastStore.get().map((t) => t.message)).toEqual([registerTexts.SUCCESS_SIGNED_IN]);
  });

  it('sends the person to sign in when the account is made but signing in is refused', async () => {
    stubFetch((call) =>
      call.url === '/api/login/'
        ? { status: 429, body: { errorCode: 'TOO_MANY_REQUESTS', message: 'Slow down' } }
        : { status: 201, body: createdUser },
    );
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login', '/'], areas: AREAS });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toastStore.get().map((t) => t.message)).toEqual([registerTexts.SUCCESS_MESSAGE]);
  });

  it('shows a taken login once, under the login field that takes the focus, with no toast', async () => {
    stubFetch({ status: 409, body: { errorCode: 'LOGIN_TAKEN', message: 'That login is taken.' } });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));

    await waitFor(() => expect(messageOf('login')).toBe(registerTexts.REGISTER.ERRORS.LOGIN_TAKEN));
    expect(control('login')).toHaveFocus();
    expect(control('login')).toHaveAttribute('aria-invalid', 'true');
    // Once: not in an alert too, and no toast beside it.
    expect(screen.getAllByText(registerTexts.REGISTER.ERRORS.LOGIN_TAKEN)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastStore.get()).toEqual([]);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows any other refusal once, beside the submit button, focused, with no toast', async () => {
    stubFetch({ status: 429, body: { errorCode: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(registerTexts.REGISTER.ERRORS.TOO_MANY_REQUESTS);
    expect(alert).toHaveFocus();
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: registerTexts.SUBMIT }));
    expect(screen.getAllByText(registerTexts.REGISTER.ERRORS.TOO_MANY_REQUESTS)).toHaveLength(1);
    expect(toastStore.get()).toEqual([]);
  });

  it('shows the server field errors on their fields', async () => {
    stubFetch({ status: 400, body: { errorCode: 'VALIDATION_ERROR', message: 'Invalid', fields: { email: ['email'], mobil: ['mobile'] } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register', otherPaths: ['/login'], areas: AREAS });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: registerTexts.SUBMIT }));

    await waitFor(() => expect(messageOf('email')).toBe(V.EMAIL_PATTERN));
    expect(messageOf('mobil')).toBe(V.MOBILE_INVALID);
    expect(within(screen.getByTestId('register-error')).getByText(registerTexts.REGISTER.ERRORS.VALIDATION_ERROR)).toBeInTheDocument();
  });
});
