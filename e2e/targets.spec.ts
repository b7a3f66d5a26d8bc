import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TARGET_DIMENSIONS } from '../packages/contract/src/targets.ts';
import { expect, test } from './support/test.ts';
import { axeViolations } from './support/axe.ts';
import { createMember } from './support/fixtures.ts';
import { openScreen, roleContext } from './support/screens.ts';
import { apiCall, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

// The club's target sizes in the staff area: approximate until measured, checked as typed, saved
// in the settings, read by anyone (the laser camera's real-size figures).

type Lang = 'es' | 'ca' | 'en';

function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/targets/${lang}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text targets:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

test('staff correct the target sizes from their own targets; anyone reads them; phone and desktop in three languages, axe 0', async ({
  page,
  browser,
}) => {
  // Seven browser contexts and six axe runs on a shared machine: generous.
  test.setTimeout(600_000);
  const staff = createMember({ staff: true });
  await signInByApi(page, staff);
  await page.goto('/admin/targets');
  const form = page.locator('.targets-screen form');
  await expect(page.getByTestId('targets-approximate')).toHaveText(text('es', 'APPROXIMATE'));
  const card = form.locator('fieldset').first();
  const height = card.getByLabel(text('es', 'FIELDS.cardHeight'));
  await expect(height).toHaveValue('580');
  // A size the ruler cannot give, and an A zone wider than its C zone: both said where they are, nothing sent.
  await height.fill('5');
  const body = form.locator('fieldset').nth(2);
  await body.getByLabel(text('es', 'FIELDS.bodyAWidth')).fill('320');
  await form.getByRole('button', { name: text('es', 'SAVE') }).click();
  await expect(height).toBeFocused();
  await expect(card.locator('.invalid-feedback')).toHaveText(text('es', 'ERRORS.MINLENGTH', { min: 10 }));
  await expect(body.locator('[id$="-bodyAWidth-error"]')).toHaveText(text('es', 'ERRORS.INSIDE'));
  // A 5 mm card cannot hold the head and the body's C zone either: said on the C zone's height.
  await expect(body.locator('[id$="-bodyCHeight-error"]')).toHaveText(text('es', 'ERRORS.INSIDE'));
  await expect(height).toHaveValue('5');
  // The club's own measures, with a decimal comma.
  await height.fill('575,5');
  await body.getByLabel(text('es', 'FIELDS.bodyAWidth')).fill('148');
  await form.getByRole('button', { name: text('es', 'SAVE') }).click();
  await expect(page.getByTestId('targets-approximate')).toBeHidden();
  const read = await apiCall(page, 'GET', '/api/target-dimensions/');
  expect(await read.json()).toEqual({
    dimensions: { ...DEFAULT_TARGET_DIMENSIONS, cardHeight: 575.5, bodyAWidth: 148 },
    measured: true,
  });
  // The dry-training screen asks for them (its camera reports in the club's millimetres).
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/target-dimensions/'));
  await page.goto('/dry-training');
  await asked;
  // Back to the approximate values.
  await page.goto('/admin/targets');
  await form.getByRole('button', { name: text('es', 'RESET') }).click();
  await expect(page.getByTestId('targets-approximate')).toBeVisible();
  expect(((await (await apiCall(page, 'GET', '/api/target-dimensions/')).json()) as { measured: boolean }).measured).toBe(false);

  const out = path.join(import.meta.dirname, '..', 'test-results', 'targets');
  mkdirSync(out, { recursive: true });
  for (const [device, width] of [
    ['phone', 390],
    ['desktop', 1366],
  ] as const) {
    for (const lang of ['es', 'ca', 'en'] as const) {
      const context = await roleContext(browser, 'staff', { width, height: 900, lang });
      const screen = await context.newPage();
      await openScreen(screen, '/admin/targets');
      await expect(screen.getByRole('heading', { name: text(lang, 'TITLE') })).toBeVisible();
      // Shown wrong once, as staff would see a mistake.
      await screen.locator('.targets-screen fieldset').first().getByLabel(text(lang, 'FIELDS.cardWidth')).fill('x');
      await screen.getByRole('button', { name: text(lang, 'SAVE') }).click();
      await expect(screen.locator('.targets-screen .invalid-feedback')).toHaveText(text(lang, 'ERRORS.TYPE'));
      await photograph(screen, path.join(out, `${device}-${lang}.png`), { fullPage: true });
      expect(await axeViolations(screen)).toEqual([]);
      await context.close();
    }
  }
});
