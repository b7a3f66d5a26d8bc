import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { apiCall, signInByApi } from './support/session.ts';

// The calendar of issue 4 as members, staff and visitors use it, against the built site. Every
// test makes its own events in next month (never expired, always reachable) through the staff API.

interface CreatedEvent {
  uuid: string;
  evento: string;
  plazas: number;
  participantes: {
    uuid: string;
    division: number | null;
    factor: number | null;
    roles: { roleId: number; status: number }[];
  }[];
}

/** Next month on the club's wall clock, as 'yyyy-MM' and parts. */
function nextMonth(): { param: string; year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { ...next, param: `${next.year}-${String(next.month).padStart(2, '0')}` };
}

async function tokenOf(page: Page, member: TestMember): Promise<string> {
  const response = await apiCall(page, 'POST', '/api/login/', {
    login: member.login,
    password: member.password,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

let staff: TestMember;

async function createEvent(
  page: Page,
  fields: {
    type: number;
    day: number;
    title: string;
    status?: number;
    plazas?: number;
    nota?: string;
    hour?: number;
  },
): Promise<CreatedEvent> {
  const { year, month } = nextMonth();
  const date = `${year}-${String(month).padStart(2, '0')}-${String(fields.day).padStart(2, '0')}`;
  const hour = String(fields.hour ?? 18).padStart(2, '0');
  const response = await apiCall(
    page,
    'POST',
    '/api/admin/events/',
    {
      type: fields.type,
      start: `${date} ${hour}:00:00`,
      end: `${date} ${String((fields.hour ?? 18) + 2).padStart(2, '0')}:30:00`,
      evento: fields.title,
      nota: fields.nota,
      plazas: fields.plazas ?? 10,
      status: fields.status ?? 2,
    },
    await tokenOf(page, staff),
  );
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as CreatedEvent[])[0];
}

const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

test.beforeAll(() => {
  staff = createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' });
});

test('a member registers, sees the badge turn to registered, updates division and factor, and cancels', async ({
  page,
}) => {
  const member = createMember({ nombre: 'Marta', apellidos: 'Tiradora' });
  setMemberFlags(member.login, { socio: 'S-101', licencia: 'LIC-77', curso: true });
  const event = await createEvent(page, {
    type: 3,
    day: 12,
    title: unique('Tirada social'),
    nota: 'Traed 150 cartuchos',
  });
  const token = await signInByApi(page, member);

  await page.goto(`/calendar?month=${nextMonth().param}`);
  const chip = page.getByRole('button', { name: new RegExp(event.evento) });
  await expect(chip).toHaveClass(/event-style-competition-ipsc/);
  await chip.click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-badge]')).toHaveText('Abierto');
  await expect(card.getByText('10 libres de 10')).toBeVisible();
  await expect(card.getByText('Traed 150 cartuchos')).toBeVisible();
  // createMember makes a man born 1985-05-20: no IPSC age category, so "General".
  await expect(card.locator('output')).toHaveText('General');

  await card.getByLabel('División').selectOption({ label: 'Open' });
  await card.getByLabel('Factor').selectOption({ label: 'Major' });
  await expect(card.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
  await card.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(page.locator('.toast', { hasText: 'Te has inscrito' })).toBeVisible();
  await expect(card.locator('[data-badge]')).toHaveText('Inscrito');
  await expect(card.getByText('9 libres de 10')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toBeDisabled();

  await card.getByLabel('División').selectOption({ label: 'Standard' });
  await card.getByLabel('Factor').selectOption({ label: 'Minor' });
  await card.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.locator('.toast', { hasText: 'Hemos guardado los cambios' })).toBeVisible();
  const afterUpdate = (await (
    await apiCall(page, 'GET', `/api/events/${event.uuid}/`, undefined, token)
  ).json()) as CreatedEvent;
  expect(afterUpdate.participantes[0]).toMatchObject({
    division: 4,
    factor: 1,
    roles: [{ roleId: 3, status: 1 }],
  });

  await card.getByRole('button', { name: 'Anular inscripción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anular inscripción' });
  await expect(dialog).toContainText(event.evento);
  await dialog.getByRole('button', { name: 'Sí, anular' }).click();
  await expect(page.locator('.toast', { hasText: 'Has anulado tu inscripción' })).toBeVisible();
  await expect(card.locator('[data-badge]')).toHaveText('Abierto');
  await expect(card.getByText('10 libres de 10')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toBeDisabled();
});

test('an ineligible member sees why: the missing weapons licence', async ({ page }) => {
  const member = createMember();
  setMemberFlags(member.login, { socio: 'S-202' });
  const event = await createEvent(page, { type: 6, day: 13, title: unique('Precisión 25 m') });
  await signInByApi(page, member);
  await page.goto(`/calendar?month=${nextMonth().param}`);
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  const reason = card.getByRole('note');
  await expect(reason).toContainText('No cumples los requisitos de este evento');
  await expect(reason.getByRole('listitem')).toHaveText(['Licencia de armas']);
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toBeDisabled();
  // No division or factor outside IPSC competitions.
  await expect(card.getByLabel('División')).toHaveCount(0);
});

test('staff open the attendee list and confirm a registration', async ({ page }) => {
  const member = createMember({ nombre: 'Pau', apellidos: 'Asistente' });
  setMemberFlags(member.login, { socio: 'S-303', licencia: 'LIC-303' });
  const event = await createEvent(page, { type: 1, day: 14, title: unique('Clase regular') });
  const memberToken = await tokenOf(page, member);
  const me = (await (await apiCall(page, 'GET', '/api/active-user/', undefined, memberToken)).json()) as {
    user: { uuid: string };
  };
  const subscribed = await apiCall(
    page,
    'PUT',
    `/api/events/${event.uuid}/subscribe/`,
    { uuid: me.user.uuid, roles: [{ roleId: 2, status: 1 }] },
    memberToken,
  );
  expect(subscribed.status()).toBe(200);

  await signInByApi(page, staff);
  await page.goto(`/calendar?month=${nextMonth().param}`);
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card.getByText('9 libres de 10')).toBeVisible();
  await card.getByRole('button', { name: 'Lista de asistentes' }).click();
  const dialog = page.getByRole('dialog', { name: `Asistentes: ${event.evento}` });
  const row = dialog.getByRole('row', { name: /Asistente, Pau/ });
  await expect(row).toContainText('Reservado');
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('612345678');
  await row.getByRole('button', { name: 'Confirmar a Asistente, Pau' }).click();
  await expect(row).toContainText('Confirmado');
  await expect(row.getByRole('button', { name: 'Confirmar a Asistente, Pau' })).toBeDisabled();
  const after = (await (
    await apiCall(page, 'GET', `/api/events/${event.uuid}/`, undefined, memberToken)
  ).json()) as CreatedEvent;
  expect(after.participantes[0].roles[0].status).toBe(3);
});

test('an anonymous visitor sees public events only, without a registration form', async ({ page }) => {
  const open = await createEvent(page, {
    type: 10,
    day: 15,
    title: unique('Prácticas abiertas'),
    nota: 'Solo socios',
  });
  const closed = await createEvent(page, {
    type: 2,
    day: 15,
    hour: 10,
    status: 1,
    title: unique('Clase privada'),
  });
  await page.goto(`/calendar?month=${nextMonth().param}`);
  const chip = page.getByRole('button', { name: new RegExp(open.evento) });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(closed.evento) })).toHaveCount(0);
  await chip.click();
  const card = page.getByRole('article', { name: open.evento });
  await expect(card).toContainText('Prácticas del club');
  await expect(card.locator('[data-badge]')).toHaveCount(0);
  await expect(card.getByRole('form')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toHaveCount(0);
  await expect(card.getByText('Solo socios')).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Inicia sesión' })).toBeVisible();

  // A member sees the private one, with its lock named.
  await signInByApi(page, createMember());
  await page.reload();
  const privateChip = page.getByRole('button', { name: new RegExp(closed.evento) });
  await expect(privateChip.getByRole('img', { name: 'Evento privado' })).toBeVisible();
});

