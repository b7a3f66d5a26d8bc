import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventStatus } from '@club/contract/enums';
import { RESULTS_HEAD_ELEMENT_ID } from '@club/contract/content-view';
import { resultsPages } from '../../src/modules/matches/index.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { describeEachDatabase } from '../support/test-app.ts';
import { createMatch, insertShoot } from './fixtures.ts';

// A build's results frame as the web app's PageHeader writes it (the real build's is checked by
// e2e/match.spec.ts), with the results area's texts.
const FRAME =
  '<!doctype html><html lang="es"><head><title>Resultados</title></head><body><div id="root"><main id="main">' +
  '<div class="page-header"><div class="container-xl"><h1 class="mb-1">Resultados</h1><p class="lead mb-0">Resultados</p></div></div>' +
  '<div class="container-xl py-4 results-page"></div></main></div></body></html>';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'drawn-results-'));
  fs.mkdirSync(path.join(webDist, 'pages'));
  fs.writeFileSync(path.join(webDist, 'pages', 'match-results.es.html'), FRAME);
  fs.writeFileSync(path.join(webDist, 'pages', 'match-results.en.html'), FRAME.replace(/Resultados/g, 'Results'));
  for (const [language, word] of [
    ['es', 'Resultados'],
    ['en', 'Results'],
  ]) {
    fs.mkdirSync(path.join(webDist, 'assets', 'i18n', 'results'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'assets', 'i18n', 'results', `${language}.json`), JSON.stringify({ TITLE: word }));
  }
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describeEachDatabase('the results page drawn with its header', (get) => {
  let staff: TestMember;
  beforeAll(async () => {
    staff = await createTestMember(get(), { staff: true });
  });
  const drawnPage = async (eventId: string, language: 'es' | 'en') => {
    const page = await resultsPages(get().app, webDist).page(undefined, `/match/${eventId}/results`, language);
    return page ? page.html.toString('utf8') : undefined;
  };

  it("heads a published match's page with its name and day, escaped, and carries what it was headed with", async () => {
    const eventId = await insertShoot(get());
    await createMatch(get(), eventId, staff, { name: 'Copa <Serra> & Alta', published: true });
    const es = await drawnPage(eventId, 'es');
    expect(es).toContain('<h1 class="mb-1">Copa &lt;Serra&gt; &amp; Alta</h1><p class="lead mb-0">Resultados · sábado, 12 de julio</p>');
    expect(es).not.toContain('<Serra>');
    const block = new RegExp(`<script type="application/json" id="${RESULTS_HEAD_ELEMENT_ID}">(.*?)</script>`).exec(es!)?.[1];
    expect(JSON.parse(block!)).toEqual({ eventUuid: eventId, name: 'Copa <Serra> & Alta', start: '2025-07-12 09:00:00' });
    expect(block).not.toContain('<');
    expect(await drawnPage(eventId, 'en')).toContain('<p class="lead mb-0">Results · Saturday, July 12</p>');
    expect(resultsPages(get().app, webDist).handles(`/match/${eventId}/results/`)).toBe(true);
    expect(resultsPages(get().app, webDist).handles(`/match/${eventId}/score`)).toBe(false);
  });

  it('leaves the build’s frame to go out for results a visitor may not read, or no match at all', async () => {
    const unpublished = await insertShoot(get());
    await createMatch(get(), unpublished, staff, { published: false });
    expect(await drawnPage(unpublished, 'es')).toBeUndefined();
    const privateShoot = await insertShoot(get(), { status: EventStatus.privado });
    await createMatch(get(), privateShoot, staff, { published: true });
    expect(await drawnPage(privateShoot, 'es')).toBeUndefined();
    expect(await drawnPage(await insertShoot(get()), 'es')).toBeUndefined();
    expect(await drawnPage('00000000-0000-4000-8000-000000000000', 'es')).toBeUndefined();
  });
});
