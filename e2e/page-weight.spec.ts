import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { appStarted, expect, holdBack, test } from './support/test.ts';
import { createMember } from './support/fixtures.ts';
import { signInByApi } from './support/session.ts';

// What a public page runs (decision 0044), read from what the browser fetched: every script of
// the site's own, gzipped at level 9 as the budgets count (web/build/script-budget.ts). A page
// whose drawing is the whole page (home, terms, privacy, an instructor's page; decisions 0044 and
// 0052) runs its starter alone until the visitor acts on it; its menu and language buttons work
// meanwhile.

const KB = 1024;
const LIGHT_PAGES = ['/', '/terms', '/privacy', '/team/marta-ribas'];

/** The site's scripts the page fetches, by path, with their gzip bytes. */
function watchScripts(page: Page) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) return;
    scripts.set(
      url.pathname,
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  return {
    files: () => [...scripts.keys()],
    gzip: async () => (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0),
  };
}

const html = (page: Page) => page.locator('html');

test.describe('a public page runs only what it needs', () => {
  for (const screen of LIGHT_PAGES) {
    test(`${screen} runs its starter alone until the visitor acts, then the app`, async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto(screen, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await expect(html(page)).toHaveAttribute('data-start', 'intent');
      await expect(html(page)).not.toHaveAttribute('data-app', 'started');
      expect(scripts.files()).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
      expect(await scripts.gzip()).toBeLessThanOrEqual(60 * KB);
      // Nothing on the page waits for the starter: it is asked for after what the page shows.
      await expect(page.locator('script[src^="/assets/boot-"]')).toHaveAttribute('fetchpriority', 'low');
      // The whole stylesheets have replaced the inlined subset all the same.
      await expect(page.locator('#critical-css')).toHaveCount(0);

      // The visitor's pointer moves over the page: the app starts, within the page's total. (A
      // moving pointer: Chromium reports the first move on a page as going nowhere, then how far.)
      await page.mouse.move(200, 300, { steps: 4 });
      await expect(html(page)).toHaveAttribute('data-app', 'started');
      await page.waitForLoadState('networkidle');
      expect(scripts.files().length).toBeGreaterThan(1);
      expect(await scripts.gzip()).toBeLessThanOrEqual(150 * KB);
      expect(scripts.files()).not.toContainEqual(expect.stringMatching(/schemas/));
    });
  }

  test('a pointer resting over the page is not the visitor acting; moving it is', async ({ page }) => {
    // Where a pointer rests over the window, the browser may send a move of its own once the page
    // is laid out, to the same place (Chromium 140 did, under Lighthouse, which then measured the
    // whole app loading). Here the test sends that move that goes nowhere itself.
    const scripts = watchScripts(page);
    await page.mouse.move(200, 300);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.mouse.move(200, 300);
    // What the starter would do at once on an intent: ask for the app's modules.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    await expect(page.locator('#critical-css')).toHaveCount(0);
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    expect(scripts.files()).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    await page.mouse.move(240, 320, { steps: 4 });
    await expect(html(page)).toHaveAttribute('data-app', 'started');
  });

  test('home comes drawn whole from the live content, its sections and their links working without the app', async ({ page }) => {
    // The app never starts here (its entry is refused): what works, works on the drawing alone.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    // Every section below the hero is in the page as it arrives, with the content's fees and team.
    for (const id of ['about', 'team', 'gallery', 'fees', 'contact']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.locator('[data-fee-id="regular-class-single"]')).toContainText('€');
    // A link to an instructor's page is a plain link: it works with no app.
    await page.locator('#team a[href="/team/marta-ribas"]').first().click();
    await expect(page).toHaveURL(/\/team\/marta-ribas$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marta Ribas');
  });

  test('home arrives in the first round trip, in every language, and the app asks for the content it was drawn from', async ({
    page,
  }) => {
    // A connection's first round trip brings ten TCP segments (14,600 bytes): a page whose
    // compressed bytes and headers fit in them needs no second one before it can paint (decision 0062).
    for (const language of ['es', 'ca', 'en']) {
      const answer = await page.request.get('/', {
        headers: { 'accept-encoding': 'br', cookie: `ipsc-club.lang=${language}` },
      });
      expect(answer.headers()['content-encoding']).toBe('br');
      const headerBytes = answer
        .headersArray()
        .reduce((sum, { name, value }) => sum + name.length + value.length + 4, 'HTTP/1.1 200 OK\r\n\r\n'.length);
      const bodyBytes = Number(answer.headers()['content-length']);
      expect(bodyBytes + headerBytes, `home in ${language}`).toBeLessThanOrEqual(14_600);
      // It names the content it was drawn from instead of carrying it.
      const html = await answer.text();
      expect(html).toMatch(/<div id="root" data-areas="[^"]*" data-content="\d+">/);
      expect(html).not.toContain('id="club-content"');
    }

    const contentCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/content/') contentCalls.push(request.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    const fee = page.locator('[data-fee-id="regular-class-single"]');
    const drawnFee = await fee.textContent();
    expect(contentCalls).toEqual([]);
    await page.mouse.move(200, 300, { steps: 4 });
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    // The app drew its first screen with the content it asked for: the same fees, once asked.
    expect(contentCalls).toHaveLength(1);
    await expect(fee).toHaveText(drawnFee!);
    await expect(page.locator('#team a[href="/team/marta-ribas"]').first()).toBeVisible();
  });

  for (const [screen, form] of [
    ['/login', 'login-page'],
    ['/register', 'register-page'],
  ]) {
    test(`${screen} loads its form's code, not the calendar's or the designer's`, async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
      expect(scripts.files()).toContainEqual(expect.stringMatching(new RegExp(`/${form}-[\\w-]+\\.js$`)));
      expect(scripts.files()).not.toContainEqual(expect.stringMatching(/calendar|stage|training|admin/));
      expect(await scripts.gzip()).toBeLessThanOrEqual(195 * KB);
    });
  }

  test('sign-in takes typing on its drawing before the app has started, and signs in with what was typed', async ({ page }) => {
    const member = createMember();
    // The app's entry is held back until the member has typed everything: the typing lands on
    // the drawing, whatever the machine's speed (decision 0054).
    const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
    const scripts = watchScripts(page);
    await page.goto('/login', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await expect(html(page)).toHaveAttribute('data-start', 'intent');
    expect(scripts.files()).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    await page.getByText('Recordarme').click();
    const login = page.getByLabel('Usuario o correo electrónico');
    await login.click();
    await page.keyboard.type(member.login);
    await page.keyboard.press('Tab');
    await page.keyboard.type(member.password);
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');

    release();
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    // The app's own form holds it all, the focus and its selection back where they were.
    await expect(login).toHaveValue(member.login);
    const password = page.getByLabel('Contraseña', { exact: true });
    await expect(password).toHaveValue(member.password);
    await expect(password).toBeFocused();
    expect(await password.evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd])).toEqual([
      member.password.length - 2,
      member.password.length,
    ]);
    await expect(page.getByLabel('Recordarme')).toBeChecked();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('ipsc-club.token'))).toBeTruthy();
  });

  test('on a phone, the drawn menu opens before the app and stays open once it starts', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/terms', { waitUntil: 'load' });
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    const toggle = page.getByRole('button', { name: 'Abrir o cerrar el menú' });
    const calendar = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Calendario' });
    await expect(calendar).toBeHidden();
    await toggle.click();
    await expect(calendar).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The tap set the app off; it takes the menu as it finds it.
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    await expect(calendar).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(calendar).toBeHidden();
  });

  test('a section link of the drawn page glides there, and the app starting on the click leaves the section in place', async ({
    page,
  }) => {
    // Opens home drawn, notes every scroll offset, and follows the header's link to the fees.
    const followFeesLink = async () => {
      await page.goto('/', { waitUntil: 'load' });
      await expect(html(page)).not.toHaveAttribute('data-app', 'started');
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { seen: number[] }).seen = seen;
        addEventListener('scroll', () => seen.push(scrollY), { passive: true });
      });
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Tarifas' }).click();
      await expect(page).toHaveURL(/\/#fees$/);
      await appStarted(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.gliding ?? 'ended')).toBe('ended');
      await page.waitForTimeout(1000);
      const place = await page.evaluate(() => ({
        offset:
          document.getElementById('fees')!.getBoundingClientRect().top -
          Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
        y: scrollY,
        seen: (window as unknown as { seen: number[] }).seen,
      }));
      expect(Math.abs(place.offset)).toBeLessThanOrEqual(2);
      // The offsets the page went through between the top and the section.
      return place.seen.filter((y) => y > 0 && y < place.y - 100);
    };

    // A glide, not a jump.
    expect((await followFeesLink()).length).toBeGreaterThanOrEqual(3);
    // Where the visitor asks for less motion, the same link jumps.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await followFeesLink()).toEqual([]);
  });

  test('on a phone, a section link of the drawn menu closes the menu and glides there, with no app', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The app never starts (its entry is refused): the drawing's own controls do all of it.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    const toggle = page.getByRole('button', { name: 'Abrir o cerrar el menú' });
    const fees = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Tarifas' });
    await toggle.click();
    await expect(fees).toBeVisible();
    await fees.click();
    await expect(page).toHaveURL(/\/#fees$/);
    await expect(fees).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.gliding ?? 'ended')).toBe('ended');
    const offset = await page.evaluate(
      () =>
        document.getElementById('fees')!.getBoundingClientRect().top -
        Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
    );
    expect(Math.abs(offset)).toBeLessThanOrEqual(2);
    // The browser followed the link itself (its history entry, its target, where Tab goes on
    // from), only gliding.
    expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe('fees');
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
  });

  test('a language button of the drawn page brings the page in that language, and the app keeps it', async ({ page }) => {
    await page.goto('/privacy', { waitUntil: 'load' });
    await expect(html(page)).toHaveAttribute('lang', 'es');
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    await page.getByRole('button', { name: 'Catalán' }).click();
    await expect(html(page)).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('navigation').first()).toContainText('Nosaltres');
    await appStarted(page);
    await expect(html(page)).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('navigation').first()).toContainText('Nosaltres');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ipsc-club.lang')?.value).toBe('ca');
  });

  test('a signed-in member’s public page starts the app by itself, to show the member', async ({ page }) => {
    const member = createMember();
    await signInByApi(page, member);
    await page.goto('/terms', { waitUntil: 'load' });
    await expect(html(page)).not.toHaveAttribute('data-start', 'intent');
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    await expect(page.getByRole('link', { name: 'Acceder' })).toHaveCount(0);
  });

  test('with the language cookie but no choice stored, the app starts in the language drawn', async ({ page }) => {
    await page.context().addCookies([{ name: 'ipsc-club.lang', value: 'ca', url: test.info().project.use.baseURL! }]);
    await page.goto('/terms', { waitUntil: 'load' });
    await expect(html(page)).toHaveAttribute('lang', 'ca');
    expect(await page.evaluate(() => localStorage.getItem('ipsc-club.lang'))).toBeNull();
    await appStarted(page);
    await expect(html(page)).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('navigation').first()).toContainText('Nosaltres');
    expect(await page.evaluate(() => localStorage.getItem('ipsc-club.lang'))).toBe('ca');
  });
});

