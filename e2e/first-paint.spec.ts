import { appStarted as appHasStarted, expect, test } from './support/test.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createMember } from './support/fixtures.ts';
import { signInByApi } from './support/session.ts';

// Every screen arrives drawn in the HTML (web/build/prerender-pages.ts) and the app replaces
// the drawing once it has started; these tests hold the page to what that promises.

const PUBLIC_SCREENS = [
  '/',
  '/calendar',
  '/login',
  '/register',
  '/forgoten',
  '/terms',
  '/privacy',
  '/team/marta-ribas',
  '/stage-designer',
  '/dry-training',
  '/stages',
  '/not-found',
];
const MEMBER_SCREENS = ['/calendar', '/user-profile', '/change-password', '/my-registrations', '/training'];

/**
 * Collects what the browser reports about the Content-Security-Policy: the issues of its Issues
 * panel (as DevTools and Lighthouse read them), `securitypolicyviolation` events and console
 * messages naming the policy.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const reports: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') reports.push(`issue: ${JSON.stringify(issue.details)}`);
  });
  await cdp.send('Audits.enable');
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) reports.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => reports.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation(text: string): Promise<void> }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return reports;
}

/**
 * Collects console errors and failed requests for the site's own files: a drawn page that names
 * a file the build did not write loses a Lighthouse best-practices point on every visit.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The not-found screen is answered with its status, 404, as it should be.
    const ownStatus =
      message.location().url === page.url() && message.text().startsWith('Failed to load resource');
    if (message.type() === 'error' && !ownStatus)
      errors.push(`console: ${message.text()} ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/assets/')) {
      errors.push(`${response.status()} ${response.url()}`);
    }
  });
  return errors;
}

/** Records the page's layout shifts (`window.shifts`), printing each moved node. */
async function watchShifts(page: Page): Promise<void> {
  page.on('console', (message) => {
    if (message.text().startsWith('layout shift')) console.log(message.text());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push(entry.value);
        // When it happened: before or after the app replaced the drawing, with the inlined subset
        // of the rules or the whole stylesheets applying.
        const moment = `at ${Math.round((entry as unknown as PerformanceEntry).startTime)} ms, app ${document.documentElement.dataset.app ?? 'not started'}, ${document.getElementById('critical-css') ? 'inlined rules' : 'whole stylesheets'}`;
        for (const source of entry.sources) {
          // A text node has no class: name the elements it sits in.
          let element = source.node instanceof Element ? source.node : (source.node?.parentElement ?? null);
          const path: string[] = [];
          for (let depth = 0; element && depth < 4; depth++, element = element.parentElement) {
            path.push(`${element.nodeName.toLowerCase()}.${element.className.toString().split(' ').join('.')}`);
          }
          console.log(
            `layout shift ${entry.value} (${moment}): ${source.node?.nodeName} in ${path.join(' < ')} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded by watchShifts. */
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

/** Waits until the app has replaced the drawing, and its controls have come alive. */
async function appStarted(page: Page) {
  await appHasStarted(page);
  await page.waitForLoadState('networkidle');
  // The drawn controls are inert until the app starts; the app's header button is enabled.
  await expect(page.locator('.site-header button').first()).toBeEnabled();
}

/**
 * A proxy in front of the site that sends a page's HTML in parts, cut after the first heading of
 * its `main` and halfway through it, with a pause after each part: as a slow network brings a
 * page, or as a busy phone reads it with a pause (which is how the home's hero was seen to move
 * under Lighthouse). Everything else passes as it is.
 */
async function splittingProxy(baseURL: string, pause: number): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', baseURL), {
        headers: { accept: request.headers.accept ?? '*/*', 'accept-language': 'es' },
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
      });
      response.writeHead(upstream.status, headers);
      if (!(upstream.headers.get('content-type') ?? '').includes('text/html')) return response.end(body);
      const html = body.toString();
      const main = html.indexOf('<main');
      const cuts = [html.indexOf('</h1>', main) + '</h1>'.length, Math.round((main + html.indexOf('</main>')) / 2)];
      let sent = 0;
      for (const cut of cuts.filter((at) => at > main).sort((a, b) => a - b)) {
        response.write(html.slice(sent, cut));
        sent = cut;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
      response.end(html.slice(sent));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

// A first paint of half a page moves what the rest of the page then pushes: the home's hero is
// centred on its height, so its text sat about 200 px lower on a phone while the hero's list was not yet
// read; a team page's columns at 1280 px changed their boxes. A drawn page asks the browser to
// paint nothing before its footer has been read (decision 0074).
test.describe('a drawn page is first painted whole, however its HTML arrives', () => {
  for (const [screen, width] of [
    ['/', 412],
    ['/team/marta-ribas', 1280],
  ] as const) {
    test(`${screen} at ${width} px, its HTML in parts`, async ({ browser, baseURL }) => {
      const proxy = await splittingProxy(baseURL!, 1_000);
      const context = await browser.newContext({ viewport: { width, height: 823 }, isMobile: width < 992, hasTouch: width < 992 });
      try {
        const page = await context.newPage();
        await watchShifts(page);
        await page.goto(`${proxy.url}${screen}`, { waitUntil: 'load' });
        await expect(page.locator('footer.site-footer')).toBeAttached();
        // The shifts of the first paints are reported within a frame or two of them.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await shiftsOf(page)).toEqual([]);
      } finally {
        await context.close();
        proxy.close();
      }
    });
  }

  test('every drawn public page holds its painting until the footer, and has the footer', async ({ request }) => {
    for (const screen of PUBLIC_SCREENS) {
      const html = await (await request.get(screen)).text();
      const expected = /<link rel="expect" href="#([\w-]+)" blocking="render">/.exec(html)?.[1];
      expect(expected, screen).toBe('site-footer');
      expect(html, screen).toContain(`id="${expected}"`);
    }
  });
});

test.describe('no Content-Security-Policy report', () => {
  test.describe('on the public screens', () => {
    // One visitor's browser opens them all, one after the other (a new one for each screen was
    // most of these tests' time); each test looks at what its own screen reported.
    let page: Page;
    let reports: string[];
    let errors: string[];
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage();
      reports = await watchCsp(page);
      errors = watchErrors(page);
    });
    test.afterAll(() => page.context().close());

    for (const screen of PUBLIC_SCREENS) {
      test(`on ${screen}`, async () => {
        reports.length = 0;
        errors.length = 0;
        await page.goto(screen);
        await appStarted(page);
        expect(reports).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });

  test('on the members’ screens, signed in', async ({ page }) => {
    const member = createMember();
    await signInByApi(page, member);
    const reports = await watchCsp(page);
    const errors = watchErrors(page);
    for (const screen of MEMBER_SCREENS) {
      await page.goto(screen);
      await appStarted(page);
      await expect(page.locator('main h1')).toBeVisible();
    }
    expect(reports).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('a phone paints the hero with the page: its picture is in the page, and the app keeps it without fetching it', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/images/hero/')) fetched.push(request.url());
  });
  await page.goto('/', { waitUntil: 'load' });
  const shown = () =>
    page.locator('img.hero-backdrop').evaluate((img: HTMLImageElement) => ({
      inPage: img.currentSrc.startsWith('data:image/webp;base64,'),
      drawn: img.complete && img.naturalWidth > 0,
    }));
  expect(await shown()).toEqual({ inPage: true, drawn: true });
  await appStarted(page);
  // The app's hero is drawn anew: it shows the same picture, still from the page.
  expect(await shown()).toEqual({ inPage: true, drawn: true });
  expect(fetched).toEqual([]);
  await phone.close();

  // A wide screen takes the largest picture, fetched.
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const wide = await desktop.newPage();
  await wide.goto('/', { waitUntil: 'load' });
  expect(await wide.locator('img.hero-backdrop').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
    '/images/hero/range-dawn-1920.webp',
  );
  await desktop.close();
});

test.describe('the calendar reserves its month before the events arrive', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${viewport.width} px the grid has its final height from the first paint`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The month's events are held back until the drawn page has been measured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/\d{4}\/\d{1,2}\/$/, async (route) => {
        await held;
        await route.continue();
      });
      await watchShifts(page);

      // The parsed document: what the first paint shows, before the app has started.
      await page.goto('/calendar', { waitUntil: 'domcontentloaded' });
      // Read at once, not waited for: the grid must be in the page as it arrives.
      const drawn = await page.evaluate(
        () => document.querySelector('.cal-grid')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
      );
      expect(drawn).toBeDefined();
      expect(await page.locator('.cal-week').count()).toBeGreaterThanOrEqual(4);
      const grid = page.locator('.cal-grid');

      release();
      await appStarted(page);
      await expect(grid).toHaveAttribute('aria-busy', 'false');
      await expect(
        page.locator('.cal-chips li, .cal-dots > *').filter({ visible: true }).first(),
      ).toBeVisible();
      const filled = await grid.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(filled.top).toBe(drawn?.top);
      expect(filled.height).toBe(drawn?.height);
      expect(await shiftsOf(page)).toEqual([]);
    });
  }
});

