import { expect, test } from './support/test.ts';

test.describe('site shell', () => {
  test('home renders in Spanish by default with header, main and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toContainText('Nosotros');
    await expect(page.getByRole('link', { name: 'Acceder' })).toBeVisible();
    // Visitors reach the calendar from the header, and the calendar and the stage library from
    // the footer (the fees cards point them to the calendar); no user menu.
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Calendario' })).toHaveAttribute('href', '/calendar');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Calendario' })).toHaveAttribute('href', '/calendar');
    await footer.getByRole('link', { name: 'Biblioteca de ejercicios' }).click();
    await expect(page).toHaveURL(/\/stages$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Biblioteca de ejercicios');
  });

  test('switching language changes the texts and <html lang>, and survives a reload', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    await expect(nav).toContainText('Nosotros');
    await page.getByRole('button', { name: 'Inglés' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(nav).toContainText('About');
    await expect(page.getByRole('contentinfo')).toContainText('Useful links');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation').first()).toContainText('About');
    await page.getByRole('button', { name: 'Catalan' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('navigation').first()).toContainText('Nosaltres');
    await expect(page.getByRole('contentinfo')).toContainText('Enllaços útils');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
    await expect(page.getByRole('contentinfo')).toContainText('Enllaços útils');
  });

  test('a language stored while the app is still starting is the one the next load uses', async ({ page }) => {
    // The app writes the language only when it changes. Its start (which ends once the shell's
    // texts arrive) must not write the language it started in over one chosen meanwhile, in
    // another tab or, as the calendar's language test does, by a script. The shell's texts are
    // held until the choice is stored, so the order is certain.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/i18n/header/*.json', async (route) => {
      await held;
      await route.continue();
    });
    // A page whose app starts by itself (not a light page, which waits for the visitor to act).
    await page.goto('/stages', { waitUntil: 'domcontentloaded' });
    // A mark in the drawn page: the app removes it when it replaces the drawing, which it does
    // only once its start is over.
    await page.evaluate(() => document.getElementById('root')?.append(Object.assign(document.createElement('i'), { id: 'drawn-mark' })));
    // The app has started once it has stored the language it starts in (a fresh browser has none).
    await page.waitForFunction(() => localStorage.getItem('ipsc-club.lang') === 'es');
    await page.evaluate(() => localStorage.setItem('ipsc-club.lang', 'en'));
    release();
    await expect(page.locator('#drawn-mark')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('ipsc-club.lang'))).toBe('en');
    await page.unrouteAll();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation').first()).toContainText('About');
  });

  test('the home page arrives drawn in the visitor\'s language, and works before and after the app starts', async ({ browser, request }) => {
    const titles = { es: 'Tiro práctico y de precisión', ca: 'Tir pràctic i de precisió', en: 'Practical and precision shooting' };
    for (const [lang, title] of Object.entries(titles)) {
      const html = await (await request.get('/', { headers: { cookie: `ipsc-club.lang=${lang}` } })).text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1 id="hero-title">${title}</h1>`);
    }
    // With no script at all, the header and hero show and their links work as links.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies([{ name: 'ipsc-club.lang', value: 'en', url: test.info().project.use.baseURL! }]);
    const still = await noScript.newPage();
    await still.goto('/');
    await expect(still.getByRole('heading', { level: 1 })).toHaveText(titles.en);
    await expect(still.getByRole('img', { name: /range at dawn/ })).toBeVisible();
    // Buttons need the app: they wait disabled rather than drop a click.
    await expect(still.getByRole('button', { name: 'Spanish' })).toBeDisabled();
    await still.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(still).toHaveURL(/\/login$/);
    await noScript.close();
    // With scripts the app takes over the same page: the buttons work.
    const live = await browser.newPage();
    await live.goto('/');
    await live.getByRole('button', { name: 'Inglés' }).click();
    await expect(live.getByRole('heading', { level: 1 })).toHaveText(titles.en);
    await expect(live.locator('section#contact')).toHaveCount(1);
    await live.close();
  });

  test('an unknown path shows the not-found page and the server answers 404', async ({ page }) => {
    const response = await page.goto('/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    const known = await page.goto('/calendar');
    expect(known?.status()).toBe(200);
  });

  test('reset-password without hash or token lands on /not-found', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/not-found$/);
    await page.goto('/reset-password?hash=abc');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  });

  test('profile and change-password while anonymous land on login', async ({ page }) => {
    await page.goto('/user-profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/change-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor who scrolled the drawn page before the app started keeps their place', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    // Reduced motion: any scroll the app made would be instant, so the last check would see it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The app's code is held back until the visitor has scrolled the page drawn at build time.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/terms', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    release();
    // Started: the header reacts to the place the visitor is at, and the place is kept.
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    await expect(page.getByRole('button', { name: 'Abrir o cerrar el menú' })).toBeEnabled();
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
  });

  test('the header takes its scrolled state after 100 px and the mobile menu closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/terms');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 150);
    });
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.getByRole('button', { name: 'Abrir o cerrar el menú' }).click();
    const menuLink = page.getByRole('navigation').getByRole('link', { name: 'Acceder' });
    await expect(menuLink).toBeVisible();
    await menuLink.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#main-navigation')).not.toHaveClass(/show/);
  });
});

// The suite's browser (e2e/support/chromium.ts): no page of Chromium's own address bar runs
// beside the site's, so the processor goes to the site.
test('the suite’s browser runs no page of its own address bar beside the site', async ({ page, browser }) => {
  await page.goto('/terms');
  const session = await browser.newBrowserCDPSession();
  await session.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox-popup')).map((target) => target.url)).toEqual([]);
  expect(targetInfos.some((target) => target.type === 'page' && target.url.endsWith('/terms'))).toBe(true);
});
