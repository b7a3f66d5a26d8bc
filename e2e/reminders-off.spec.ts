import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { clubWallTime } from '../packages/contract/src/club-time.ts';
import { createMember, setMemberFlags, waitForMail } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen } from './support/screens.ts';
import { photograph } from './support/photos.ts';

// A machine shared by many (load average 30-45 on 2 cores) can take over 10 s to start the app.
const SLOW_START = { startTimeout: 60_000 };

// The page a reminder's "stop reminders" link opens (/reminders-off), reached from a real
// reminder mail: it asks before changing anything, turns reminders off without a session, says
// so, and refuses a forged link; in Spanish, Catalan and English, on a phone and a desktop.

const LANGUAGES = ['es', 'ca', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const SIZES = [
  { width: 390, height: 844, mobile: true },
  { width: 1280, height: 900, mobile: false },
] as const;
const CLUB_PRACTICES = 10;

function text(lang: Lang, key: string): string {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/reminders-off/${lang}.json`);
  const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw new Error(`no text reminders-off:${key} (${lang})`);
  return value;
}

async function remindersOn(page: Page, token: string): Promise<boolean> {
  const response = await apiCall(page, 'GET', '/api/registry/actvie-user/', undefined, token);
  return ((await response.json()) as { recordatorios: boolean }).recordatorios;
}

/** A context of the given size and language, nobody signed in (the link works without a session). */
async function visitor(browser: Browser, size: (typeof SIZES)[number], lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    deviceScaleFactor: size.mobile ? 2 : 1,
  });
  await context.addInitScript((language) => localStorage.setItem('ipsc-club.lang', language), lang);
  return context.newPage();
}

async function look(page: Page, name: string, width: number, problems: string[]): Promise<void> {
  await photograph(page, test.info().outputPath(`${name}.png`), { fullPage: true });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scroll > width) problems.push(`${name}: ${scroll} px wide`);
  for (const violation of await axeViolations(page)) problems.push(`${name}: ${violation}`);
}

test('the link of a real reminder opens a page that asks, turns reminders off without signing in, and refuses a forged link, in three languages on a phone and a desktop', async ({
  page,
  browser,
}) => {
  // The reminder goes out REMINDER_HOURS (24) before the start, to members who registered before it.
  test.setTimeout(900_000);
  const staff = await signIn(page, createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' }));
  const member = createMember({ nombre: 'Rita' });
  setMemberFlags(member.login, { socio: `R-${randomBytes(2).toString('hex')}` });
  const session = await signIn(page, member);

  // The event is made two days out and the member registers; then staff move it to start a day
  // and a few seconds from now, which moves its reminder to a few seconds from now (a new start
  // plans the reminder again). The reminder is sent after the registration however long the steps
  // before took, and the test waits seconds for it, not a margin kept for those steps.
  const fields = { type: CLUB_PRACTICES, evento: `Recordatorio ${randomBytes(3).toString('hex')}`, plazas: 5, status: 2 };
  const times = (start: Date) => ({
    start: clubWallTime(start),
    end: clubWallTime(new Date(start.getTime() + 2 * 3_600_000)),
  });
  const { uuid: event } = await createEvent(page, staff.token, { ...fields, ...times(new Date(Date.now() + 48 * 3_600_000)) });
  const registered = await apiCall(page, 'PUT', `/api/events/${event}/subscribe/`, { uuid: session.uuid, roles: [{ roleId: 2, status: 1 }] }, session.token);
  expect(registered.status(), await registered.text()).toBe(200);
  const moved = await apiCall(page, 'PUT', `/api/admin/events/${event}/`, { ...fields, ...times(new Date(Date.now() + 24 * 3_600_000 + 8_000)) }, staff.token);
  expect(moved.status(), await moved.text()).toBe(200);

  const reminder = await waitForMail(member.email, 180_000, (mail) => mail.subject.startsWith('Recordatorio'));
  const link = /https?:\/\/\S+\/reminders-off\?token=[^\s"<>]+/.exec(reminder.text)?.[0];
  expect(link, reminder.text).toBeDefined();
  const pagePath = new URL(link!).pathname + new URL(link!).search;
  const token = new URL(link!).searchParams.get('token')!;
  // The HTML part carries the same link.
  expect(reminder.html).toContain(pagePath.replace(/&/g, '&amp;'));

  const problems: string[] = [];
  // Opening the page changes nothing: it asks first (a mail scanner following links turns nothing off).
  for (const lang of LANGUAGES) {
    for (const size of SIZES) {
      const p = await visitor(browser, size, lang);
      await openScreen(p, pagePath, SLOW_START);
      await expect(p.getByRole('heading', { name: text(lang, 'TITLE') })).toBeVisible();
      await expect(p.getByRole('button', { name: text(lang, 'TURN_OFF') })).toBeEnabled();
      await look(p, `ask-${lang}-${size.width}`, size.width, problems);
      await p.context().close();
    }
  }
  // So does the API address of the List-Unsubscribe header, opened in a browser: 303 to the page.
  const viaApi = await visitor(browser, SIZES[1], 'es');
  await openScreen(viaApi, `/api/reminders-off/${encodeURIComponent(token)}`, SLOW_START);
  await expect(viaApi).toHaveURL(new RegExp(`/reminders-off\\?token=`));
  await expect(viaApi.getByRole('button', { name: text('es', 'TURN_OFF') })).toBeVisible();
  await viaApi.context().close();
  expect(await remindersOn(page, session.token)).toBe(true);

  // A forged signature: the page says the link is not valid and points at the profile.
  const forged = `${token.split('.')[0]}.${'A'.repeat(32)}`;
  for (const lang of LANGUAGES) {
    for (const size of SIZES) {
      const p = await visitor(browser, size, lang);
      await openScreen(p, `/reminders-off?token=${encodeURIComponent(forged)}`, SLOW_START);
      await p.getByRole('button', { name: text(lang, 'TURN_OFF') }).click();
      await expect(p.getByRole('alert')).toHaveText(text(lang, 'INVALID'));
      await expect(p.getByRole('link', { name: text(lang, 'PROFILE_LINK') })).toBeVisible();
      await look(p, `forged-${lang}-${size.width}`, size.width, problems);
      await p.context().close();
    }
  }
  expect(await remindersOn(page, session.token)).toBe(true);

  // The real link turns them off, in each language (again is harmless), and says what stays.
  for (const lang of LANGUAGES) {
    for (const size of SIZES) {
      const p = await visitor(browser, size, lang);
      await openScreen(p, pagePath, SLOW_START);
      await p.getByRole('button', { name: text(lang, 'TURN_OFF') }).click();
      await expect(p.getByRole('status')).toHaveText(text(lang, 'DONE'));
      await look(p, `done-${lang}-${size.width}`, size.width, problems);
      await p.context().close();
    }
  }
  expect(await remindersOn(page, session.token)).toBe(false);
  expect(problems).toEqual([]);
});
