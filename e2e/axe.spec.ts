import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen, openScreenInApp } from './support/screens.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, storeSession } from './support/session.ts';
import type { Session } from './support/session.ts';

// axe-core on every screen that public-site.spec.ts does not already check: signed out, as a
// member and as staff, in Spanish and English, with the states that only show after a click
// (an event card, the attendee dialog, each staff tab). One browser context per role and
// language walks all its screens and reports every violation at once.

type Lang = 'es' | 'en';

const CLUB_PRACTICES = 10;
const ALUMNO = 2;
const RESERVADO = 1;
const OPEN = 2;

/** A text of the site as it ships, read from its translation file ('AREA.KEY', {{value}}s filled). */
function text(lang: Lang, area: string, key: string, values: Record<string, string | number> = {}): string {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/${area}/${lang}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${area}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const month = clubMonthFromNow(1).key;
const title = `Prácticas axe ${randomBytes(3).toString('hex')}`;
const messageSubject = `Clases de iniciación ${randomBytes(3).toString('hex')}`;
let staffSession: Session;
let memberSession: Session;
let libraryStageId: string;
let memberName: string;
let memberSurname: string;
let eventUuid: string;

test.beforeAll(async ({ browser }) => {
  const staff = createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' });
  const member = createMember({ nombre: 'Núria', apellidos: `Axe ${randomBytes(3).toString('hex')}` });
  memberName = `${member.apellidos}, ${member.nombre}`;
  memberSurname = member.apellidos;
  setMemberFlags(member.login, { socio: `S-${randomBytes(3).toString('hex')}` });
  const context = await browser.newContext();
  const page = await context.newPage();
  staffSession = await signIn(page, staff);
  memberSession = await signIn(page, member);

  // An event next month with the member on it: a card to open, a registration to list and an
  // attendee row for staff.
  const event = await createEvent(page, staffSession.token, {
    type: CLUB_PRACTICES,
    start: `${month}-14 10:00:00`,
    end: `${month}-14 12:30:00`,
    evento: title,
    plazas: 6,
    status: OPEN,
  });
  eventUuid = event.uuid;
  const subscribed = await apiCall(
    page,
    'PUT',
    `/api/events/${event.uuid}/subscribe/`,
    { uuid: memberSession.uuid, roles: [{ roleId: ALUMNO, status: RESERVADO }] },
    memberSession.token,
  );
  expect(subscribed.status(), await subscribed.text()).toBe(200);

  // A kept drill, so the training log draws its chart and list.
  const kept = await apiCall(
    page,
    'POST',
    '/api/training/',
    { stageName: 'El Test', startedAt: new Date(Date.now() - 3_600_000).toISOString(), reps: [{ shots: [{ tMs: 900, zone: 'A' }, { tMs: 1400, zone: 'C' }] }] },
    memberSession.token,
  );
  expect(kept.status(), await kept.text()).toBe(201);

  // A message in the staff inbox.
  const sent = await apiCall(page, 'POST', '/api/send-message/', {
    name: 'Pau Visitante',
    email: 'pau@club.test',
    subject: messageSubject,
    message: 'Hola,\n¿cuándo empieza el próximo curso?',
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  const stages = await page.request.get('/api/library/stages/');
  libraryStageId = ((await stages.json()) as Array<{ id: string }>)[0].id;
  await context.close();
});

async function contextFor(browser: Browser, lang: Lang, session?: Session, phone = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1366, height: 900 } }),
  });
  await context.addInitScript((value) => localStorage.setItem('ipsc-club.lang', value), lang);
  if (session) await storeSession(context, session);
  return context;
}

/** Collects axe's findings screen by screen, so one run names every problem at once. */
class Findings {
  readonly list: string[] = [];

  constructor(private readonly page: Page) {}

  async check(screen: string): Promise<void> {
    for (const violation of await axeViolations(this.page)) this.list.push(`${screen} — ${violation}`);
  }
}

/** Opens a screen by loading it, or (`inApp`) as the app's links do, at a fraction of the processor. */
async function open(page: Page, path: string, inApp = false): Promise<void> {
  await (inApp ? openScreenInApp(page, path) : openScreen(page, path));
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
}

