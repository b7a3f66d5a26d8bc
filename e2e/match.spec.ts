// Match day in the browser: staff set a match up, range officers score on a phone with and
// without network, two officers meet in a conflict, results are published and read.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { appStarted, expect, test } from './support/test.ts';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, storeSession } from './support/session.ts';
import type { Session } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { openScreen, openScreenInApp } from './support/screens.ts';
import { photograph } from './support/photos.ts';

const IPSC_SOCIAL_SHOOT = 3;

interface Competitor {
  id: string;
  fullName: string;
  personUuid: string | null;
  squad: number | null;
}
interface Score {
  stage: number;
  competitorId: string;
  a: number;
  c: number;
  time: number;
  revision: number;
  clientId: string;
  scoredBy: string;
}

function inTwoWeeks(): string {
  const date = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 10);
}

/** The match of `makeMatch`: two stages and one squad, published or not. */
function matchSetup(name: string, published: boolean) {
  return {
    name,
    scoring: 'ipsc',
    published,
    stages: [
      { number: 1, name: 'El pasillo', minRounds: 12 },
      { number: 2, name: 'La puerta', minRounds: 8 },
    ],
    squads: [{ number: 1, capacity: 10 }],
  };
}

/** A social shoot with a match of two stages and one squad, and the competitors given. */
async function makeMatch(page: Page, staff: Session, guests: string[], members: Session[] = []) {
  const day = inTwoWeeks();
  const tag = randomBytes(3).toString('hex');
  const evento = `Tirada social ${tag}`;
  const event = await createEvent(page, staff.token, { type: IPSC_SOCIAL_SHOOT, start: `${day} 09:00:00`, end: `${day} 14:00:00`, evento, plazas: 30 });
  const match = await apiCall(page, 'PUT', `/api/admin/events/${event.uuid}/match/`, matchSetup(evento, false), staff.token);
  expect(match.status()).toBe(200);
  const competitors: Competitor[] = [];
  for (const [i, name] of guests.entries()) {
    const response = await apiCall(
      page,
      'POST',
      `/api/admin/events/${event.uuid}/match/competitors/`,
      { nombre: name, apellidos: `Invitada ${tag}`, division: 4, factor: 1, squad: 1, ...(members[i] ? { personUuid: members[i].uuid } : {}) },
      staff.token,
    );
    expect(response.status()).toBe(201);
    competitors.push((await response.json()) as Competitor);
  }
  return { uuid: event.uuid, evento, day, competitors };
}

async function scoresOf(page: Page, staff: Session, eventUuid: string, stage: number): Promise<Score[]> {
  const response = await apiCall(page, 'GET', `/api/events/${eventUuid}/match/scores/?stage=${stage}`, undefined, staff.token);
  expect(response.status()).toBe(200);
  return (await response.json()) as Score[];
}

/** A phone (360 px wide) signed in as `session`, in Spanish. */
async function phone(browser: Browser, session: Session, width = 360): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await storeSession(context, session);
  return context;
}

