import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appStarted, expect, test } from './support/test.ts';
import { clubToday } from '../packages/contract/src/club-time.ts';
import { createMember } from './support/fixtures.ts';
import { apiCall, signIn, storeSession } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen } from './support/screens.ts';
import { photograph } from './support/photos.ts';

// A machine shared by many (load average 30-45 on 2 cores) can take over 10 s to start the app.
const SLOW_START = { startTimeout: 60_000 };

// The training page reads the log a page at a time (GET /api/training/?before=): the figures
// (days in a row, sessions kept, weekly totals, bests) are the whole log's, counted by the
// server, and "older sessions" brings the rest.

const LANGUAGES = ['es', 'ca', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const SESSIONS = 60;

function training(lang: Lang): Record<string, string> {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/library/${lang}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { TRAINING: Record<string, string> }).TRAINING;
}

/** The club's calendar day `back` days before today. */
function dayBefore(today: string, back: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

test('a member with more sessions than one page sees the whole log’s figures, and older sessions on asking', async ({ page, browser }) => {
  test.setTimeout(900_000);
  const member = createMember({ nombre: 'Teo' });
  const session = await signIn(page, member);

  // One session a day for 60 days ending today; the oldest holds the only scored shots, so the
  // best hit factor lies beyond the first page.
  const today = clubToday(new Date());
  for (let back = 0; back < SESSIONS; back += 1) {
    const oldest = back === SESSIONS - 1;
    const startedAt = back === 0 ? new Date(Date.now() - 60_000).toISOString() : `${dayBefore(today, back)}T10:30:00Z`;
    const kept = await apiCall(
      page,
      'POST',
      '/api/training/',
      {
        stageName: oldest ? 'El más antiguo' : `Día ${back}`,
        startedAt,
        reps: oldest
          ? [{ shots: [{ tMs: 1000, zone: 'A' }, { tMs: 2000, zone: 'A' }] }]
          : [{ shots: [], passed: true }, { shots: [], passed: false }],
      },
      session.token,
    );
    expect(kept.status(), await kept.text()).toBe(201);
  }

  for (const lang of LANGUAGES) {
    const texts = training(lang);
    for (const size of [{ width: 390, height: 844, mobile: true }, { width: 1280, height: 900, mobile: false }]) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.mobile,
        hasTouch: size.mobile,
        deviceScaleFactor: size.mobile ? 2 : 1,
      });
      await storeSession(context, session, lang);
      const p = await context.newPage();
      await openScreen(p, '/training', SLOW_START);
      const rows = p.getByTestId('training-session');
      await expect(rows).toHaveCount(50, { timeout: 60_000 });
      // Figures of the whole log, though a page holds 50 sessions.
      await expect(p.getByTestId('streak')).toContainText(String(SESSIONS));
      await expect(p.getByTestId('sessions-kept')).toContainText(String(SESSIONS));
      await expect(p.getByRole('row').filter({ hasText: 'El más antiguo' })).toContainText('5.00');
      // The chart's table (for screen readers) counts every session of its eight weeks.
      const chartSessions = await p
        .locator('.weekly-chart table tbody tr')
        .evaluateAll((trs) => trs.reduce((sum, tr) => sum + Number(tr.children[1]?.textContent ?? 0), 0));
      const windowStart = new Date(`${today}T12:00:00Z`);
      windowStart.setUTCDate(windowStart.getUTCDate() - ((windowStart.getUTCDay() + 6) % 7) - 7 * 7);
      const inWindow = Array.from({ length: SESSIONS }, (_, back) => dayBefore(today, back)).filter(
        (day) => day >= windowStart.toISOString().slice(0, 10),
      ).length;
      expect(inWindow).toBeGreaterThan(50);
      expect(chartSessions).toBe(inWindow);

      const shown = p.getByTestId('sessions-shown');
      await expect(shown).toHaveText(texts.SHOWN!.replace('{{shown}}', '50').replace('{{total}}', String(SESSIONS)));
      await expect(rows.filter({ hasText: 'El más antiguo' })).toHaveCount(0);
      await photograph(p, test.info().outputPath(`training-first-page-${lang}-${size.width}.png`), { fullPage: true });

      await p.getByRole('button', { name: texts.OLDER }).click();
      await expect(rows).toHaveCount(SESSIONS, { timeout: 60_000 });
      await expect(rows.filter({ hasText: 'El más antiguo' })).toHaveCount(1);
      await expect(shown).toHaveText(texts.SHOWN!.replace('{{shown}}', String(SESSIONS)).replace('{{total}}', String(SESSIONS)));
      await expect(p.getByRole('button', { name: texts.OLDER })).toHaveCount(0);
      await photograph(p, test.info().outputPath(`training-all-${lang}-${size.width}.png`), { fullPage: true });
      const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `page wider than ${size.width} px`).toBeLessThanOrEqual(size.width);
      // axe on a phone in every language and on a desktop in Spanish (the same markup).
      if (size.mobile || lang === 'es') expect(await axeViolations(p)).toEqual([]);

      if (lang === 'en' && !size.mobile) {
        // The CSV file holds the whole log, whatever pages are on screen.
        await p.reload({ waitUntil: 'load' });
        await appStarted(p, SLOW_START.startTimeout);
        await expect(rows).toHaveCount(50, { timeout: 60_000 });
        const download = p.waitForEvent('download');
        await p.getByRole('button', { name: texts.EXPORT }).click();
        const file = await (await download).path();
        const lines = readFileSync(file, 'utf8').trim().split(/\r\n/);
        expect(lines).toHaveLength(SESSIONS + 1);
        expect(lines.some((line) => line.includes('El más antiguo'))).toBe(true);
      }
      await context.close();
    }
  }
});
