import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import type { Locator, Page } from '@playwright/test';
import siteSettings from '../packages/contract/site-settings.json' with { type: 'json' };
import { clubToday, clubWallTime } from '../packages/contract/src/club-time.ts';
import { axeViolations } from './support/axe.ts';
import { clubMonthFromNow } from './support/months.ts';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

test.describe('small things on the way', () => {
  test('the not-found page links back home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#hero-title')).toBeVisible();
  });

  test('"Team" is the current section on a team page', async ({ page }) => {
    await page.goto(`/team/${siteSettings.team[0].slug}`);
    const team = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Equipo' });
    await expect(team).toHaveClass(/\bactive\b/);
    await expect(team).toHaveAttribute('aria-current', 'location');
  });

  test('"Book a lesson with Marta" goes to the contact form with its subject filled in', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
    await page.goto(`/team/${siteSettings.team[0].slug}`);
    await page.getByRole('link', { name: 'Book a lesson with Marta Ribas' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    const subject = page.locator('#contact').getByLabel('Subject');
    await expect(subject).toHaveValue('Lesson with Marta Ribas');
    await expect(subject).toBeInViewport();
  });

  for (const language of ['es', 'ca', 'en']) {
    test(`the club's name is the same in the page and the footer [${language}]`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('ipsc-club.lang', value), language);
      await page.goto('/');
      await expect(page.locator('#about')).toBeAttached();
      // Sections fill in as they come near: pass over the whole page first.
      await page.locator('#about').scrollIntoViewIfNeeded();
      await expect(page.locator('#about')).toContainText('Serra Alta');
      const footer = (await page.locator('footer').innerText()).match(/Club de \S+ Serra Alta/g) ?? [];
      expect(footer.length).toBeGreaterThan(0);
      const body = (await page.locator('main').innerText()).match(/Club de \S+ Serra Alta/g) ?? [];
      expect(body.length).toBeGreaterThan(0);
      for (const name of [...body, ...footer]) expect(name).toBe(siteSettings.clubName);
    });
  }

  test('on a phone a team page shows the name and its first lines before the photos', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
    await page.goto(`/team/${siteSettings.team[0].slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Marta Ribas' })).toBeInViewport();
    const intro = page.getByText('Marta discovered practical shooting in 2006');
    await expect(intro).toBeInViewport();
    const introBox = await intro.boundingBox();
    const photoBox = await page.getByRole('img', { name: /Marta/ }).first().boundingBox();
    expect(introBox && photoBox && introBox.y < photoBox.y).toBe(true);
    await context.close();
  });

  async function servedPage(page: Page, url: string, language: string): Promise<string> {
    const res = await page.request.get(url, { headers: { cookie: `ipsc-club.lang=${language}` } });
    expect(res.status()).toBe(200);
    return res.text();
  }

  test('every served page carries the language of the cookie, with the noscript text in it', async ({ page }) => {
    const noscript = { es: 'Este sitio necesita JavaScript.', ca: 'Aquest web necessita JavaScript.', en: 'This site needs JavaScript.' };
    // A screen drawn at build time, and screens sent as the plain shell (an id in the path, the staff area).
    for (const url of ['/calendar', '/dry-training/5f0c2a5e-2d1b-4c53-9d35-0b7a4b9e1c11', '/admin']) {
      for (const [language, text] of Object.entries(noscript)) {
        const html = await servedPage(page, url, language);
        expect(html, `${url} in ${language}`).toContain(`<html lang="${language}">`);
        expect(html, `${url} in ${language}`).toContain(`<noscript>${text}</noscript>`);
      }
    }
  });
});

const CLUB_PRACTICES = 10;
const ALUMNO = 2;
const RESERVADO = 1;

interface LibraryEntry {
  id: string;
  name: string;
  stage: Record<string, unknown>;
}

async function libraryStages(page: Page): Promise<LibraryEntry[]> {
  const list = await apiCall(page, 'GET', '/api/library/stages/');
  expect(list.status()).toBe(200);
  return (await list.json()) as LibraryEntry[];
}

/** Club practices of four seats made by staff (unless the fields say otherwise); its uuid. */
async function makeEvent(page: Page, token: string, fields: { evento: string; start: string; end: string; stageId?: string }): Promise<string> {
  return (await createEvent(page, token, { type: CLUB_PRACTICES, plazas: 4, ...fields })).uuid;
}

/** True when two boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('both elements must be on the screen');
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

test.describe('small things that cost trust', () => {
  test('the first "Editar" after the page loads shows the stage the event carries', async ({ page }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const token = await signInByApi(page, staff);
    const [stage] = await libraryStages(page);
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    await makeEvent(page, token, {
      evento: `Con briefing ${tag}`,
      start: `${month.first} 10:00:00`,
      end: `${month.first} 12:00:00`,
      stageId: stage!.id,
    });
    // A fresh load: the library list is not in the browser yet when the form opens.
    await page.goto(`/admin/events?month=${month.key}`);
    await page.getByTestId('admin-event').filter({ hasText: tag }).getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('dialog', { name: 'Editar evento' });
    const select = form.getByLabel('Ejercicio (briefing o deberes)');
    await expect(select).toHaveValue(stage!.id);
    await expect(select.locator('option:checked')).not.toHaveText('Ninguno');
  });

  test('after publishing a stage with tags typed in Spanish, the tag filter lists each tag once', async ({ page }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const token = await signInByApi(page, staff);
    const [source] = await libraryStages(page);
    const tag = randomBytes(3).toString('hex');
    const published = await apiCall(
      page,
      'POST',
      '/api/library/stages/',
      {
        ...source!.stage,
        name: `Publicado ${tag}`,
        description: 'Dos blancos y un metal.',
        rounds: 6,
        // "velocidad" and "metal" are how Spanish reads the club's "speed" and "steel".
        tags: ['Velocidad', 'metal', 'speed'],
      },
      token,
    );
    expect(published.status(), await published.text()).toBe(201);
    await page.goto('/stages');
    const options = page.getByLabel('Etiqueta', { exact: true }).locator('option');
    // The tags come with the stages, after the "all tags" option: wait for them.
    await expect(options.filter({ hasText: /^\s*velocidad\s*$/i })).toHaveCount(1);
    const labels = (await options.allTextContents()).map((label) => label.trim().toLowerCase());
    expect(labels.filter((label) => label === 'velocidad')).toHaveLength(1);
    expect(labels.filter((label) => label === 'metal')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
    // The one "velocidad" finds the new stage and the club's own speed stages alike.
    await page.getByLabel('Etiqueta', { exact: true }).selectOption({ label: 'velocidad' });
    const card = page.getByTestId('library-card').filter({ hasText: `Publicado ${tag}` });
    await expect(card).toHaveCount(1);
    // The card itself names each tag once too.
    await expect(card.locator('.library-tags li')).toHaveText(['velocidad', 'metal']);
  });

  test('the contact form empties after sending and says so where it stays, on a phone and a desktop', async ({ page }) => {
    test.setTimeout(240_000);
    for (const [width, height, name] of [[390, 844, 'phone'], [1366, 900, 'desktop']] as const) {
      await page.setViewportSize({ width, height });
      const tag = randomBytes(3).toString('hex');
      await page.goto('/#contact');
      const form = page.locator('form.contact-form');
      await form.getByLabel('Nombre').fill('Pau Vidal');
      await form.getByLabel('Correo electrónico').fill(`pau.${tag}@example.org`);
      await form.getByLabel('Asunto').fill(`Horarios ${tag}`);
      await form.getByLabel('Mensaje').fill('¿A qué hora abre la galería el sábado?');
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      const sent = form.getByTestId('contact-sent');
      await expect(sent).toContainText('Mensaje enviado');
      await expect(sent).toContainText(`pau.${tag}@example.org`);
      // Nothing left to send twice: the button is gone with the text.
      await expect(form.getByRole('button', { name: 'Enviar mensaje' })).toHaveCount(0);
      await sent.scrollIntoViewIfNeeded();
      await photograph(page, test.info().outputPath(`contact-sent-${name}.png`));
      expect(await axeViolations(page)).toEqual([]);
      await sent.getByRole('button', { name: 'Escribir otro mensaje' }).click();
      await expect(form.getByLabel('Mensaje')).toHaveValue('');
      await expect(form.getByLabel('Asunto')).toHaveValue('');
      await expect(form.getByLabel('Nombre')).toHaveValue('Pau Vidal');
    }
  });

  test('toasts keep clear of the page heading on a phone and of a dialog\'s close button, and go with the staff tab they belong to', async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const member = createMember({ nombre: 'Toni', apellidos: `Aviso ${randomBytes(3).toString('hex')}` });
    setMemberFlags(member.login, { socio: `T-${randomBytes(3).toString('hex')}` });
    // A member on a phone saves the profile: the toast does not cover the heading.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page, member);
    await page.goto('/user-profile');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const toast = page.locator('.toast').first();
    await expect(toast).toBeVisible();
    expect(await overlap(toast, page.getByRole('heading', { level: 1 }))).toBe(false);
    await photograph(page, test.info().outputPath('toast-phone.png'));

    // Staff on a desktop change an attendee's status in the dialog: the toast leaves the close button free.
    await page.setViewportSize({ width: 1366, height: 768 });
    const token = await signInByApi(page, staff);
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const uuid = await makeEvent(page, token, { evento: `Avisos ${tag}`, start: `${month.first} 10:00:00`, end: `${month.first} 12:00:00` });
    const session = await signIn(page, member);
    const booked = await apiCall(
      page,
      'PUT',
      `/api/events/${uuid}/subscribe/`,
      { uuid: session.uuid, roles: [{ roleId: ALUMNO, status: RESERVADO }] },
      session.token,
    );
    expect(booked.status()).toBe(200);
    await page.goto(`/admin/events?month=${month.key}`);
    await page.getByTestId('admin-event').filter({ hasText: tag }).getByRole('button', { name: 'Asistentes (1)' }).click();
    const dialog = page.getByRole('dialog', { name: `Asistentes: Avisos ${tag}` });
    await dialog.getByLabel(`Estado de ${member.apellidos}, ${member.nombre}`).first().selectOption('3');
    const staffToast = page.locator('.toast').first();
    await expect(staffToast).toBeVisible();
    expect(await overlap(staffToast, dialog.getByRole('button', { name: 'Cerrar' }).first())).toBe(false);
    await photograph(page, test.info().outputPath('toast-dialog-desktop.png'));

    // Another staff tab: the events tab's news does not follow. A toast shown less than a second
    // before a screen change belongs to the change and stays (TOAST_NAVIGATION_GRACE_MS in
    // web/src/lib/toasts.ts): the tab is opened after that second, as a person reading it would.
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(page.locator('.toast')).toHaveCount(1);
    await page.waitForTimeout(1_000);
    await page.getByRole('navigation', { name: 'Área del personal' }).getByRole('link', { name: 'Socios' }).click();
    await expect(page).toHaveURL(/\/admin\/members/);
    // The address changes a moment before the new tab is drawn and the toasts are cleared; a toast
    // left alone would stay until 5 s after it was shown, well past this wait.
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 1_500 });
  });

  test("in the month under way the staff list starts with what is still to come; the events already over follow under their heading", async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const token = await signInByApi(page, staff);
    const tag = randomBytes(3).toString('hex');
    const today = clubToday(new Date());
    // Over since a minute past midnight, and not over until a minute before the next midnight (an
    // event is over once it has ended), so the test holds at any hour of the club's day.
    await makeEvent(page, token, { evento: `Ya pasó ${tag}`, start: `${today} 00:00:00`, end: `${today} 00:01:00` });
    await makeEvent(page, token, { evento: `Aún no ${tag}`, start: `${today} 00:02:00`, end: `${today} 23:59:00` });
    const now = clubWallTime(new Date());
    expect(now > `${today} 00:01:00` && now < `${today} 23:59:00`).toBe(true);
    await page.goto('/admin/events');
    const first = page.getByTestId('admin-event').first();
    await expect(first).not.toHaveClass(/is-past/);
    const past = page.getByTestId('admin-events-past');
    await expect(past.getByTestId('admin-event').filter({ hasText: `Ya pasó ${tag}` })).toHaveCount(1);
    await expect(past.getByTestId('admin-event').filter({ hasText: `Aún no ${tag}` })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /ya pasados? este mes/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the printed briefing names the club, the event and its day; without an event, the day it was printed', async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const token = await signInByApi(page, staff);
    const [stage] = await libraryStages(page);
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const uuid = await makeEvent(page, token, {
      evento: `Briefing ${tag}`,
      start: `${month.first} 10:00:00`,
      end: `${month.first} 12:00:00`,
      stageId: stage!.id,
    });
    await page.emulateMedia({ media: 'print' });
    await page.goto(`/stages/${stage!.id}/briefing?event=${uuid}`);
    await expect(page.getByTestId('briefing-club')).toHaveText(siteSettings.clubName);
    await expect(page.getByTestId('briefing-club')).toBeVisible();
    await expect(page.getByTestId('briefing-event')).toContainText(`Briefing ${tag}`);
    await expect(page.getByTestId('briefing-event')).toContainText(`${month.first.slice(0, 4)} · 10:00`);
    await photograph(page, test.info().outputPath('briefing-print.png'), { fullPage: true });
    await page.goto(`/stages/${stage!.id}/briefing`);
    await expect(page.getByTestId('briefing-club')).toBeVisible();
    await expect(page.getByTestId('briefing-event')).toContainText('Sin evento · impreso el');
  });

  test('the empty dry-training screen offers the club library as well as the designer', async ({ page }) => {
    await page.goto('/dry-training');
    const library = page.getByRole('link', { name: 'Elegir un ejercicio de la biblioteca' });
    await expect(library).toHaveAttribute('href', '/stages');
    await expect(page.getByRole('link', { name: 'Abrir el diseñador de ejercicios' }).last()).toBeVisible();
    await library.click();
    await expect(page).toHaveURL(/\/stages$/);
  });

  test("on a phone the designer's element strip shows there are more and scrolls to them", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/stage-designer');
    const strip = page.getByTestId('add-gallery');
    await expect(strip).toBeVisible();
    const more = page.getByRole('button', { name: 'Ver más elementos' });
    await expect(more).toBeVisible();
    await photograph(page, test.info().outputPath('designer-strip-phone.png'));
    await more.click();
    await expect.poll(() => strip.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Ver los elementos anteriores' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('in phone landscape the homework notice leaves the score in view', async ({ page }) => {
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const token = await signInByApi(page, staff);
    const [stage] = await libraryStages(page);
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const uuid = await makeEvent(page, token, {
      evento: `Deberes con un título largo para el aviso ${tag}`,
      start: `${month.first} 10:00:00`,
      end: `${month.first} 12:00:00`,
      stageId: stage!.id,
    });
    await page.setViewportSize({ width: 844, height: 390 });
    await page.goto(`/dry-training?library=${stage!.id}&event=${uuid}`);
    const notice = page.getByTestId('practice-notice');
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Cronómetro y puntuación', exact: true }).click();
    await page.getByRole('button', { name: 'Clic para disparar' }).click();
    const catcher = page.locator('.shot-catcher');
    const box = (await catcher.boundingBox())!;
    // A few shots across the middle of the stage, where its targets are.
    for (const fraction of [0.35, 0.5, 0.65]) await page.mouse.click(box.x + box.width * fraction, box.y + box.height * 0.5);
    const score = page.locator('.hit-summary');
    await expect(score).toBeVisible();
    await photograph(page, test.info().outputPath('homework-landscape.png'));
    expect(await overlap(notice, score)).toBe(false);
  });
});