// The app's stylesheet holds Bootstrap's rules for the classes the site can write, not the whole
// of Bootstrap (decision 0058, web/build/unused-bootstrap.ts): the rules every screen parses and
// weighs at each style recalculation.
test('the app’s stylesheet keeps the Bootstrap rules the screens use and leaves the others out', async ({ page }) => {
  await page.goto('/calendar', { waitUntil: 'load' });
  await appStarted(page);
  const selectors = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) found.push(rule.selectorText);
        else if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return found;
  });
  const has = (selector: RegExp) => selectors.some((text) => selector.test(text));
  // What the screens use: the modal and its parts, buttons, form fields, the grid.
  for (const used of [/^\.modal-dialog$/, /^\.modal-header$/, /^\.btn-primary$/, /^\.form-control$/, /^\.row$/, /\.modal-fullscreen-sm-down/])
    expect(has(used), String(used)).toBe(true);
  // Bootstrap's components no screen has.
  for (const unused of [/\.accordion/, /\.carousel-item/, /\.offcanvas/, /\.pagination/, /\.popover/])
    expect(has(unused), String(unused)).toBe(false);
  expect(selectors.length).toBeLessThan(1500);
});

// The browser's locale data loads with the first date format a page makes (tens of milliseconds
// on a phone, in one step): the app makes one as it starts, in a step of its own, for a first
// screen with dates, and none for one without (the designer, the dry training; `noDates` in
// web/src/app/router.tsx).
test('the designer and the dry training start without making a date format; the calendar makes one', async ({ page }) => {
  await page.addInitScript(() => {
    const counted = window as unknown as { dateFormatsMade: number };
    counted.dateFormatsMade = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: [], newTarget) {
        counted.dateFormatsMade++;
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply(target, self, args: []) {
        counted.dateFormatsMade++;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  });
  const made = () => page.evaluate(() => (window as unknown as { dateFormatsMade: number }).dateFormatsMade);
  for (const screen of ['/stage-designer', '/dry-training']) {
    await page.goto(screen, { waitUntil: 'load' });
    await appStarted(page);
    // The stage's drawing comes last: its code makes no date format either.
    await expect(page.locator('canvas').first()).toBeVisible();
    expect(await made(), screen).toBe(0);
  }
  await page.goto('/calendar', { waitUntil: 'load' });
  await appStarted(page);
  expect(await made()).toBeGreaterThan(0);
});

// A visitor's calendar is drawn by the server with the month's events and is light: its app starts
// on the visitor's first act, and a tap on the drawing is made on the app once it is there
// (decision 0073).
test.describe('a visitor’s calendar', () => {
  /** The month's events as the calendar's call answers a visitor, for the month the grid shows. */
  const visitorMonth = async (page: Page) => {
    const month = await page.locator('.cal-grid').getAttribute('data-month');
    const [year, number] = month!.split('-').map(Number);
    const answer = await page.request.get(`/api/${year}/${number}/`);
    return (await answer.json()) as { uuid: string; evento: string; start: string }[];
  };
  const chipTitles = (page: Page) => page.locator('.cal-chips .cal-chip-title').allTextContents();

  test('comes drawn with the month’s events and runs its starter alone until the visitor acts', async ({ page }) => {
    const scripts = watchScripts(page);
    // The app's own call for the month is held back until its first screen has been looked at.
    const release = await holdBack(page, /\/api\/\d{4}\/\d{1,2}\/$/);
    await page.goto('/calendar', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await expect(html(page)).toHaveAttribute('data-start', 'intent');
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    expect(scripts.files()).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
    expect(await scripts.gzip()).toBeLessThanOrEqual(60 * KB);
    // The drawing shows the month's events, those a visitor is answered, in their order.
    const events = await visitorMonth(page);
    expect(events.length).toBeGreaterThan(0);
    const drawn = await chipTitles(page);
    expect(drawn).toEqual(events.map((event) => event.evento));

    await page.mouse.move(200, 300, { steps: 4 });
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    // The app's first screen is the drawing's: the same events, from the month the page carries,
    // before its own call for them has been answered.
    await expect(page.locator('.cal-chip').first()).toBeEnabled();
    expect(await chipTitles(page)).toEqual(drawn);
    await expect(page.locator('.cal-loading')).toHaveCount(0);
    release();
    await page.waitForLoadState('networkidle');
    expect(await chipTitles(page)).toEqual(drawn);
    expect(await scripts.gzip()).toBeLessThanOrEqual(230 * KB);
  });

  test('an event tapped before the app has started opens once it has', async ({ page }) => {
    // The app's code is held back until the tap has been made on the drawing.
    const release = await holdBack(page, /\/assets\/start-app-[\w-]+\.js$/);
    await page.goto('/calendar', { waitUntil: 'load' });
    const chip = page.locator('.cal-chips .cal-chip').first();
    const title = await chip.locator('.cal-chip-title').textContent();
    await expect(chip).toBeDisabled();
    const box = (await chip.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4, { steps: 3 });
    await page.mouse.down();
    await page.mouse.up();
    await expect(html(page)).not.toHaveAttribute('data-app', 'started');
    release();
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    const card = page.locator('[id^="cal-card-"]');
    await expect(card).toBeVisible();
    await expect(card).toContainText(title!);
    await expect(page.locator('.cal-chips .cal-chip[aria-expanded="true"]')).toHaveCount(1);
  });

  test('on a phone, a day tapped before the app has started opens its list once it has', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const release = await holdBack(page, /\/assets\/start-app-[\w-]+\.js$/);
    await page.goto('/calendar', { waitUntil: 'load' });
    const day = page.locator('.cal-day.has-events .cal-day-button').first();
    await expect(day).toBeDisabled();
    const box = (await day.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    release();
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.cal-agenda')).toBeVisible();
    await context.close();
  });

  test('a link to an event starts the app at once and opens it; a member’s calendar starts at once', async ({ page }) => {
    await page.goto('/calendar', { waitUntil: 'load' });
    const [event] = await visitorMonth(page);
    await page.goto(`/calendar?event=${event!.uuid}`, { waitUntil: 'load' });
    await expect(html(page)).not.toHaveAttribute('data-start', 'intent');
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    await expect(page.locator(`#cal-card-${event!.uuid}`)).toContainText(event!.evento);

    const member = createMember();
    await signInByApi(page, member);
    await page.goto('/calendar', { waitUntil: 'load' });
    await expect(html(page)).not.toHaveAttribute('data-start', 'intent');
    await expect(html(page)).toHaveAttribute('data-app', 'started');
    await expect(page.locator('.cal-chips .cal-chip').first()).toBeEnabled();
  });
});
