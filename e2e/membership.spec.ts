import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import type { Browser, Page } from '@playwright/test';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen, roleContext } from './support/screens.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

// The club's money and papers in a real browser: staff record, void and download the ledger,
// a member reads their own membership, and the calendar card says an event needs a pack.

type Lang = 'es' | 'ca' | 'en';
const CLUB_PRACTICES = 10;

function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/membership/${lang}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text membership:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Today and next month on the club's clock. */
function clubDates(): { today: string; nextMonth: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { today, nextMonth: next };
}

async function memberUuid(page: Page, member: TestMember, token: string): Promise<string> {
  const found = await apiCall(page, 'GET', `/api/admin/users/?q=${member.login}`, undefined, token);
  return ((await found.json()) as Array<{ uuid: string }>)[0].uuid;
}

test('staff record a payment, void one with a reason, see the totals and download the period as CSV', async ({ page }) => {
  // Generous: the machine is shared; not a speed target.
  test.setTimeout(180_000);
  const staff = createMember({ staff: true, nombre: 'Tesorera' });
  const member = createMember({ nombre: 'Núria', apellidos: 'Puig Ferrer' });
  await signInByApi(page, staff);
  await page.goto('/admin/payments');
  const { today } = clubDates();

  // Dues: the member is found by login, amount typed as a Spanish cashier would.
  await page.getByLabel('Buscar socio (nombre, usuario, correo o número)').fill(member.login);
  await page.getByRole('button', { name: /Puig Ferrer, Núria/ }).click();
  await expect(page.getByTestId('payment-member')).toContainText('Puig Ferrer, Núria');
  // Nothing is sent while a field is wrong; the message says why.
  await page.getByLabel('Importe (€)').fill('45,5');
  await page.getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(page.locator('#' + (await page.getByLabel('Cuota pagada hasta').getAttribute('id')) + '-error')).toBeVisible();
  await page.getByLabel('Cuota pagada hasta').fill(`${Number(today.slice(0, 4)) + 1}-12-31`);
  await page.getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Puig Ferrer, Núria' })).toHaveCount(1);
  await expect(page.getByTestId('ledger-row').first()).toContainText('45,50');

  // A pack of ten classes by Bizum.
  const form = page.getByRole('form', { name: 'Registrar un pago' });
  await form.getByLabel('Concepto', { exact: true }).selectOption('bono');
  await page.getByLabel('Importe (€)').fill('90');
  await page.getByLabel('Forma de pago').selectOption('bizum');
  await page.getByLabel('Clases del bono').fill('10');
  await page.getByRole('button', { name: 'Registrar el pago' }).click();
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Puig Ferrer, Núria' })).toHaveCount(2);

  // Void the pack: a reason is asked for, the row stays, marked.
  await page.getByRole('button', { name: /^Anular el pago de Puig Ferrer, Núria/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Anular un pago' });
  await dialog.getByRole('button', { name: 'Anular el pago' }).click();
  await expect(dialog.locator('.invalid-feedback')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Cobrado dos veces');
  await dialog.getByRole('button', { name: 'Anular el pago' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Cobrado dos veces' })).toHaveCount(1);
  await expect(page.getByTestId('payments-totals')).toContainText('45,50');

  // The CSV the accountant gets, read by Python's csv module.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^pagos-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  const python = spawnSync(
    'python3',
    ['-c', "import csv,io,json,sys; print(json.dumps(list(csv.DictReader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline='')))))"],
    { input: bytes },
  );
  expect(python.status).toBe(0);
  const rows = (JSON.parse(python.stdout.toString('utf8')) as Array<Record<string, string>>).filter(
    (row) => row.nombre === 'Puig Ferrer, Núria',
  );
  expect(rows.map((row) => [row.concepto, row.importe_eur, row.forma_pago, row.motivo_anulacion])).toEqual([
    ['bono', '90.00', 'bizum', 'Cobrado dos veces'],
    ['cuota', '45.50', 'efectivo', ''],
  ]);
  expect(rows[0].registrado_por).toContain('Tesorera');
});

test('a member reads their membership from the profile menu, and the calendar card says an event takes a class', async ({ page }) => {
  test.setTimeout(180_000);
  const staff = createMember({ staff: true });
  const member = createMember({ nombre: 'Pau', apellidos: 'Serra' });
  setMemberFlags(member.login, { socio: `S-${member.login.slice(-6)}`, licencia: 'A-1' });
  await page.goto('/');
  const { token } = await signIn(page, staff);
  const uuid = await memberUuid(page, member, token);
  const { today, nextMonth } = clubDates();
  const year = Number(today.slice(0, 4));
  const pay = (body: Record<string, unknown>) =>
    apiCall(page, 'POST', '/api/admin/payments/', { personUuid: uuid, method: 'efectivo', paidAt: today, ...body }, token);
  expect((await pay({ concept: 'cuota', amountCents: 12000, periodEnd: `${year + 1}-06-30` })).status()).toBe(201);
  expect((await pay({ concept: 'bono', amountCents: 9000, classes: 3 })).status()).toBe(201);
  const voided = (await (await pay({ concept: 'otro', amountCents: 500 })).json()) as { id: string };
  await apiCall(page, 'POST', `/api/admin/payments/${voided.id}/void/`, { reason: 'Error de caja' }, token);
  await apiCall(page, 'PUT', `/api/admin/users/${uuid}/`, { licenciaCaduca: `${year + 2}-01-15` }, token);

  await signInByApi(page, member);
  await page.goto('/calendar');
  await page.getByRole('button', { name: /Serra, Pau/ }).click();
  await page.getByRole('link', { name: 'Mi cuota' }).click();
  await expect(page).toHaveURL(/\/my-membership$/);
  await expect(page.getByTestId('membership-classes')).toHaveText('3');
  await expect(page.getByTestId('membership-dues')).toContainText(String(year + 1));
  await expect(page.getByTestId('membership-licence')).toContainText(String(year + 2));
  await expect(page.getByTestId('my-payment')).toHaveCount(3);
  await expect(page.getByTestId('my-payment').filter({ hasText: 'Error de caja' })).toHaveCount(1);

  // The club now sells packs for club practices: the card says so before the member tries.
  const settings = (await (await apiCall(page, 'GET', '/api/admin/settings/', undefined, token)).json()) as { version: number };
  await apiCall(page, 'PUT', '/api/admin/settings/', { duesRequired: true, packRequiredFor: [CLUB_PRACTICES], version: settings.version }, token);
  const event = await createEvent(page, token, {
    type: CLUB_PRACTICES,
    start: `${nextMonth}-12 18:00:00`,
    end: `${nextMonth}-12 20:00:00`,
    evento: 'Prácticas con bono',
    plazas: 5,
  });
  await page.goto(`/calendar?month=${nextMonth}&event=${event.uuid}`);
  const hint = page.getByTestId('membership-hint');
  await expect(hint).toContainText(text('es', 'CARD.NEEDS_PACK', { count: 3 }));
  await expect(hint).toContainText(text('es', 'CARD.NEEDS_DUES'));
  // Registering takes the seat; the class is taken only when staff finalise it.
  await page.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(page.getByText(/Tu inscripción:/).first()).toBeVisible();
  const finalised = await apiCall(
    page,
    'PUT',
    `/api/admin/events/${event.uuid}/participants/${uuid}/`,
    { status: 4 },
    token,
  );
  expect(finalised.status()).toBe(200);
  await page.goto('/my-membership');
  await expect(page.getByTestId('membership-classes')).toHaveText('2');
  await apiCall(page, 'PUT', '/api/admin/settings/', { duesRequired: false, packRequiredFor: [], version: settings.version + 1 }, token);
});

test('staff link an event fee to its event, found by title or date, in es, ca and en on a phone and a desktop', async ({ browser, page }, testInfo) => {
  test.setTimeout(600_000);
  const staff = createMember({ staff: true });
  const member = createMember({ nombre: 'Jordi', apellidos: 'Vidal Soler' });
  await page.goto('/');
  const { token } = await signIn(page, staff);
  const { nextMonth } = clubDates();
  const create = async (evento: string, day: string) => {
    const event = await createEvent(page, token, {
      type: CLUB_PRACTICES,
      start: `${nextMonth}-${day} 10:00:00`,
      end: `${nextMonth}-${day} 14:00:00`,
      evento,
      plazas: 20,
      status: 1,
    });
    return event.uuid;
  };
  const feeEvent = await create('Tirada de Otoño Picker', '14');
  await create('Tirada de Primavera Picker', '21');
  const [, month] = nextMonth.split('-');

  const failures: string[] = [];
  for (const lang of ['es', 'ca', 'en'] as const) {
    for (const [device, width] of [
      ['phone', 390],
      ['desktop', 1280],
    ] as const) {
      const context = await roleContext(browser, 'staff', { width, lang });
      const staffPage = await context.newPage();
      await openScreen(staffPage, '/admin/payments');
      const form = staffPage.getByRole('form').filter({ has: staffPage.locator('input[name="amount"]') });
      await staffPage.locator('input[type="search"]').first().fill(member.login);
      await staffPage.getByRole('button', { name: /^Vidal Soler, Jordi/ }).click();
      await form.locator('select[name="concept"]').selectOption('evento');
      const search = staffPage.getByLabel(text(lang, 'STAFF.EVENT_SEARCH'));
      // Found by words of its title, accents or not.
      await search.fill('otono picker');
      const matches = staffPage.getByRole('list', { name: text(lang, 'STAFF.EVENT_MATCHES') }).getByRole('button');
      await expect(matches).toHaveCount(1);
      await expect(matches.first()).toContainText('Tirada de Otoño Picker');
      await expect(matches.first()).toContainText('10:00');
      // Found by its date as staff write it (14/MM).
      await search.fill(`14/${Number(month)} picker`);
      await expect(matches).toHaveCount(1);
      for (const violation of await axeViolations(staffPage)) failures.push(`picker ${lang} ${device}: ${violation}`);
      const scrollWidth = await staffPage.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) failures.push(`picker ${lang} ${device}: ${scrollWidth} px wide`);
      await photograph(staffPage, testInfo.outputPath(`event-picker-${lang}-${device}.png`), { fullPage: true });
      if (lang === 'es' && device === 'desktop') {
        await matches.first().click();
        await expect(staffPage.getByTestId('payment-event')).toContainText('Tirada de Otoño Picker');
        await form.locator('input[name="amount"]').fill('25');
        await form.getByRole('button', { name: 'Registrar el pago' }).click();
        // The payment's day is today; the ledger of the current month lists it with its event.
        await openScreen(staffPage, '/admin/payments');
        const row = staffPage.getByTestId('ledger-row').filter({ hasText: 'Vidal Soler, Jordi' });
        await expect(row).toHaveCount(1);
        await expect(row.getByTestId('ledger-event')).toContainText('Tirada de Otoño Picker');
        await photograph(staffPage, testInfo.outputPath(`event-fee-ledger-${lang}-${device}.png`), { fullPage: true });
      }
      await context.close();
    }
  }
  expect(failures).toEqual([]);
  // The payment is linked to the event on the wire, as API.md's Payment says.
  const uuid = await memberUuid(page, member, token);
  const listed = (await (
    await apiCall(page, 'GET', `/api/admin/payments/?from=2000-01-01&personUuid=${uuid}`, undefined, token)
  ).json()) as Array<{ concept: string; eventUuid: string | null; amountCents: number }>;
  expect(listed).toEqual([expect.objectContaining({ concept: 'evento', eventUuid: feeEvent, amountCents: 2500 })]);
});

/** The three new screens in each language, phone and desktop: axe finds nothing, and each is kept as a screenshot. */
async function sweep(browser: Browser, role: 'member' | 'staff', paths: string[], testPath: (name: string) => string) {
  const failures: string[] = [];
  for (const lang of ['es', 'ca', 'en'] as const) {
    for (const [device, width] of [
      ['phone', 390],
      ['desktop', 1280],
    ] as const) {
      const context = await roleContext(browser, role, { width, lang });
      const page = await context.newPage();
      for (const screen of paths) {
        await openScreen(page, screen);
        await expect(page.locator('h1')).toBeVisible();
        for (const violation of await axeViolations(page)) failures.push(`${screen} ${lang} ${device}: ${violation}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > (device === 'phone' ? 390 : 1280)) failures.push(`${screen} ${lang} ${device}: ${width} px wide`);
        await photograph(page, testPath(`${screen.replace(/\//g, '_')}-${lang}-${device}.png`), { fullPage: true });
      }
      await context.close();
    }
  }
  expect(failures).toEqual([]);
}

test('the new screens pass axe and fit a phone, in es, ca and en', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  await sweep(browser, 'member', ['/my-membership'], (name) => testInfo.outputPath(name));
  await sweep(browser, 'staff', ['/admin/payments', '/admin/membership'], (name) => testInfo.outputPath(name));
});
