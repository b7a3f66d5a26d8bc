import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import type { Page, Request } from '@playwright/test';
import { createMember, waitForMail } from './support/fixtures.ts';
import { apiCall } from './support/session.ts';

// Texts come from the Spanish translation files, so a wording change does not break the tests.
type Texts = Record<string, unknown>;
function texts(area: string): Texts {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/${area}/es.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Texts;
}
function text(from: Texts, key: string, value?: number): string {
  let node: unknown = from;
  for (const part of key.split('.')) node = (node as Texts)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return value === undefined ? node : node.replace('{{value}}', String(value));
}
const common = texts('common');
const login = texts('login');
const register = texts('register');
const profile = texts('profile');
const forgotten = texts('forgoten');
const reset = texts('reset-password');
const change = texts('change-password');

const control = (page: Page, form: string, name: string) => page.locator(`form#${form} [name="${name}"]`);
/** The validation message under a control (its aria-describedby target). */
const messageOf = (page: Page, form: string, name: string) =>
  name === 'sexo' ? page.locator(`#${form}-sexo-error`) : page.locator(`#${form}-${name}-error`);
const toast = (page: Page, title: string) => page.locator('.toast').filter({ hasText: title });

function newMemberData() {
  const id = randomBytes(3).toString('hex');
  return {
    login: `socia.${id}`,
    password: `Diana${id}7`,
    email: `socia.${id}@club.test`,
    nombre: 'Marta',
    apellidos: `Serra ${id}`,
  };
}

async function signInThroughForm(page: Page, credentials: { login: string; password: string }, remember = false) {
  await page.goto('/login');
  await control(page, 'login', 'login').fill(credentials.login);
  await control(page, 'login', 'password').fill(credentials.password);
  if (remember) await page.getByLabel(text(login, 'REMEMBER_ME')).check();
  await page.getByRole('button', { name: text(login, 'SUBMIT'), exact: true }).click();
}

