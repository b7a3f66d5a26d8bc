import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import type { CreatedEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

// The calendar of issue 4 as members, staff and visitors use it, against the built site. Every
// test makes its own events in next month (never expired, always reachable) through the staff API.


let staff: TestMember;

/** An event next month on the given day, made by staff (18:00 to 20:30 unless an hour is given). */
async function nextMonthEvent(
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
  const { year, month } = clubMonthFromNow(1);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(fields.day).padStart(2, '0')}`;
  const hour = String(fields.hour ?? 18).padStart(2, '0');
  return createEvent(page, (await signIn(page, staff)).token, {
    type: fields.type,
    start: `${date} ${hour}:00:00`,
    end: `${date} ${String((fields.hour ?? 18) + 2).padStart(2, '0')}:30:00`,
    evento: fields.title,
    nota: fields.nota,
    plazas: fields.plazas ?? 10,
    status: fields.status ?? 2,
  });
}

const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;
/** A member number and a licence no other member of this database has (the tests may repeat). */
const numbers = () => {
  const tag = randomBytes(3).toString('hex');
  return { socio: `S-${tag}`, licencia: `LIC-${tag}` };
};

test.beforeAll(() => {
  staff = createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' });
});

test('a member registers, sees the badge turn to registered, updates division and factor, and cancels', async ({
  page,
}) => {
  const member = createMember({ nombre: 'Marta', apellidos: 'Tiradora' });
  setMemberFlags(member.login, { ...numbers(), curso: true });
  const event = await nextMonthEvent(page, {
    type: 3,
    day: 12,
    title: unique('Tirada social'),
    nota: 'Traed 150 cartuchos',
  });
  const token = await signInByApi(page, member);

  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  const chip = page.getByRole('button', { name: new RegExp(event.evento) });
  await expect(chip).toHaveClass(/event-style-competition-ipsc/);
  await chip.click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-badge]')).toHaveText('Abierto');
  await expect(card.getByTestId('seats')).toHaveText('10 plazas libres de 10');
  await expect(card.getByText('Traed 150 cartuchos')).toBeVisible();
  // createMember makes a man born 1985-05-20: no IPSC age category, so "General".
  await expect(card.locator('output')).toHaveText('General');

  await card.getByLabel('División').selectOption({ label: 'Open' });
  await card.getByLabel('Factor').selectOption({ label: 'Major' });
  // Not registered yet: nothing to update or cancel is offered.
  await expect(card.getByRole('button', { name: 'Actualizar' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(page.locator('.toast', { hasText: 'Te has inscrito' })).toBeVisible();
  await expect(card.locator('[data-badge]')).toHaveText('Con plaza');
  await expect(card.getByTestId('seats')).toHaveText('9 plazas libres de 10');
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toHaveCount(0);

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
  await expect(card.getByTestId('seats')).toHaveText('10 plazas libres de 10');
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toHaveCount(0);
});

test('an ineligible member sees why: the missing weapons licence', async ({ page }) => {
  const member = createMember();
  setMemberFlags(member.login, { socio: numbers().socio });
  const event = await nextMonthEvent(page, { type: 6, day: 13, title: unique('Precisión 25 m') });
  await signInByApi(page, member);
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  const reason = card.getByRole('note');
  await expect(reason).toContainText('No cumples los requisitos de este evento');
  // What is missing, each with its next step; then what the member can already do.
  const missing = reason.getByRole('list').first().getByRole('listitem');
  await expect(missing).toHaveCount(1);
  await expect(missing.locator('strong')).toHaveText('Licencia de armas');
  await expect(missing.getByRole('link', { name: 'Escribir al club' })).toBeVisible();
  // Buttons that cannot apply are not shown.
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toHaveCount(0);
  // No division or factor outside IPSC competitions.
  await expect(card.getByLabel('División')).toHaveCount(0);
});

test('staff open the attendee list and confirm a registration', async ({ page }) => {
  const member = createMember({ nombre: 'Pau', apellidos: 'Asistente' });
  setMemberFlags(member.login, numbers());
  const event = await nextMonthEvent(page, { type: 1, day: 14, title: unique('Clase regular') });
  const session = await signIn(page, member);
  const subscribed = await apiCall(
    page,
    'PUT',
    `/api/events/${event.uuid}/subscribe/`,
    { uuid: session.uuid, roles: [{ roleId: 2, status: 1 }] },
    session.token,
  );
  expect(subscribed.status()).toBe(200);

  await signInByApi(page, staff);
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card.getByTestId('seats')).toHaveText('9 plazas libres de 10');
  await card.getByRole('button', { name: 'Lista de asistentes' }).click();
  const dialog = page.getByRole('dialog', { name: `Asistentes: ${event.evento}` });
  const row = dialog.getByRole('row', { name: /Asistente, Pau/ });
  await expect(row).toContainText('Con plaza');
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('612345678');
  await row.getByRole('button', { name: 'Confirmar a Asistente, Pau' }).click();
  await expect(row).toContainText('Confirmado');
  await expect(row.getByRole('button', { name: 'Confirmar a Asistente, Pau' })).toBeDisabled();
  const after = (await (
    await apiCall(page, 'GET', `/api/events/${event.uuid}/`, undefined, session.token)
  ).json()) as CreatedEvent;
  expect(after.participantes[0].roles[0].status).toBe(3);
});

test('an anonymous visitor sees public events only, without a registration form', async ({ page }) => {
  const open = await nextMonthEvent(page, {
    type: 10,
    day: 15,
    title: unique('Prácticas abiertas'),
    nota: 'Solo socios',
  });
  const closed = await nextMonthEvent(page, {
    type: 2,
    day: 15,
    hour: 10,
    status: 1,
    title: unique('Clase privada'),
  });
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
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
  setMemberFlags(member.login, { ...numbers(), curso: true });
  const event = await nextMonthEvent(page, { type: 3, day: 16, title: unique('Social IPSC móvil') });
  await signInByApi(page, member);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
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
  await photograph(page, testInfo.outputPath('phone-es.png'), { fullPage: true });

  await card.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(card.locator('[data-badge]')).toHaveText('Con plaza');
});

test('on a phone, an event pressed while its day still opens shows under the whole agenda', async ({
  page,
}) => {
  const member = createMember();
  setMemberFlags(member.login, { ...numbers(), curso: true });
  await nextMonthEvent(page, { type: 3, day: 21, hour: 9, title: unique('Social de mañana') });
  const event = await nextMonthEvent(page, { type: 3, day: 21, title: unique('Social de tarde') });
  await signInByApi(page, member);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  // A slow phone: the panel takes four seconds to open (a constructed sheet, which the CSP allows).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.cal-panel { transition-duration: 4s !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.locator('[data-date$="-21"]').getByRole('button').click();
  // Pressed at once, while the panel still hides it: the browser brings the row into view (as it
  // does for a row reached with Tab), which must not scroll the agenda inside its panel.
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  await expect(card).toBeVisible();
  const panel = page.locator('.cal-panel.is-open');
  await expect(panel).toHaveCount(1);
  expect(await panel.locator('.cal-panel-inner').evaluate((inner) => inner.scrollTop)).toBe(0);
  const title = await panel.locator('.cal-agenda-title').boundingBox();
  const shown = await panel.boundingBox();
  expect(title?.y).toBeGreaterThanOrEqual(shown?.y ?? Infinity);
});

test('the calendar reads in es, ca and en, with the card open', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // six page loads, two widths in three languages
  // Reduced motion: the card opens at once (no expand animation), so the screenshots are settled.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const member = createMember();
  setMemberFlags(member.login, { ...numbers(), curso: true });
  const event = await nextMonthEvent(page, {
    type: 3,
    day: 17,
    title: unique('Tirada social'),
    nota: 'Inscripción hasta el jueves.',
  });
  await signInByApi(page, member);
  const { year, month, key: param } = clubMonthFromNow(1);
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
      await photograph(page, testInfo.outputPath(`calendar-${language}-${width}.png`), { fullPage: true });
    }
  }
});

async function registerByApi(page: Page, member: TestMember, event: CreatedEvent): Promise<void> {
  const session = await signIn(page, member);
  const response = await apiCall(
    page,
    'PUT',
    `/api/events/${event.uuid}/subscribe/`,
    { uuid: session.uuid, division: 1, factor: 1, roles: [{ roleId: 3, status: 1 }] },
    session.token,
  );
  expect(response.status(), await response.text()).toBe(200);
}

test('a full event says full, its seats read in the plural that fits, and nothing that cannot apply is offered', async ({
  page,
}) => {
  const first = createMember();
  const second = createMember();
  for (const [index, member] of [first, second].entries())
    setMemberFlags(member.login, {
      socio: `S-606-${index}-${randomBytes(2).toString('hex')}`,
      licencia: 'LIC-606',
      curso: true,
    });
  const event = await nextMonthEvent(page, {
    type: 3,
    day: 18,
    plazas: 1,
    title: unique('Tirada de una plaza'),
  });
  await signInByApi(page, second);
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}&event=${event.uuid}`);
  const card = page.getByRole('article', { name: event.evento });
  await expect(card.getByTestId('seats')).toHaveText('1 plaza libre de 1');
  await expect(card.locator('[data-badge]')).toHaveText('Abierto');
  await expect(card.getByLabel('División')).toBeEnabled();

  await registerByApi(page, first, event);
  await page.reload();
  await expect(card.locator('[data-badge]')).toHaveText('Completo');
  await expect(card.getByTestId('seats')).toHaveText('Ninguna plaza libre de 1');
  await expect(card.getByRole('button', { name: 'Inscribirme' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Actualizar' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Anular inscripción' })).toHaveCount(0);
  await expect(card.getByLabel('División')).toBeDisabled();
  await expect(card.getByLabel('Factor')).toBeDisabled();
  // What can apply is still there: the waiting list.
  await expect(card.getByTestId('waitlist').getByRole('button')).toBeVisible();

  for (const [language, badge, seats] of [
    ['ca', 'Complet', 'Cap plaça lliure de 1'],
    ['en', 'Full', 'No free seats of 1'],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem('ipsc-club.lang', lang), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(card.locator('[data-badge]')).toHaveText(badge);
    await expect(card.getByTestId('seats')).toHaveText(seats);
  }
});