/** Scores one run on the scoring screen: the competitor, the time, A and C hits, then confirms. */
async function scoreRun(page: Page, name: string, time: string, a: number, c: number) {
  await page.getByRole('button', { name: new RegExp(name) }).first().click();
  const card = page.getByTestId('score-card');
  await expect(card.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await card.getByLabel('Tiempo (segundos)').fill(time);
  for (let i = 0; i < a; i++) await card.getByRole('button', { name: 'Uno más: Alfa' }).click();
  for (let i = 0; i < c; i++) await card.getByRole('button', { name: 'Uno más: Charlie' }).click();
  await card.getByRole('button', { name: 'Revisar' }).click();
  await card.getByRole('button', { name: `${name}: confirmo` }).click();
  await expect(page.getByText(`${name}: guardado en este móvil.`)).toBeVisible();
}

/** Waits until the service worker controls the page and says it has kept every file it loaded. */
async function keptForOffline(page: Page) {
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

let staffMember: TestMember;
test.beforeAll(() => {
  staffMember = createMember({ staff: true, nombre: 'Sara', apellidos: 'Staff' });
});

test('a range officer scores a squad with no network, the phone keeps the scores through a reload, and the server holds each once when the network returns', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const staff = await signIn(page, staffMember);
  const match = await makeMatch(page, staff, ['Ana', 'Bea', 'Carla']);
  const officerMember = createMember({ nombre: 'Olga', apellidos: 'Árbitra' });
  setMemberFlags(officerMember.login, { arbitroIpsc: true });
  const officer = await signIn(page, officerMember);

  const context = await phone(browser, officer);
  const rp = await context.newPage();
  await openScreen(rp, `/match/${match.uuid}/score`);
  await expect(rp.getByRole('heading', { name: match.evento })).toBeVisible();
  await keptForOffline(rp);

  await context.setOffline(true);
  // The emulated loss of network once let a call of the page through to the server (its answer
  // never came back): the site's calls are cut here too, as a phone with no signal cuts them.
  const noNetwork = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', noNetwork);
  // Every score sent while offline, as the browser reports it, for the report of a failure here
  // (it has happened once in a loaded CI run: a score reached the server anyway).
  const sentOffline: string[] = [];
  const started = Date.now();
  context.on('request', (request) => {
    if (request.method() !== 'PUT') return;
    const from = request.serviceWorker() ? 'service worker' : (request.frame().page().url() ?? '?');
    sentOffline.push(`${Date.now() - started} ms ${request.url()} from ${from}`);
  });
  context.on('requestfailed', (request) => {
    if (request.method() === 'PUT') sentOffline.push(`${Date.now() - started} ms failed: ${request.failure()?.errorText ?? '?'}`);
  });
  // The test's premise: the service worker's own requests are offline too (a file it never kept fails).
  expect(await rp.evaluate(() => fetch(`/never-kept-${Date.now()}.txt`).then(() => 'answered', () => 'failed'))).toBe('failed');
  await rp.reload();
  await appStarted(rp);
  await expect(rp.getByText('Sin red', { exact: true })).toBeVisible();

  const names = match.competitors.map((c) => c.fullName);
  await scoreRun(rp, names[0], '12.50', 10, 2);
  await scoreRun(rp, names[1], '15,03', 8, 4);
  await scoreRun(rp, names[2], '9.87', 12, 0);
  await expect(rp.getByTestId('outbox-status')).toContainText('3 puntuaciones pendientes de enviar');
  await expect(rp.getByRole('button', { name: new RegExp(names[0]) })).toContainText('Pendiente de enviar');

  // The browser is closed with the scores waiting: a new page of the same phone still has them.
  await rp.close();
  const again = await context.newPage();
  await again.goto(`/match/${match.uuid}/score`);
  await appStarted(again);
  await expect(again.getByTestId('outbox-status')).toContainText('3 puntuaciones pendientes de enviar');
  const heldOffline = await scoresOf(page, staff, match.uuid, 1);
  if (heldOffline.length > 0) {
    await test.info().attach('scores sent while offline', { body: sentOffline.join('\n'), contentType: 'text/plain' });
  }
  expect(heldOffline).toEqual([]);

  await context.unroute('**/api/**', noNetwork);
  await context.setOffline(false);
  await expect(again.getByTestId('outbox-status')).toContainText('Todas las puntuaciones están en el servidor.', { timeout: 30_000 });
  const held = await scoresOf(page, staff, match.uuid, 1);
  expect(held).toHaveLength(3);
  expect(new Set(held.map((s) => s.competitorId)).size).toBe(3);
  expect(held.every((s) => s.revision === 1)).toBe(true);
  const byName = new Map(match.competitors.map((c) => [c.id, c.fullName]));
  expect(held.map((s) => [byName.get(s.competitorId), s.a, s.c, s.time]).sort()).toEqual(
    [
      [names[0], 10, 2, 12.5],
      [names[1], 8, 4, 15.03],
      [names[2], 12, 0, 9.87],
    ].sort(),
  );
  // A resend of one of them (the same clientId) is still one score.
  const resend = await apiCall(
    page,
    'PUT',
    `/api/events/${match.uuid}/match/stages/1/scores/${held[0].competitorId}/`,
    { a: held[0].a, c: held[0].c, d: 0, m: 0, ns: 0, procedurals: 0, time: held[0].time, dnf: false, clientId: held[0].clientId, basedOn: null },
    officer.token,
  );
  expect(resend.status()).toBe(200);
  expect((await scoresOf(page, staff, match.uuid, 1)).find((s) => s.competitorId === held[0].competitorId)?.revision).toBe(1);
  await context.close();
});

test('the scoring screen asks for its match beside the session check, not after it, and once', async ({ page, browser }) => {
  const staff = await signIn(page, staffMember);
  const match = await makeMatch(page, staff, ['Ana']);
  const context = await phone(browser, staff);
  const rp = await context.newPage();
  const asked: string[] = [];
  let allOut = () => {};
  const matchCallsOut = new Promise<void>((resolve) => (allOut = resolve));
  const matchCalls = [`/api/events/${match.uuid}/match/`, `/api/events/${match.uuid}/match/competitors/`, `/api/events/${match.uuid}/match/scores/`];
  rp.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith(`/api/events/${match.uuid}/match/`)) return;
    asked.push(path);
    if (matchCalls.every((call) => asked.includes(call))) allOut();
  });
  // The session's check is answered only once the match's three calls are out, or after 10 s:
  // an app that waited for the check before asking would wait those 10 s.
  let callsWentFirst: boolean | undefined;
  await rp.route('**/api/active-user/', async (route) => {
    callsWentFirst = await Promise.race([
      matchCallsOut.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    await route.continue();
  });
  await openScreen(rp, `/match/${match.uuid}/score`);
  await expect(rp.getByRole('heading', { name: match.evento })).toBeVisible();
  expect(callsWentFirst).toBe(true);
  // Each once, beside the screen the server drew (decision 0068), also once.
  expect([...asked].sort()).toEqual([...matchCalls, `/api/events/${match.uuid}/match/drawing/`].sort());
  await context.close();
});