test.describe('member accounts', () => {
  test('register, sign in, edit the profile, change the password, sign in again', async ({ page }) => {
    const member = newMemberData();
    await page.goto('/register');
    await control(page, 'register', 'login').fill(member.login);
    await control(page, 'register', 'password').fill(member.password);
    await control(page, 'register', 'passwordConfirm').fill(member.password);
    await control(page, 'register', 'nombre').fill(member.nombre);
    await control(page, 'register', 'apellidos').fill(member.apellidos);
    await control(page, 'register', 'email').fill(member.email);
    await control(page, 'register', 'mobil').fill('612 34 56 78');
    await control(page, 'register', 'nacimiento').fill('1988-03-09');
    await page.getByLabel(text(common, 'ENUMS.SEXO.2'), { exact: true }).check();
    await control(page, 'register', 'division').selectOption({ label: text(common, 'ENUMS.DIVISION.4') });
    const registration = page.waitForRequest((r) => r.url().endsWith('/api/registro/') && r.method() === 'POST');
    await page.getByRole('button', { name: text(register, 'SUBMIT') }).click();
    const sent = (await registration).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ login: member.login, nacimiento: '1988-03-09', sexo: 2, division: 4 });
    expect(sent).not.toHaveProperty('passwordConfirm');
    await expect(toast(page, text(register, 'SUCCESS_TITLE'))).toBeVisible();
    // Signed in at once: home, with the member's name in the user menu; the mobile as typed.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#user-menu')).toHaveText(`${member.apellidos}, ${member.nombre}`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });

    // Sign in again: home, with the member's name in the user menu.
    await signInThroughForm(page, member);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#user-menu')).toHaveText(`${member.apellidos}, ${member.nombre}`);

    // Profile: names, e-mail and member number shown but disabled; mobile, birth date, sexo editable.
    await page.goto('/user-profile');
    await expect(control(page, 'profile', 'nombre')).toHaveValue(member.nombre);
    for (const name of ['login', 'nombre', 'apellidos', 'email', 'socio']) await expect(control(page, 'profile', name)).toBeDisabled();
    await expect(control(page, 'profile', 'mobil')).toHaveValue('612345678');
    await expect(control(page, 'profile', 'nacimiento')).toHaveValue('1988-03-09');
    await control(page, 'profile', 'mobil').fill('69900');
    await page.getByRole('button', { name: text(profile, 'SUBMIT') }).click();
    await expect(messageOf(page, 'profile', 'mobil')).toHaveText(text(common, 'VALIDATION.MOBILE_INVALID'));
    await control(page, 'profile', 'mobil').fill('699000111');
    await control(page, 'profile', 'nacimiento').fill('1988-03-10');
    await control(page, 'profile', 'factor').selectOption({ label: text(common, 'ENUMS.FACTOR.2') });
    await page.getByRole('button', { name: text(profile, 'SUBMIT') }).click();
    await expect(toast(page, text(profile, 'SUCCESS_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/user-profile$/);
    await page.reload();
    await expect(control(page, 'profile', 'mobil')).toHaveValue('699000111');
    await expect(control(page, 'profile', 'nacimiento')).toHaveValue('1988-03-10');
    await expect(control(page, 'profile', 'factor')).toHaveValue('2');

    // Change password: a wrong current password is refused inline, then the change signs out.
    const newPassword = `${member.password}Nu`;
    await page.goto('/change-password');
    await control(page, 'change-password', 'oldPassword').fill('NotMine123');
    await control(page, 'change-password', 'newPassword').fill(newPassword);
    await control(page, 'change-password', 'newPasswordConfirm').fill(newPassword);
    await page.getByRole('button', { name: text(change, 'SUBMIT') }).click();
    // Once, under the field to fix, which has the focus; no generic toast beside it.
    await expect(messageOf(page, 'change-password', 'oldPassword')).toHaveText(text(change, 'CHANGE_PASSWORD.ERRORS.WRONG_PASSWORD'));
    await expect(control(page, 'change-password', 'oldPassword')).toBeFocused();
    await expect(page.getByText(text(change, 'CHANGE_PASSWORD.ERRORS.WRONG_PASSWORD'))).toHaveCount(1);
    await expect(page.locator('.toast')).toHaveCount(0);
    await control(page, 'change-password', 'oldPassword').fill(member.password);
    await page.getByRole('button', { name: text(change, 'SUBMIT') }).click();
    await expect(toast(page, text(change, 'SUCCESS_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('ipsc-club.token') ?? localStorage.getItem('ipsc-club.token'))).toBeNull();
    // Signed out by the change itself, not by a 401 afterwards.
    await expect(toast(page, text(common, 'SESSION.EXPIRED_TITLE'))).toHaveCount(0);

    // The old password no longer works; the new one does.
    await signInThroughForm(page, member);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(text(login, 'ERROR'));
    await signInThroughForm(page, { login: member.login, password: newPassword });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#user-menu')).toBeVisible();
  });

  test('forgotten password: the mailed link sets a new password, which signs in', async ({ page }) => {
    const member = createMember();
    await page.goto('/login');
    await page.getByRole('link', { name: text(login, 'FORGOTTEN_LINK') }).click();
    await expect(page).toHaveURL(/\/forgoten$/);
    await control(page, 'forgoten', 'email').fill('not-an-address');
    await page.getByRole('button', { name: text(forgotten, 'SUBMIT') }).click();
    await expect(messageOf(page, 'forgoten', 'email')).toHaveText(text(common, 'VALIDATION.EMAIL_PATTERN'));
    await control(page, 'forgoten', 'email').fill(member.email);
    await page.getByRole('button', { name: text(forgotten, 'SUBMIT') }).click();
    await expect(toast(page, text(forgotten, 'SUCCESS_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const mail = await waitForMail(member.email);
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?hash=[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!.replace(/&amp;/g, '&'));
    const newPassword = `Nueva${randomBytes(3).toString('hex')}8`;
    await control(page, 'reset-password', 'password').fill(newPassword);
    await control(page, 'reset-password', 'passwordConfirm').fill(`${newPassword}x`);
    await page.getByRole('button', { name: text(reset, 'SUBMIT') }).click();
    await expect(messageOf(page, 'reset-password', 'passwordConfirm')).toHaveText(text(common, 'VALIDATION.PASSWORDS_NOT_EQUAL'));
    await control(page, 'reset-password', 'passwordConfirm').fill(newPassword);
    await page.getByRole('button', { name: text(reset, 'SUBMIT') }).click();
    await expect(toast(page, text(reset, 'SUCCESS_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, { login: member.login, password: newPassword });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#user-menu')).toBeVisible();

    // The link works once.
    await page.locator('#user-menu').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(link!.replace(/&amp;/g, '&'));
    await control(page, 'reset-password', 'password').fill(`${newPassword}Z`);
    await control(page, 'reset-password', 'passwordConfirm').fill(`${newPassword}Z`);
    await page.getByRole('button', { name: text(reset, 'SUBMIT') }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(text(reset, 'RESET_PASSWORD.ERRORS.INVALID_TOKEN'));
    // Said once, beside the button, with no generic error toast.
    await expect(page.getByText(text(reset, 'RESET_PASSWORD.ERRORS.INVALID_TOKEN'))).toHaveCount(1);
    await expect(page.locator('.toast[data-toast-type="error"]')).toHaveCount(0);
  });

  test('remember-me keeps the session across a browser restart; without it the session ends', async ({ browser, baseURL }) => {
    const member = createMember();
    for (const remember of [true, false]) {
      const first = await browser.newContext({ baseURL });
      const page = await first.newPage();
      await signInThroughForm(page, member, remember);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('#user-menu')).toBeVisible();
      const state = await first.storageState();
      await first.close();

      const second = await browser.newContext({ baseURL, storageState: state });
      const again = await second.newPage();
      await again.goto('/user-profile');
      if (remember) {
        await expect(again).toHaveURL(/\/user-profile$/);
        await expect(control(again, 'profile', 'nombre')).toHaveValue(member.nombre);
        await expect(again.locator('#user-menu')).toBeVisible();
      } else {
        await expect(again).toHaveURL(/\/login$/);
        await expect(again.getByRole('link', { name: 'Acceder' })).toBeVisible();
      }
      await second.close();
    }
  });

  test('every validation message of the register form appears after a bad submit, and nothing is sent', async ({ page }) => {
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/') && request.method() !== 'GET') sent.push(request);
    });
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(register, 'TITLE'));
    // Nothing shows before the first submit.
    await control(page, 'register', 'login').fill('abc');
    await expect(page.locator('.invalid-feedback')).toHaveCount(0);
    await control(page, 'register', 'login').fill('');

    const submit = page.getByRole('button', { name: text(register, 'SUBMIT') });
    await submit.click();
    const required = text(common, 'VALIDATION.REQUIRED');
    for (const name of ['login', 'password', 'passwordConfirm', 'nombre', 'apellidos', 'email', 'mobil', 'nacimiento', 'sexo'])
      await expect(messageOf(page, 'register', name), name).toHaveText(required);

    await control(page, 'register', 'login').fill('corto');
    await control(page, 'register', 'password').fill('sinmayuscula1');
    await control(page, 'register', 'passwordConfirm').fill('Password1');
    await control(page, 'register', 'nombre').fill('Marta');
    await control(page, 'register', 'apellidos').fill('Serra');
    await control(page, 'register', 'email').fill('marta@club');
    await control(page, 'register', 'mobil').fill('61234');
    await control(page, 'register', 'nacimiento').fill('1990-01-01');
    await page.getByLabel(text(common, 'ENUMS.SEXO.2'), { exact: true }).check();
    await submit.click();
    await expect(messageOf(page, 'register', 'login')).toHaveText(text(common, 'VALIDATION.MIN_LENGTH', 8));
    await expect(messageOf(page, 'register', 'password')).toHaveText(text(common, 'VALIDATION.PASSWORD_PATTERN'));
    await expect(messageOf(page, 'register', 'passwordConfirm')).toHaveText(text(common, 'VALIDATION.COMMON_PASSWORD'));
    await expect(messageOf(page, 'register', 'email')).toHaveText(text(common, 'VALIDATION.EMAIL_PATTERN'));
    await expect(messageOf(page, 'register', 'mobil')).toHaveText(text(common, 'VALIDATION.MOBILE_INVALID'));

    await control(page, 'register', 'password').fill('Ab1');
    await control(page, 'register', 'passwordConfirm').fill('Diana2024x');
    await submit.click();
    await expect(messageOf(page, 'register', 'password')).toHaveText(text(common, 'VALIDATION.MIN_LENGTH', 8));
    await expect(messageOf(page, 'register', 'passwordConfirm')).toHaveText(text(common, 'VALIDATION.PASSWORDS_NOT_EQUAL'));
    await control(page, 'register', 'login').fill('x'.repeat(151));
    await submit.click();
    await expect(messageOf(page, 'register', 'login')).toHaveText(text(common, 'VALIDATION.MAX_LENGTH', 150));

    // One toggle shows and hides both passwords.
    await page.getByRole('button', { name: text(common, 'ACTIONS.SHOW_PASSWORD') }).click();
    await expect(control(page, 'register', 'password')).toHaveAttribute('type', 'text');
    await expect(control(page, 'register', 'passwordConfirm')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: text(common, 'ACTIONS.HIDE_PASSWORD') }).click();
    await expect(control(page, 'register', 'passwordConfirm')).toHaveAttribute('type', 'password');

    expect(sent.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  test('a taken login shows once, under the login field, with no error toast', async ({ page }) => {
    const existing = createMember();
    await page.goto('/register');
    await control(page, 'register', 'login').fill(existing.login);
    await control(page, 'register', 'password').fill('Diana2024x');
    await control(page, 'register', 'passwordConfirm').fill('Diana2024x');
    await control(page, 'register', 'nombre').fill('Otra');
    await control(page, 'register', 'apellidos').fill('Persona');
    await control(page, 'register', 'email').fill(`otra.${randomBytes(3).toString('hex')}@club.test`);
    await control(page, 'register', 'mobil').fill('612345678');
    await control(page, 'register', 'nacimiento').fill('1990-01-01');
    await page.getByLabel(text(common, 'ENUMS.SEXO.1'), { exact: true }).check();
    await page.getByRole('button', { name: text(register, 'SUBMIT') }).click();
    await expect(messageOf(page, 'register', 'login')).toHaveText(text(register, 'REGISTER.ERRORS.LOGIN_TAKEN'));
    await expect(control(page, 'register', 'login')).toBeFocused();
    await expect(control(page, 'register', 'login')).toBeInViewport();
    await expect(page.getByText(text(register, 'REGISTER.ERRORS.LOGIN_TAKEN'))).toHaveCount(1);
    await expect(page.getByTestId('register-error')).toHaveCount(0);
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a 401 from a call signs the member out cleanly and says so', async ({ page }) => {
    const member = createMember();
    await signInThroughForm(page, member);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user-profile');
    await expect(control(page, 'profile', 'mobil')).toHaveValue('612345678');
    // The session ends elsewhere (another tab logs out): the token is revoked on the server.
    const token = await page.evaluate(() => sessionStorage.getItem('ipsc-club.token'));
    expect(token).toBeTruthy();
    expect((await apiCall(page, 'POST', '/api/logout/', {}, token!)).status()).toBe(204);

    await control(page, 'profile', 'mobil').fill('688777666');
    await page.getByRole('button', { name: text(profile, 'SUBMIT') }).click();
    await expect(toast(page, text(common, 'SESSION.EXPIRED_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#user-menu')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Acceder' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('ipsc-club.token') ?? localStorage.getItem('ipsc-club.token'))).toBeNull();
  });

  test('download my data, then delete my account with the password', async ({ page }) => {
    const member = createMember();
    await signInThroughForm(page, member);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user-profile');
    await expect(control(page, 'profile', 'nombre')).toHaveValue(member.nombre);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text(profile, 'EXPORT.BUTTON') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${member.login}-data.json`);
    const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as unknown;
    expect(JSON.stringify(exported)).toContain(member.email);

    await page.getByRole('button', { name: text(profile, 'DELETE.BUTTON') }).click();
    const dialog = page.getByRole('dialog', { name: text(profile, 'DELETE.CONFIRM_TITLE') });
    await dialog.getByRole('button', { name: text(profile, 'DELETE.CONFIRM_BUTTON') }).click();
    await expect(dialog.locator('#delete-account-password-error')).toHaveText(text(common, 'VALIDATION.REQUIRED'));
    await dialog.getByLabel(text(profile, 'DELETE.PASSWORD'), { exact: true }).fill('NotMine123');
    await dialog.getByRole('button', { name: text(profile, 'DELETE.CONFIRM_BUTTON') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text(profile, 'DELETE.ERRORS.WRONG_PASSWORD'));
    await dialog.getByLabel(text(profile, 'DELETE.PASSWORD'), { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: text(profile, 'DELETE.CONFIRM_BUTTON') }).click();
    await expect(toast(page, text(profile, 'DELETE.SUCCESS_TITLE'))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, text(common, 'SESSION.EXPIRED_TITLE'))).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Acceder' })).toBeVisible();

    await signInThroughForm(page, member);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(text(login, 'ERROR'));
  });
});