test('a member’s screen shows its frame at once and fills in without moving', async ({ page }) => {
  const member = createMember();
  await signInByApi(page, member);
  await watchShifts(page);
  // The page as served holds the form itself, disabled until the member's data arrive: its
  // headings and help texts paint at once (they were the largest paint, seconds later, on a phone).
  const served = await (await page.request.get('/user-profile')).text();
  const frame = served.slice(served.indexOf('class="card profile-card"'));
  expect(frame).toMatch(/<form[^>]*aria-busy="true"[^>]*>.*?<fieldset disabled=""/s);
  expect(frame.match(/class="profile-section-title"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  await page.goto('/user-profile', { waitUntil: 'domcontentloaded' });
  // Drawn before the app has started (read at once, not waited for): the title and the card.
  expect(await page.locator('main h1').count()).toBe(1);
  const card = await page.evaluate(
    () => document.querySelector('.profile-card')?.getBoundingClientRect().top,
  );
  expect(card).toBeDefined();
  await appStarted(page);
  await expect(page.locator('input[name="mobil"]')).toBeEditable();
  await expect(page.locator('.profile-card fieldset[disabled]')).toHaveCount(0);
  expect(
    await page
      .locator('.profile-card')
      .first()
      .evaluate((element) => element.getBoundingClientRect().top),
  ).toBe(card);
  expect(await shiftsOf(page)).toEqual([]);
});

test('my registrations and the training log arrive drawn as their frame and fill in without moving', async ({
  page,
}) => {
  const member = createMember();
  await signInByApi(page, member);
  await watchShifts(page);
  // Served drawn: both lists' headings and the calendar-address card, before any script.
  const served = await (await page.request.get('/my-registrations')).text();
  expect(served).toContain('id="my-upcoming"');
  expect(served).toContain('id="my-past"');
  expect(served).toContain('id="my-feed-title"');
  await page.goto('/my-registrations');
  await appStarted(page);
  await expect(page.locator('#my-feed-url')).not.toHaveValue('');
  // The empty list's line, with its link to the calendar, where the loading line was.
  await expect(page.locator('section[aria-labelledby="my-upcoming"] a[href="/calendar"]')).toBeVisible();
  expect(await shiftsOf(page)).toEqual([]);

  // The training log's figures take the place of its loading line as new nodes, not by moving it.
  await page.goto('/training');
  await appStarted(page);
  await expect(page.getByTestId('streak')).toBeVisible();
  expect(await shiftsOf(page)).toEqual([]);
});

test.describe('the stage screens paint before their code loads', () => {
  for (const screen of ['/stage-designer', '/dry-training']) {
    test(`on ${screen}, only the starter script is fetched before the first paint; Konva and the engine after`, async ({
      page,
    }) => {
      await page.goto(screen);
      await appStarted(page);
      // The designer's canvas is the engine's (Konva's) drawing: the app has loaded it.
      if (screen === '/stage-designer') await expect(page.locator('canvas').first()).toBeAttached();
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(firstPaint).toBeDefined();
      const before = scripts
        .filter((script) => script.start < (firstPaint ?? 0))
        .map((script) => script.path);
      expect(before.every((path) => /^\/assets\/boot-[\w-]+\.js$/.test(path))).toBe(true);
      expect(scripts.length).toBeGreaterThan(before.length);
    });
  }
});

// A drawn page carries inline only the style rules its drawing uses and loads its stylesheets
// without holding up the first paint (web/build/critical-css.ts). With the stylesheets never
// arriving every element must sit and look as with them: a rule left out would show here.
// One test per screen and width: each loads its screen in two browsers, one whose stylesheets
// never arrive, and reads every element. The two browsers of a width serve all its screens.
test.describe('a drawn page needs none of its stylesheets to look right', () => {
  for (const width of [412, 1280]) {
    test.describe(`at ${width} px`, () => {
      const browsers: { page: Page; stylesheets: string[]; blockStyles: boolean }[] = [];
      test.beforeAll(async ({ browser }) => {
        for (const blockStyles of [true, false]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          const page = await context.newPage();
          // The app never starts (its entry is refused): the drawing stays as the HTML brings it.
          await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
          if (blockStyles) await page.route(/\.css$/, (route) => route.abort());
          const stylesheets: string[] = [];
          page.on('requestfinished', (request) => {
            if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
          });
          browsers.push({ page, stylesheets, blockStyles });
        }
      });
      test.afterAll(async () => {
        for (const { page } of browsers) await page.context().close();
      });

      for (const screen of [...PUBLIC_SCREENS, '/user-profile', '/my-registrations', '/training']) {
        test(`at ${width} px, ${screen} is the same with and without its stylesheets`, async () => {
          const shots: string[][] = [];
          for (const { page, stylesheets, blockStyles } of browsers) {
            stylesheets.length = 0;
            await page.goto(screen, { waitUntil: 'load' });
            if (!blockStyles) {
              // The whole stylesheets have taken over from the inlined subset.
              await expect(page.locator('#critical-css')).toHaveCount(0);
              expect(stylesheets.length, screen).toBeGreaterThan(0);
            }
            // Every element's box and the styles that show, read from the page (a screenshot
            // also differs by the raster's own noise, which says nothing about the rules).
            shots.push(
              await page.evaluate(() =>
                Array.from(document.body.querySelectorAll('*')).map((element) => {
                  const box = element.getBoundingClientRect();
                  const style = getComputedStyle(element);
                  return [
                    element.tagName,
                    element.className,
                    // A turning spinner's box changes with its turn: its styles still count.
                    ...(element.getAnimations().length > 0
                      ? []
                      : [box.x, box.y, box.width, box.height].map((n) => n.toFixed(1))),
                    ...[
                      'color',
                      'background-color',
                      'font-family',
                      'font-size',
                      'font-weight',
                      'display',
                      'visibility',
                    ].map((name) => style.getPropertyValue(name)),
                    style.borderTopWidth,
                    style.borderTopColor,
                    style.boxShadow,
                  ].join(' | ');
                }),
              ),
            );
          }
          expect(shots[1].length, 'elements with and without the stylesheets').toBe(shots[0].length);
          const moved = shots[0].filter((line, index) => line !== shots[1][index]);
          expect(moved.slice(0, 3), 'elements that differ').toEqual([]);
        });
      }
    });
  }
});

// Each change of a page's stylesheets restyles the whole page (tens of milliseconds on a phone,
// most of the designer's blocking time): the whole stylesheets arrive for print only and apply
// together in the step that takes the inlined subset away, so the page is restyled once.
test.describe('the whole stylesheets replace the inlined subset in one step', () => {
  for (const screen of ['/stage-designer', '/calendar', '/']) {
    test(`on ${screen}, no moment has both the subset and a whole stylesheet applying`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { stylesSeen: string[] }).stylesSeen = seen;
        const look = () => {
          const subset = document.getElementById('critical-css') !== null;
          const applying = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]')).filter(
            (link) => link.media !== 'print',
          ).length;
          const state = `${subset ? 'subset' : 'no subset'}, ${applying} applying`;
          if (seen.at(-1) !== state) seen.push(state);
        };
        new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['media'] });
      });
      await page.goto(screen, { waitUntil: 'load' });
      // A light page loads its stylesheets once it has been shown; the app's screens, to start.
      await expect(page.locator('#critical-css')).toHaveCount(0);
      const seen = await page.evaluate(() => (window as unknown as { stylesSeen: string[] }).stylesSeen);
      expect(seen.filter((state) => state.startsWith('subset,') && !state.endsWith(' 0 applying'))).toEqual([]);
      expect(seen.at(-1)).toMatch(/^no subset, [1-9]\d* applying$/);
    });
  }
});

// On a slow phone the browser paints a page it has read only in part; a box sized by what has
// arrived and anchored at its bottom then climbs as the rest comes, a layout shift (Lighthouse
// measured 0.09 on the designer in about one run in six). The designer's open settings panel
// takes the room below the stage whatever it holds: with its content cut, it stays in place.
test('on a phone, the designer’s settings panel keeps its place however much of it has arrived', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The drawing as the HTML brings it: the app never starts.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/stage-designer', { waitUntil: 'load' });
  const panel = page.locator('aside.settings-panel');
  await expect(panel).toBeVisible();
  const whole = await panel.boundingBox();
  // What a paint between two pieces of the page shows: the panel's head, its body not read yet.
  await page.evaluate(() => document.querySelector('.settings-panel-body')!.replaceChildren());
  const cut = await panel.boundingBox();
  expect(cut!.y).toBeCloseTo(whole!.y, 0);
  expect(cut!.height).toBeCloseTo(whole!.height, 0);
  await context.close();
});