test('the scoring page sends the session check and asks for its drawing without waiting for the app’s code, each once', async ({ page, browser }) => {
  const staff = await signIn(page, staffMember);
  const match = await makeMatch(page, staff, ['Eva']);
  const context = await phone(browser, staff);
  const rp = await context.newPage();
  // The match's own calls come from the app, which starts from the drawing's data (decision 0068).
  const calls = ['/api/active-user/', `/api/events/${match.uuid}/match/drawing/`];
  const appCalls = ['', 'competitors/', 'scores/'].map((tail) => `/api/events/${match.uuid}/match/${tail}`);
  const asked: string[] = [];
  let allOut = () => {};
  const callsOut = new Promise<void>((resolve) => (allOut = resolve));
  rp.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    asked.push(path);
    if (calls.every((call) => asked.includes(call))) allOut();
  });
  // The app's code is answered only once the two calls are out, or after 10 s: a page that
  // waited for the app to run before asking would wait those 10 s.
  let callsWentFirst: boolean | undefined;
  await rp.route('**/assets/start-app-*.js', async (route) => {
    callsWentFirst = await Promise.race([
      callsOut.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    await route.continue();
  });
  await openScreen(rp, `/match/${match.uuid}/score`);
  await expect(rp.getByRole('heading', { name: match.evento })).toBeVisible();
  await expect(rp.getByRole('button', { name: /Eva/ }).first()).toBeVisible();
  expect(callsWentFirst).toBe(true);
  for (const call of [...calls, ...appCalls]) await expect.poll(() => asked.filter((path) => path === call), call).toHaveLength(1);
  await context.close();
});

