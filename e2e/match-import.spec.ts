// Staff import a PractiScore results export on the match's setup page, with a real export
// written by PractiScore iOS for a 72-competitor USPSA club match (the server tests' fixture,
// from an outside project): the divisions the club does not use, the line the club cannot score,
// then the match it holds.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createMember } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, storeSession } from './support/session.ts';
import type { Session } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen } from './support/screens.ts';
import { photograph } from './support/photos.ts';

const IPSC_SOCIAL_SHOOT = 3;
const REAL_EXPORT = readFileSync(
  path.join(import.meta.dirname, '../server/test/matches/fixtures/practiscore-uspsa-2023-01-08.txt'),
);
/** The export without its fixed-time stage 4, whose 5-point late-shot penalties the club does not score. */
const WITHOUT_STAGE_4 = Buffer.from(
  REAL_EXPORT.toString('utf8')
    .split('\n')
    .filter((l) => !l.startsWith('G 4,') && !l.startsWith('I Pistol,4,'))
    .join('\n'),
);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/plain', buffer });

/** A social shoot two weeks ahead, not a match yet; its uuid. */
async function socialShoot(page: Page, staff: Session): Promise<string> {
  const day = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const event = await createEvent(page, staff.token, {
    type: IPSC_SOCIAL_SHOOT,
    start: `${day} 09:00:00`,
    end: `${day} 14:00:00`,
    evento: `Liga ${randomBytes(3).toString('hex')}`,
    plazas: 100,
  });
  return event.uuid;
}

let staffMember: TestMember;
test.beforeAll(() => {
  staffMember = createMember({ staff: true, nombre: 'Sara', apellidos: 'Importa' });
});