test('the month is in the address: a reload and a shared link keep it, back and forward step through it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { key: param } = clubMonthFromNow(1);
  await page.goto('/calendar');
  const grid = page.locator('.cal-grid');
  const current = await grid.getAttribute('data-month');
  await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?month=${param}$`));
  await expect(grid).toHaveAttribute('data-month', param);
  await page.reload();
  await expect(grid).toHaveAttribute('data-month', param);
  await page.goBack();
  await expect(grid).toHaveAttribute('data-month', current!);
  await page.goForward();
  await expect(grid).toHaveAttribute('data-month', param);

  // A shared link opens on its month in a fresh page.
  const other = await page.context().newPage();
  await other.goto(`/calendar?month=${param}`);
  await expect(other.locator('.cal-grid')).toHaveAttribute('data-month', param);
  await other.close();
});

test('signing in from an event card comes back to that event', async ({ page }) => {
  const member = createMember();
  const event = await nextMonthEvent(page, { type: 10, day: 19, title: unique('Prácticas con vuelta') });
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  await page.getByRole('button', { name: new RegExp(event.evento) }).click();
  const card = page.getByRole('article', { name: event.evento });
  await card.getByRole('link', { name: 'Inicia sesión' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.locator('form#login [name="login"]').fill(member.login);
  await page.locator('form#login [name="password"]').fill(member.password);
  await page.locator('form#login [type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?month=${clubMonthFromNow(1).key}&event=${event.uuid}$`));
  // Back on the event, now with what members see.
  await expect(card).toBeVisible();
  await expect(card.getByTestId('seats')).toBeVisible();
});

