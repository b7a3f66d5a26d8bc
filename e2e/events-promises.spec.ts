import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createMember, setMemberFlags, waitForMail } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';

// Waiting list, "My registrations" with the personal calendar, and the profile's mail
// settings, as members and staff use them against the built site.

const CLUB_PRACTICES = 10;

let staff: TestMember;

/** Club practices next month on the given day, made by staff; its uuid. */
async function practices(page: Page, day: number, title: string, plazas: number): Promise<string> {
  const date = `${clubMonthFromNow(1).key}-${String(day).padStart(2, '0')}`;
  const staffSession = await signIn(page, staff);
  const event = await createEvent(page, staffSession.token, {
    type: CLUB_PRACTICES,
    start: `${date} 18:00:00`,
    end: `${date} 20:00:00`,
    evento: title,
    plazas,
  });
  return event.uuid;
}

/** A member with the member number clubPractices needs, signed in through the API. */
async function qualifiedMember(
  page: Page,
  nombre: string,
): Promise<{ member: TestMember; token: string; uuid: string }> {
  const member = createMember({ nombre });
  setMemberFlags(member.login, { socio: `S-${randomBytes(2).toString('hex')}` });
  return { member, ...(await signIn(page, member)) };
}

const subscribe = (page: Page, event: string, who: { uuid: string; token: string }, status: 1 | 2) =>
  apiCall(
    page,
    'PUT',
    `/api/events/${event}/subscribe/`,
    { uuid: who.uuid, roles: [{ roleId: 2, status }] },
    who.token,
  );

const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

test.beforeAll(() => {
  staff = createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' });
});

test('a member joins the waiting list of a full event, sees their place, and gets the seat when one frees', async ({
  page,
}) => {
  const title = unique('Práctica llena');
  const event = await practices(page, 14, title, 1);
  const holder = await qualifiedMember(page, 'Hugo');
  expect((await subscribe(page, event, holder, 1)).status()).toBe(200);
  const waiting = await qualifiedMember(page, 'Wanda');
  await signInByApi(page, waiting.member);

  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}&event=${event}`);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByTestId('seats')).toHaveText('Ninguna plaza libre de 1');
  await expect(card.locator('[data-badge]')).toHaveText('Completo');
  await card.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
  await expect(card.getByTestId('waitlist-place')).toHaveText('Eres el 1.º de la lista de espera');

  // The holder cancels: the seat goes to the first in line, who is told by mail.
  expect((await subscribe(page, event, holder, 2)).status()).toBe(200);
  const mail = await waitForMail(waiting.member.email);
  expect(mail.subject).toBe(`Tienes plaza: ${title}`);
  await page.reload();
  await expect(card.locator('[data-badge]')).toHaveText('Con plaza');
  await expect(card.getByTestId('waitlist')).toHaveCount(0);
});

test('staff see the waiting list in order in the attendee list and give a seat to anyone on it', async ({
  page,
}) => {
  const title = unique('Práctica con cola');
  const event = await practices(page, 15, title, 1);
  const holder = await qualifiedMember(page, 'Hugo');
  const first = await qualifiedMember(page, 'Primera');
  const second = await qualifiedMember(page, 'Segundo');
  expect((await subscribe(page, event, holder, 1)).status()).toBe(200);
  for (const who of [first, second]) {
    expect(
      (await apiCall(page, 'PUT', `/api/events/${event}/waitlist/`, { uuid: who.uuid }, who.token)).status(),
    ).toBe(200);
  }
  await signInByApi(page, staff);
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}&event=${event}`);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Lista de asistentes' }).click();
  const dialog = page.getByRole('dialog');
  const rows = dialog.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Primera');
  await expect(rows.nth(1)).toContainText('N.º 1 en la lista de espera');
  await expect(rows.nth(2)).toContainText('Segundo');
  await dialog.getByRole('button', { name: new RegExp(`Dar plaza a .*Segundo`) }).click();
  await expect(dialog.locator('tbody tr', { hasText: 'Segundo' })).toContainText('Con plaza');
  await expect(dialog.locator('tbody tr', { hasText: 'Primera' })).toContainText('En espera');
  await waitForMail(second.member.email);
});

test('My registrations lists bookings and waiting places, cancels, and gives the personal calendar', async ({
  page,
}) => {
  const booked = unique('Práctica reservada');
  const full = unique('Práctica completa');
  const bookedEvent = await practices(page, 16, booked, 5);
  const fullEvent = await practices(page, 17, full, 1);
  const holder = await qualifiedMember(page, 'Hugo');
  expect((await subscribe(page, fullEvent, holder, 1)).status()).toBe(200);
  const me = await qualifiedMember(page, 'Marta');
  expect((await subscribe(page, bookedEvent, me, 1)).status()).toBe(200);
  expect(
    (await apiCall(page, 'PUT', `/api/events/${fullEvent}/waitlist/`, { uuid: me.uuid }, me.token)).status(),
  ).toBe(200);
  await signInByApi(page, me.member);

  await page.goto('/');
  await page.getByRole('button', { name: /Marta/ }).click();
  await page.getByRole('link', { name: 'Mis inscripciones' }).click();
  await expect(page).toHaveURL(/\/my-registrations$/);
  const upcoming = page.getByTestId('upcoming');
  const bookedItem = upcoming.locator('li', { hasText: booked });
  const waitingItem = upcoming.locator('li', { hasText: full });
  await expect(bookedItem.getByTestId('my-status')).toHaveText('Con plaza');
  await expect(waitingItem.getByTestId('my-status')).toHaveText('Eres el 1.º de la lista de espera');

  await bookedItem.getByRole('button', { name: 'Anular inscripción' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, anular' }).click();
  await expect(bookedItem.getByTestId('my-status')).toHaveText('Anulado');

  const address = page.getByLabel('Dirección de tu calendario');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await expect(page.getByTestId('webcal')).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'));
  const feed = await (await page.request.get(url)).text();
  expect(feed).toContain(`SUMMARY:${booked}`);
  expect(feed).toContain('STATUS:CANCELLED');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.locator('.toast', { hasText: 'Dirección copiada' })).toBeVisible();
});

test('the profile turns reminders off and sets the language of mails', async ({ page }) => {
  const me = await qualifiedMember(page, 'Rita');
  await signInByApi(page, me.member);
  await page.goto('/user-profile');
  const reminders = page.getByRole('switch', { name: 'Recordatorios de mis eventos' });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByLabel('Idioma de los correos').selectOption('en');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.locator('.toast', { hasText: 'Perfil guardado' })).toBeVisible();
  const user = (await (
    await apiCall(page, 'GET', '/api/registry/actvie-user/', undefined, me.token)
  ).json()) as {
    recordatorios: boolean;
    idioma: string;
  };
  expect(user).toMatchObject({ recordatorios: false, idioma: 'en' });
  const title = unique('Práctica en inglés');
  const event = await practices(page, 18, title, 5);
  expect((await subscribe(page, event, me, 1)).status()).toBe(200);
  expect((await waitForMail(me.member.email)).subject).toBe(`Registration confirmed: ${title}`);
});