test('the scoring page shows the squad the server drew for the officer before the app’s code, and nothing moves when the app takes over', async ({ page, browser }) => {
  const staff = await signIn(page, staffMember);
  // A name that is markup in a page's HTML: drawn as text, nothing of it runs.
  const markup = 'Kai <img src=x onerror="window.drawnHit=1">';
  const match = await makeMatch(page, staff, ['Iris', 'Jon', markup]);
  const context = await phone(browser, staff);
  const rp = await context.newPage();
  await rp.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  rp.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The app's code is held back: what the phone shows meanwhile is the page's and the server's.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await rp.route(/\/assets\/(start-app|scoring-page)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await rp.goto(`/match/${match.uuid}/score?stage=2`, { waitUntil: 'commit' });
  const drawn = rp.getByRole('button', { name: /Iris/ }).first();
  await expect(drawn).toBeVisible();
  await expect(drawn).toBeDisabled();
  await expect(rp.getByRole('heading', { name: /Escuadra 1 · Ejercicio 2/ })).toBeVisible();
  await expect(rp.getByText(markup)).toBeVisible();
  expect(await rp.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
  // The drawing was asked for (with the address's stage) before any of the app's code.
  const drawing = asked.indexOf(`/api/events/${match.uuid}/match/drawing/`);
  expect(drawing).toBeGreaterThanOrEqual(0);
  expect(asked.findIndex((path) => path.startsWith('/assets/') && path.endsWith('.js') && !path.includes('/boot-'))).toBeGreaterThan(drawing);
  await photograph(rp, test.info().outputPath('scoring-drawn-by-server.png'));
  // From here the frame (the screen waiting for its match) must not come back: the app's first
  // render starts from the drawing's data.
  await rp.evaluate(() => {
    const seen = window as unknown as { frameAgain: boolean };
    seen.frameAgain = false;
    new MutationObserver(() => {
      if (document.querySelector('.score-page[aria-busy="true"]')) seen.frameAgain = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  release();
  await appStarted(rp);
  await expect(rp.getByRole('button', { name: /Iris/ }).first()).toBeEnabled();
  await expect(rp.getByRole('heading', { name: /Escuadra 1 · Ejercicio 2/ })).toBeVisible();
  await photograph(rp, test.info().outputPath('scoring-after-app.png'));
  const shifts = await rp.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  expect(await rp.evaluate(() => 'drawnHit' in window)).toBe(false);
  expect(await rp.evaluate(() => (window as unknown as { frameAgain: boolean }).frameAgain)).toBe(false);
  await context.close();
});

test('two range officers score one competitor: the second sees both versions and chooses', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const staff = await signIn(page, staffMember);
  const match = await makeMatch(page, staff, ['Dora']);
  const first = createMember({ nombre: 'Pau', apellidos: 'Primero' });
  const second = createMember({ nombre: 'Quim', apellidos: 'Segundo' });
  setMemberFlags(first.login, { arbitroIpsc: true });
  setMemberFlags(second.login, { arbitroIpsc: true });
  const firstSession = await signIn(page, first);
  const secondSession = await signIn(page, second);
  const name = match.competitors[0].fullName;

  const a = await phone(browser, firstSession);
  const b = await phone(browser, secondSession, 390);
  const pa = await a.newPage();
  const pb = await b.newPage();
  await openScreen(pa, `/match/${match.uuid}/score`);
  await openScreen(pb, `/match/${match.uuid}/score`);

  await scoreRun(pa, name, '10.00', 12, 0);
  await expect(pa.getByTestId('outbox-status')).toContainText('Todas las puntuaciones están en el servidor.');

  // The second phone never saw that score: its save is based on nothing, and the server says so.
  await scoreRun(pb, name, '11.00', 11, 1);
  const conflict = pb.getByTestId('score-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('conflict-mine')).toContainText('A 11 · C 1');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('A 12 · C 0');
  await expect(conflict).toContainText(`guardada por ${first.apellidos}, ${first.nombre}`);
  await conflict.getByRole('button', { name: 'Quedarme con la mía' }).click();
  await expect(pb.getByTestId('outbox-status')).toContainText('Todas las puntuaciones están en el servidor.');

  const [held] = await scoresOf(page, staff, match.uuid, 1);
  expect(held).toMatchObject({ a: 11, c: 1, time: 11, revision: 2 });
  expect(held.scoredBy).toBe(`${second.apellidos}, ${second.nombre}`);
  const history = await apiCall(page, 'GET', `/api/admin/events/${match.uuid}/match/scores/history/?stage=1`, undefined, staff.token);
  expect(((await history.json()) as unknown[]).length).toBe(2);
  await a.close();
  await b.close();
});

test('staff publish the results and a visitor reads them on a phone from the calendar; the member sees their own', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const staff = await signIn(page, staffMember);
  const shooter = createMember({ nombre: 'Elena', apellidos: 'Tiradora' });
  const shooterSession = await signIn(page, shooter);
  const match = await makeMatch(page, staff, ['Elena', 'Fina'], [shooterSession]);
  const [elena, fina] = match.competitors;
  expect(elena.personUuid).toBe(shooterSession.uuid);
  const put = async (stage: number, competitor: Competitor, a: number, c: number, time: number) => {
    const response = await apiCall(
      page,
      'PUT',
      `/api/events/${match.uuid}/match/stages/${stage}/scores/${competitor.id}/`,
      { a, c, d: 0, m: 0, ns: 0, procedurals: 0, time, dnf: false, clientId: crypto.randomUUID(), basedOn: null },
      staff.token,
    );
    expect(response.status()).toBe(200);
  };
  // Stage 1 (60 points): Elena 60 points in 10 s (HF 6.0000), Fina 56 in 14 s (HF 4.0000).
  await put(1, elena, 12, 0, 10);
  await put(1, fina, 10, 2, 14);
  // Stage 2 (40 points): Elena 40 in 10 s (HF 4.0000), Fina 40 in 8 s (HF 5.0000).
  await put(2, elena, 8, 0, 10);
  await put(2, fina, 8, 0, 8);

  // Staff publish on the setup page.
  await storeSession(page, staff);
  await page.goto(`/match/${match.uuid}/setup`);
  await page.getByLabel('Resultados publicados').check();
  await page.getByRole('button', { name: 'Guardar la tirada' }).click();
  await expect(page.getByText('Guardado.', { exact: true })).toBeVisible();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const vp = await visitor.newPage();
  await openScreen(vp, `/calendar?month=${match.day.slice(0, 7)}&event=${match.uuid}`);
  await vp.getByTestId('match-links').getByRole('link', { name: 'Resultados' }).click();
  await expect(vp).toHaveURL(new RegExp(`/match/${match.uuid}/results$`));
  const division = vp.locator('[data-division="4"]');
  await expect(division.getByRole('heading', { name: 'Standard' })).toBeVisible();
  // Stage points: Elena 60 + 40 × 4/5 = 92 (100 %); Fina 60 × 4/6 + 40 = 80 (80 ÷ 92 = 86.96 %).
  const rows = division.locator('.results-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(elena.fullName);
  await expect(rows.nth(0)).toContainText('92,0000');
  await expect(rows.nth(0)).toContainText('100,00 %');
  await expect(rows.nth(1)).toContainText(fina.fullName);
  await expect(rows.nth(1)).toContainText('80,0000');
  await expect(rows.nth(1)).toContainText('86,96 %');
  const scroll = await vp.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await vp.getByRole('button', { name: 'Por ejercicio' }).click();
  await expect(vp.getByRole('table').first()).toContainText('6,0000');
  const csv = await vp.request.get(`/api/events/${match.uuid}/match/results.csv`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(1 + 4);
  await visitor.close();

  const member = await phone(browser, shooterSession, 390);
  const mp = await member.newPage();
  await openScreen(mp, '/my-results');
  const mine = mp.getByTestId('my-match');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(match.evento);
  await expect(mine.getByTestId('my-place')).toContainText('Puesto 1 de 2');
  await expect(mine).toContainText('El pasillo');
  await member.close();
});

test('staff turn an event into a match on its setup page, add a guest, move and disqualify; a member squads themselves', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const staff = await signIn(page, staffMember);
  const day = inTwoWeeks();
  const evento = `Tirada de prueba ${randomBytes(3).toString('hex')}`;
  const event = await createEvent(page, staff.token, { type: IPSC_SOCIAL_SHOOT, start: `${day} 09:00:00`, end: `${day} 14:00:00`, evento, plazas: 30 });
  await storeSession(page, staff);

  await page.goto(`/calendar?month=${day.slice(0, 7)}&event=${event.uuid}`);
  await page.getByTestId('match-links').getByRole('link', { name: 'Preparar la tirada' }).click();
  await expect(page.getByRole('heading', { name: 'Preparar la tirada' })).toBeVisible();
  await expect(page.getByLabel('Nombre de la tirada')).toHaveValue(evento);
  const stage = page.getByTestId('stage-row').first();
  // A stage from the club library: its name and rounds come with it, and its briefing is linked.
  const library = stage.getByLabel('De la biblioteca');
  const firstStage = await library.locator('option').nth(1).textContent();
  await library.selectOption({ index: 1 });
  await expect(stage.getByLabel('Nombre del ejercicio')).toHaveValue(firstStage ?? '');
  await expect(stage.getByRole('link', { name: 'Briefing' })).toBeVisible();
  // A bad value is said under its field and nothing is sent.
  await stage.getByLabel('Disparos mín.').fill('0');
  await page.getByRole('button', { name: 'Convertir este evento en tirada' }).click();
  await expect(page.getByText('Hay campos que revisar.')).toBeVisible();
  await expect(stage.getByLabel('Disparos mín.')).toHaveAttribute('aria-invalid', 'true');
  await stage.getByLabel('Disparos mín.').fill('16');
  await page.getByRole('button', { name: 'Añadir una escuadra' }).click();
  await page.getByTestId('squad-row').nth(1).getByLabel('Plazas').fill('1');
  await page.getByRole('button', { name: 'Convertir este evento en tirada' }).click();
  await expect(page.getByRole('heading', { name: /^0 tiradores$/ })).toBeVisible();

  const match = (await (await apiCall(page, 'GET', `/api/events/${event.uuid}/match/`)).json()) as {
    stages: Array<{ minRounds: number; maxPoints: number; libraryStageId: string | null }>;
    squads: Array<{ number: number; capacity: number | null }>;
  };
  expect(match.stages).toEqual([expect.objectContaining({ minRounds: 16, maxPoints: 80, libraryStageId: expect.any(String) })]);
  expect(match.squads).toEqual([expect.objectContaining({ number: 1, capacity: 10 }), expect.objectContaining({ number: 2, capacity: 1 })]);

  // A guest, moved to squad 1, then disqualified with rule and reason.
  await page.getByLabel('Nombre', { exact: true }).fill('Gina');
  await page.getByLabel('Apellidos').fill('Invitada');
  await page.getByLabel('División', { exact: true }).selectOption({ label: 'Revólver' });
  await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  const row = page.locator('tr[data-competitor="Invitada, Gina"]');
  await expect(row).toBeVisible();
  await row.getByLabel('Escuadra de Invitada, Gina').selectOption({ label: 'Escuadra 1' });
  await row.getByRole('button', { name: 'Descalificar a Invitada, Gina' }).click();
  await row.getByRole('button', { name: 'Descalificar', exact: true }).click();
  await expect(row.getByText('Escribe el motivo de la descalificación.')).toBeVisible();
  await row.getByLabel('Regla (p. ej. 10.5.2)').fill('10.5.2');
  await row.getByLabel('Motivo').fill('Disparo accidental');
  await row.getByRole('button', { name: 'Descalificar', exact: true }).click();
  await expect(row.getByTestId('dq-badge')).toBeVisible();
  const competitors = (await (await apiCall(page, 'GET', `/api/events/${event.uuid}/match/competitors/`, undefined, staff.token)).json()) as Array<
    Competitor & { division: number; dq: boolean; dqRule: string | null; dqReason: string | null }
  >;
  expect(competitors).toEqual([expect.objectContaining({ fullName: 'Invitada, Gina', division: 6, squad: 1, dq: true, dqRule: '10.5.2', dqReason: 'Disparo accidental' })]);

  // A member added as a competitor chooses squad 2, which then is full.
  const shooter = createMember({ nombre: 'Helena', apellidos: 'Socia' });
  const shooterSession = await signIn(page, shooter);
  const added = await apiCall(
    page,
    'POST',
    `/api/admin/events/${event.uuid}/match/competitors/`,
    { nombre: shooter.nombre, apellidos: shooter.apellidos, division: 3, factor: 2, personUuid: shooterSession.uuid },
    staff.token,
  );
  expect(added.status()).toBe(201);
  const member = await phone(browser, shooterSession, 390);
  const mp = await member.newPage();
  await openScreen(mp, `/match/${event.uuid}`);
  await expect(mp.getByTestId('my-squad')).toContainText('aún sin escuadra');
  await mp.locator('[data-squad="2"]').getByRole('button', { name: 'Entrar en Escuadra 2' }).click();
  await expect(mp.getByTestId('my-squad')).toContainText('Tiras en Escuadra 2');
  await expect(mp.locator('[data-squad="2"]')).toContainText('(1 de 1)');
  await member.close();
});

/** A published match of three competitors scored on both stages, and the member among them. */
async function publishedMatch(page: Page) {
  const staff = await signIn(page, staffMember);
  const shooter = createMember({ nombre: 'Irene', apellidos: 'Pantallas' });
  const shooterSession = await signIn(page, shooter);
  const match = await makeMatch(page, staff, ['Irene', 'Julia', 'Laia'], [shooterSession]);
  for (const [i, competitor] of match.competitors.entries()) {
    for (const stage of [1, 2]) {
      const response = await apiCall(
        page,
        'PUT',
        `/api/events/${match.uuid}/match/stages/${stage}/scores/${competitor.id}/`,
        { a: 6 + i, c: 2, d: 1, m: i === 2 ? 1 : 0, ns: 0, procedurals: 0, time: 9.5 + i + stage, dnf: false, clientId: crypto.randomUUID(), basedOn: null },
        staff.token,
      );
      expect(response.status()).toBe(200);
    }
  }
  const published = await apiCall(page, 'PUT', `/api/admin/events/${match.uuid}/match/`, matchSetup(match.evento, true), staff.token);
  expect(published.status()).toBe(200);
  return { staff, shooterSession, match };
}

test('a visitor’s phone shows the results’ frame from the HTML, headed with the match, asks for them before the app’s code, and nothing moves as they arrive', async ({ page, browser }) => {
  const { staff, match } = await publishedMatch(page);
  // A name that takes two lines on a phone: the frame drawn at build time heads the page
  // "Resultados" in one; the server heads it with the match (decision 0075), as the app does.
  const name = `Tirada social de otoño <${match.evento.slice(-6)}>: Copa Serra Alta, segunda jornada`;
  expect((await apiCall(page, 'PUT', `/api/admin/events/${match.uuid}/match/`, matchSetup(name, true), staff.token)).status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const visitor = await context.newPage();
  await visitor.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The results take a while, as on a phone's network: the screen shows its frame meanwhile.
  await visitor.route('**/match/results/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const asked: string[] = [];
  visitor.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.includes('/assets/start-app-')) asked.push(path);
  });
  const response = await visitor.goto(`/match/${match.uuid}/results`);
  const drawn = await response!.text();
  expect(drawn).toContain('<div class="container-xl py-4 results-page">');
  expect(drawn).toContain(`<h1 class="mb-1">${name.replace('<', '&lt;').replace('>', '&gt;')}</h1>`);
  const header = visitor.locator('.page-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(name);
  expect((await header.boundingBox())!.height).toBeGreaterThan(150);
  await expect(visitor.locator('.results-row').first()).toBeVisible();
  await visitor.waitForTimeout(500);
  const shifts = await visitor.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  const appCode = asked.findIndex((path) => path.includes('/assets/start-app-'));
  for (const call of [`/api/events/${match.uuid}/match/results/`, `/api/events/${match.uuid}/`]) {
    expect(asked.filter((path) => path === call), call).toHaveLength(1);
    expect(asked.indexOf(call), call).toBeLessThan(appCode);
  }
  await context.close();
});

for (const lang of ['es', 'ca', 'en'] as const) {
  test(`the match day screens in ${lang}, on a phone and a desktop: axe finds nothing, nothing is wider than the screen, and each is photographed`, async ({ page, browser }) => {
    test.setTimeout(480_000);
    const { staff, shooterSession, match } = await publishedMatch(page);
    const shots = test.info().outputPath('screens');
    const problems: string[] = [];
    // axe on every screen at a phone's width, and at a desktop's in Spanish (the same markup).
    for (const width of [360, 1280]) {
      const mobile = width < 992;
      for (const [who, session, screens] of [
        ['staff', staff, ['score', 'setup', 'results', 'match', 'hub']],
        ['member', shooterSession, ['mine']],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: mobile ? 780 : 900 }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: mobile ? 2 : 1 });
        await storeSession(context, session, lang);
        const p = await context.newPage();
        for (const [index, screen] of screens.entries()) {
          const path = { score: `/match/${match.uuid}/score`, setup: `/match/${match.uuid}/setup`, results: `/match/${match.uuid}/results`, match: `/match/${match.uuid}`, hub: '/match', mine: '/my-results' }[screen];
          await (index === 0 ? openScreen(p, path) : openScreenInApp(p, path));
          if (screen === 'score') {
            await p.locator('.score-row').first().click();
            await expect(p.getByTestId('score-card')).toBeVisible();
          }
          if (screen === 'results') await p.locator('.results-row summary').first().click();
          await photograph(p, `${shots}/${screen}-${lang}-${width}.png`, { fullPage: true });
          const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
          if (scroll > width) problems.push(`${who} ${screen} ${width}: ${scroll} px wide`);
          if (mobile && (screen === 'results' || screen === 'mine')) {
            // A competitor reads a stage's place and points on a phone without finding that the
            // table scrolls sideways: every column fits its frame. By stage too.
            const unfitTables = async (view: string) => {
              for (const frame of await p.locator('.table-responsive').filter({ visible: true }).all()) {
                const [wide, room] = await frame.evaluate((element) => [element.scrollWidth, element.clientWidth]);
                if (wide > room) problems.push(`${who} ${screen} ${view} ${width}: a table ${wide} px wide in ${room} px`);
              }
            };
            await unfitTables('stages of a competitor');
            if (screen === 'results') {
              await p.getByRole('button', { name: { es: 'Por ejercicio', ca: 'Per exercici', en: 'By stage' }[lang] }).click();
              await expect(p.locator('.results-table').first()).toBeVisible();
              await photograph(p, `${shots}/results-by-stage-${lang}-${width}.png`, { fullPage: true });
              await unfitTables('by stage');
            }
          }
          if (mobile || lang === 'es') for (const violation of await axeViolations(p)) problems.push(`${who} ${screen} ${width}: ${violation}`);
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
}