test('a next address of another site is ignored after signing in', async ({ page, baseURL }) => {
  const member = createMember();
  for (const next of ['https://example.com/calendar', '//example.com/calendar']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.locator('form#login [name="login"]').fill(member.login);
    await page.locator('form#login [name="password"]').fill(member.password);
    await page.locator('form#login [type="submit"]').click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.evaluate(() => {
      localStorage.removeItem('ipsc-club.token');
      sessionStorage.removeItem('ipsc-club.token');
    });
  }
});

test('on a desktop the chips show whole titles, also on hover and to screen readers', async ({ page }) => {
  const member = createMember();
  await signInByApi(page, member);
  const event = await nextMonthEvent(page, {
    type: 4,
    day: 20,
    title: unique('Entrenamiento de precisión a 25 metros'),
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/calendar?month=${clubMonthFromNow(1).key}`);
  const chip = page.locator('.cal-chip-chip', { hasText: event.evento });
  await expect(chip).toHaveAttribute('title', `18:00 ${event.evento}`);
  await expect(chip).toHaveAccessibleName(`18:00 ${event.evento}`);
  const title = chip.locator('.cal-chip-title');
  await expect(title).toHaveText(event.evento);
  // Nothing is cut: the title's box holds all of its text.
  const cut = await title.evaluate(
    (node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
  );
  expect(cut).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
});

test('the calendar offers itself to Google Calendar, to iPhone and Mac, and to copy: the public one to visitors, the personal one to members', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendar');
  const visitor = page.getByTestId('public-feed');
  const publicUrl = `${baseURL}/api/calendar.ics`;
  await expect(visitor.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(publicUrl.replace(/^https?:/, 'webcal:'))}`,
  );
  await expect(visitor.getByRole('link', { name: 'iPhone / Mac' })).toHaveAttribute('href', publicUrl.replace(/^https?:/, 'webcal:'));
  await expect(visitor.getByRole('button', { name: 'Copiar la dirección' })).toBeEnabled();

  const member = createMember();
  await signInByApi(page, member);
  await page.goto('/calendar');
  const mine = page.getByTestId('personal-feed-choices');
  const apple = mine.getByRole('link', { name: 'iPhone / Mac' });
  await expect(apple).toHaveAttribute('href', /^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const personal = (await apple.getAttribute('href'))?.replace(/^webcal:/, new URL(baseURL ?? '').protocol) ?? '';
  expect((await page.request.get(personal)).status()).toBe(200);
  await page.getByTestId('calendar-feed').scrollIntoViewIfNeeded();
  await photograph(page, test.info().outputPath('calendar-feed-phone.png'));

  // The profile points to it too.
  await page.goto('/user-profile');
  await page.getByTestId('profile-calendar').getByRole('link', { name: 'Añadirlas a mi calendario' }).click();
  await expect(page).toHaveURL(/\/my-registrations$/);
  await expect(page.getByTestId('personal-feed-choices').getByRole('link', { name: 'Google Calendar' })).toBeVisible();
});