test('on a phone the month shows day buttons with dots, and the chosen day lists its events', async ({
  page,
}, testInfo) => {
  const member = createMember();
  setMemberFlags(member.login, { socio: 'S-404', licencia: 'LIC-404', curso: true });
  const event = await createEvent(page, { type: 3, day: 16, title: unique('Social IPSC móvil') });
  await signInByApi(page, member);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/calendar?month=${nextMonth().param}`);
  // Chips give way to one button per day; nothing overflows the screen sideways.
  await expect(page.getByRole('button', { name: new RegExp(event.evento) })).toHaveCount(0);
  const day = page.locator(`[data-date$="-16"]`).getByRole('button');
  await expect(day).toHaveAccessibleName(/16 .*evento/);
  await expect(day.locator('.cal-dot.event-style-competition-ipsc')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await day.click();
  const row = page.getByRole('button', { name: new RegExp(event.evento) });
  await expect(row).toBeVisible();
  await row.click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toBeEnabled();
  const box = await card.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  // Social shoots keep the long card under 900 px: at least 544 px tall.
  expect(box?.height).toBeGreaterThanOrEqual(544);
  await page.screenshot({ path: testInfo.outputPath('phone-es.png'), fullPage: true });

  await card.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(card.locator('[data-badge]')).toHaveText('Inscrito');
});

test('the calendar reads in es, ca and en, with the card open', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // six page loads, two widths in three languages
  // Reduced motion: the card opens at once (no expand animation), so the screenshots are settled.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const member = createMember();
  setMemberFlags(member.login, { socio: 'S-505', licencia: 'LIC-505', curso: true });
  const event = await createEvent(page, {
    type: 3,
    day: 17,
    title: unique('Tirada social'),
    nota: 'Inscripción hasta el jueves.',
  });
  await signInByApi(page, member);
  const { year, month, param } = nextMonth();
  const expected = {
    es: {
      weekday: 'Lun',
      month: new Intl.DateTimeFormat('es', { month: 'long' }).format(new Date(year, month - 1, 1)),
      register: 'Inscribirme',
    },
    ca: {
      weekday: 'Dl',
      month: new Intl.DateTimeFormat('ca', { month: 'long' }).format(new Date(year, month - 1, 1)),
      register: "Inscriure'm",
    },
    en: {
      weekday: 'Mon',
      month: new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(year, month - 1, 1)),
      register: 'Register',
    },
  } as const;
  for (const language of ['es', 'ca', 'en'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/calendar?month=${param}`);
      await page.evaluate((lang) => localStorage.setItem('ipsc-club.lang', lang), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const heading = page.locator('.cal-month-title');
      await expect(heading).toContainText(String(year));
      await expect(heading).toContainText(new RegExp(expected[language].month, 'i'));
      await expect(page.locator('.cal-weekday').first()).toHaveText(expected[language].weekday);
      if (width === 375) await page.locator('[data-date$="-17"]').getByRole('button').click();
      await page.getByRole('button', { name: new RegExp(event.evento) }).click();
      const card = page.getByRole('article', { name: event.evento });
      await expect(card.getByRole('button', { name: expected[language].register })).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`calendar-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
});