test('staff import a real PractiScore export: each division the club lacks is asked for, a line it cannot score refuses the file whole, then the match holds the export', async ({ page }) => {
  test.setTimeout(240_000);
  const staff = await signIn(page, staffMember);
  const uuid = await socialShoot(page, staff);
  await storeSession(page, staff, 'es');
  await openScreen(page, `/match/${uuid}/setup`);
  const panel = page.getByTestId('import-panel');
  await expect(panel.getByRole('heading', { name: 'Importar resultados de PractiScore' })).toBeVisible();

  // No file, then a text file that is no export: said under the field, nothing sent.
  await panel.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(panel.getByText('Elige el archivo que exportó PractiScore.')).toBeVisible();
  await panel.getByLabel('Archivo exportado').setInputFiles(file('notas.txt', Buffer.from('Tirada del domingo\nEscuadra 1: Laia, Jordi\n')));
  await panel.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(panel.getByText('Este archivo no es una exportación de resultados de PractiScore')).toBeVisible();

  // The real export: Carry Optics, Limited and Single Stack are USPSA's, not the club's. Each
  // refusal names the division and leaves a mapping row for it, filled with its name.
  await panel.getByLabel('Archivo exportado').setInputFiles(file('pb-2023-01-08.txt', REAL_EXPORT));
  for (const [n, name, division] of [
    [1, 'Carry Optics', '2'],
    [2, 'Limited', '4'],
    [3, 'Single Stack', '5'],
  ] as const) {
    await panel.getByRole('button', { name: 'Importar', exact: true }).click();
    const refusal = panel.getByTestId('import-refusal');
    await expect(refusal).toContainText(`la división «${name}» del archivo no es del club`);
    await expect(panel.getByLabel(`División como la nombra el archivo, equivalencia ${n}`)).toHaveValue(name);
    // A mapping without its division is said under it, and nothing is sent.
    await panel.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(panel.locator(`[data-mapping="${n}"]`)).toContainText('Elige una de las divisiones del club.');
    await panel.getByLabel(`Equivale a, equivalencia ${n}`).selectOption(division);
  }
  // Stage 4 is fixed time with 5-point late-shot penalties: refused whole, naming line 312.
  await panel.getByRole('button', { name: 'Importar', exact: true }).click();
  const refusal = panel.getByTestId('import-refusal');
  await expect(refusal).toContainText('No se ha importado nada: la línea 312 del archivo está mal.');
  await expect(refusal).toContainText('a penalty of 5 points');
  await expect(refusal).toBeFocused();
  const before = await apiCall(page, 'GET', `/api/events/${uuid}/match/`, undefined, staff.token);
  expect(before.status()).toBe(404);
  expect(((await before.json()) as { errorCode: string }).errorCode).toBe('NOT_A_MATCH');

  // The export without stage 4 comes in whole: six stages, 72 competitors and their scores.
  await panel.getByLabel('Archivo exportado').setInputFiles(file('pb-2023-01-08-sin-4.txt', WITHOUT_STAGE_4));
  await panel.getByRole('button', { name: 'Importar', exact: true }).click();
  const progress = panel.getByTestId('import-progress');
  await expect(progress).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  const scores = (await (await apiCall(page, 'GET', `/api/events/${uuid}/match/scores/`, undefined, staff.token)).json()) as Array<{ stage: number; competitorId: string }>;
  const runs = new Set(scores.map((s) => `${s.stage}:${s.competitorId}`)).size;
  // As many runs as the file holds (its `I Pistol,stage,comp,…` lines), counted from the file.
  const fileRuns = new Set(
    WITHOUT_STAGE_4.toString('utf8')
      .split('\n')
      .filter((l) => l.startsWith('I Pistol,'))
      .map((l) => l.split(',').slice(1, 3).join(':')),
  ).size;
  expect(runs).toBe(fileRuns);
  await expect(progress).toHaveText(`Importado. La tirada tiene ahora 6 ejercicios, 72 tiradores y ${runs} puntuaciones.`);
  await expect(panel.getByTestId('import-refusal')).toHaveCount(0);

  const match = (await (await apiCall(page, 'GET', `/api/events/${uuid}/match/`, undefined, staff.token)).json()) as { stages: Array<{ number: number }> };
  expect(match.stages.map((s) => s.number)).toEqual([1, 2, 3, 5, 6, 7]);
  const competitors = (await (await apiCall(page, 'GET', `/api/events/${uuid}/match/competitors/`, undefined, staff.token)).json()) as Array<{ division: number }>;
  expect(competitors).toHaveLength(72);
  // The divisions as mapped on the screen (PractiScore's own counts per division of the file).
  const count = (d: number) => competitors.filter((c) => c.division === d).length;
  expect([count(1), count(2), count(3), count(4), count(5), count(7)]).toEqual([4, 38, 15, 10, 1, 4]);
  // The setup page now shows the match the import made, and links its screens.
  await expect(page.getByRole('link', { name: 'Resultados' }).first()).toBeVisible();
});

for (const lang of ['es', 'ca', 'en'] as const) {
  test(`the import panel with a refusal in ${lang}, on a phone and a desktop: axe finds nothing, nothing is wider than the screen, and each is photographed`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const staff = await signIn(page, staffMember);
    const uuid = await socialShoot(page, staff);
    const shots = test.info().outputPath('screens');
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      const mobile = width < 992;
      const context = await browser.newContext({ viewport: { width, height: mobile ? 844 : 900 }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: mobile ? 2 : 1 });
      const p = await context.newPage();
      await storeSession(p, staff, lang);
      await openScreen(p, `/match/${uuid}/setup`);
      const panel = p.getByTestId('import-panel');
      await panel.locator('input[type="file"]').setInputFiles(file('pb-2023-01-08.txt', REAL_EXPORT));
      await panel.locator('button[type="submit"]').click();
      await expect(panel.getByTestId('import-refusal')).toContainText('Carry Optics');
      await panel.scrollIntoViewIfNeeded();
      await photograph(p, `${shots}/import-${lang}-${width}.png`, { fullPage: true });
      const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) problems.push(`import ${width}: ${scroll} px wide`);
      for (const violation of await axeViolations(p)) problems.push(`import ${width}: ${violation}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}
