import { expect, test } from '@playwright/test';
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
});
