import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import siteSettings from '../packages/contract/site-settings.json' with { type: 'json' };

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