for (const lang of ['es', 'en'] as const) {
  test.describe(`axe [${lang}]`, () => {
    test('signed-out screens have no violations', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await contextFor(browser, lang);
      const page = await context.newPage();
      const findings = new Findings(page);

      await open(page, `/calendar?month=${month}`);
      await page.getByRole('button', { name: new RegExp(title) }).click();
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await findings.check('calendar, event card open');

      for (const path of [
        '/forgoten',
        '/reset-password?token=not-a-real-token',
        '/verify-email?token=not-a-real-token',
        '/not-found',
        '/stages',
        `/stages/${libraryStageId}/briefing?event=${eventUuid}`,
        '/dry-training',
        '/stage-designer',
      ]) {
        await open(page, path, true);
        await findings.check(path);
      }
      await context.close();
      expect(findings.list).toEqual([]);
    });

    test('member screens have no violations', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await contextFor(browser, lang, memberSession);
      const page = await context.newPage();
      const findings = new Findings(page);

      await open(page, `/calendar?month=${month}`);
      await page.getByRole('button', { name: new RegExp(title) }).click();
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await findings.check('calendar, event card open');

      for (const path of ['/my-registrations', '/user-profile', '/change-password', '/training']) {
        await open(page, path, true);
        await findings.check(path);
      }

      // The designer with an element chosen (its settings panel live) and its server dialog.
      // A target with random position on, so every control of the panel is live.
      await open(page, '/stage-designer');
      await page.locator('.add-gallery button[data-kind]').nth(1).click();
      await page.locator('.settings-panel').getByRole('switch').first().click();
      await expect(page.locator('.settings-panel fieldset.visible-time')).toBeEnabled();
      await findings.check('/stage-designer, element selected');
      await page.getByRole('button', { name: text(lang, 'stage-designer', 'SAVE_ACCOUNT'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await findings.check('/stage-designer, server dialog open');

      // The viewer with a library stage, and its drill dialog.
      await open(page, `/dry-training?library=${libraryStageId}`);
      await page.getByRole('button', { name: text(lang, 'dry-training', 'DRILL.OPEN'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await findings.check('/dry-training, drill dialog open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('button', { name: text(lang, 'dry-training', 'SCORING.OPEN'), exact: true }).click();
      await page.getByRole('button', { name: text(lang, 'dry-training', 'CALIBRATION.OPEN'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await findings.check('/dry-training, scoring on and calibration dialog open');
      await context.close();
      expect(findings.list).toEqual([]);
    });

    test('staff screens have no violations', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await contextFor(browser, lang, staffSession);
      const page = await context.newPage();
      const findings = new Findings(page);

      await open(page, `/admin/events?month=${month}`);
      await findings.check('/admin/events');
      const card = page.getByTestId('admin-event').filter({ hasText: title });
      await card.getByRole('button', { name: text(lang, 'admin', 'EVENTS.ACTIONS.ATTENDEES', { count: 1 }) }).click();
      const attendees = page.getByRole('dialog', { name: new RegExp(title) });
      await expect(attendees.getByTestId('attendee-row')).toHaveCount(1);
      await findings.check('/admin/events, attendee dialog open');
      await page.keyboard.press('Escape');
      await expect(attendees).toBeHidden();
      await page.getByRole('button', { name: text(lang, 'admin', 'EVENTS.NEW'), exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await findings.check('/admin/events, event form open');

      await open(page, `/admin/members?q=${encodeURIComponent(memberSurname)}`);
      await expect(page.getByTestId('member-row')).toHaveCount(1);
      await findings.check('/admin/members');
      // The member with the registration: the editor lists it with its status badge.
      await page.getByRole('button', { name: text(lang, 'admin', 'MEMBERS.EDIT_NAMED', { name: memberName }) }).click();
      await expect(page.getByRole('dialog').getByText(title)).toBeVisible();
      await findings.check('/admin/members, member editor open');

      await open(page, '/admin/messages');
      await page.getByRole('button', { name: new RegExp(messageSubject) }).click();
      await expect(page.getByText('¿cuándo empieza el próximo curso?')).toBeVisible();
      await findings.check('/admin/messages, a message open');

      // The library as staff see it, with the buttons to edit and delete each stage.
      await open(page, '/stages');
      await findings.check('/stages');

      // Staff publish designs to the club's library.
      await open(page, '/stage-designer');
      await page.locator('.add-gallery button[data-kind]').first().click();
      await page.getByRole('button', { name: text(lang, 'stage-designer', 'PUBLISH_LIBRARY') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await findings.check('/stage-designer, publish dialog open');
      await context.close();
      expect(findings.list).toEqual([]);
    });
  });
}

// What only a phone shows (the open menu, the attendee cards, the designer's settings sheet),
// once: the texts are the ones checked above on the desktop.
test('phone-only layouts have no violations [es]', async ({ browser }) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  const member = await contextFor(browser, 'es', memberSession, true);
  let page = await member.newPage();
  await open(page, `/calendar?month=${month}`);
  await page.getByRole('button', { name: text('es', 'header', 'NAV.TOGGLE') }).click();
  await expect(page.getByRole('navigation', { name: text('es', 'header', 'NAV.LABEL') })).toBeVisible();
  for (const violation of await axeViolations(page)) findings.push(`member menu open — ${violation}`);
  // The phone calendar lists days, not chips: the card opens from its link.
  await open(page, `/calendar?month=${month}&event=${eventUuid}`);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  for (const violation of await axeViolations(page)) findings.push(`calendar, event card open — ${violation}`);
  await open(page, '/stage-designer');
  await page.locator('.add-gallery button[data-kind]').first().click();
  for (const violation of await axeViolations(page)) findings.push(`/stage-designer, element selected — ${violation}`);
  await member.close();

  const staff = await contextFor(browser, 'es', staffSession, true);
  page = await staff.newPage();
  await open(page, `/admin/events?month=${month}`);
  const card = page.getByTestId('admin-event').filter({ hasText: title });
  await card.getByRole('button', { name: text('es', 'admin', 'EVENTS.ACTIONS.ATTENDEES', { count: 1 }) }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(title) }).getByTestId('attendee-row')).toHaveCount(1);
  for (const violation of await axeViolations(page)) findings.push(`/admin/events, attendee dialog open — ${violation}`);
  await staff.close();
  expect(findings).toEqual([]);
});

test('the axe check reports what axe finds, the experimental WCAG rules included, and again on the same page', async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
     <input type="text">
     <p style="color:#aaa;background:#fff">Pale text</p>
     <button aria-label="Close">Open</button></main></body></html>`,
  );
  const ids = (violations: string[]) => violations.map((line) => line.split(':')[0]).sort();
  const first = await axeViolations(page);
  expect(ids(first)).toEqual(['color-contrast', 'label', 'label-content-name-mismatch']);
  expect(first.find((line) => line.startsWith('label:'))).toContain('input');
  // axe stays in the document: a second check after a change finds the change.
  await page.evaluate(() => document.querySelector('input')?.setAttribute('aria-label', 'Name'));
  expect(ids(await axeViolations(page))).toEqual(['color-contrast', 'label-content-name-mismatch']);
});
