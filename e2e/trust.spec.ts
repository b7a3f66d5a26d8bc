import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createMember, mailsTo, waitForMail } from './support/fixtures.ts';
import { apiCall, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

// Texts come from the Spanish translation files, so a wording change does not break the tests.
type Texts = Record<string, unknown>;
function text(area: string, key: string): string {
  const file = path.resolve(import.meta.dirname, `../web/public/assets/i18n/${area}/es.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8')) as Texts;
  for (const part of key.split('.')) node = (node as Texts)[part];
  if (typeof node !== 'string') throw new Error(`no text ${area}:${key}`);
  return node;
}

test.describe('trust: verified addresses and member numbers', () => {
  test('a new member confirms the address from the mail, sees the club data read-only, and staff confirm the claimed number', async ({ page }) => {
    const id = randomBytes(3).toString('hex');
    const member = { login: `nueva.${id}`, password: `Diana${id}7`, email: `nueva.${id}@club.test` };
    const claimed = `C-${id}`;
    const registered = await apiCall(page, 'POST', '/api/registro/', {
      ...member,
      nombre: 'Nuria',
      apellidos: `Claim ${id}`,
      mobil: '612345678',
      nacimiento: '1990-02-03',
      sexo: 2,
      socio: claimed,
    });
    expect(registered.status()).toBe(201);
    await signInByApi(page, member);

    // The registration mailed a first link; asking again mails a newer one, and only that works.
    const linkOf = (mailText: string) => /https?:\/\/\S+\/verify-email\?\S+/.exec(mailText)?.[0] ?? '';
    const first = linkOf((await waitForMail(member.email)).text);
    expect(first).not.toBe('');

    // Until the link is followed, the app says why booking waits and offers the link again,
    // whole and on top, also on the home page where signing in lands (its hero slides up).
    const banner = page.getByRole('region', { name: text('common', 'VERIFY_BANNER.LABEL') });
    for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(banner).toBeVisible();
      const resend = banner.getByRole('button', { name: text('common', 'VERIFY_BANNER.RESEND') });
      const onTop = await resend.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && button.contains(hit);
      });
      expect(onTop, `the resend button is covered at ${size.width} px`).toBe(true);
      const message = banner.locator('p');
      const textOnTop = await message.evaluate((p) => {
        const box = p.getBoundingClientRect();
        const hit = document.elementFromPoint(box.right - 4, box.bottom - 4);
        return hit !== null && p.contains(hit);
      });
      expect(textOnTop, `the banner's text is covered at ${size.width} px`).toBe(true);
      await photograph(page, test.info().outputPath(`verify-banner-home-${size.width}.png`));
    }
    await page.goto('/user-profile');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('club-socio')).toContainText(claimed);
    await banner.getByRole('button', { name: text('common', 'VERIFY_BANNER.RESEND') }).click();
    await expect(banner).toContainText(text('common', 'VERIFY_BANNER.SENT'));
    let href = '';
    await expect
      .poll(async () => {
        href = (await mailsTo(member.email)).map((m) => linkOf(m.text)).find((link) => link !== '' && link !== first) ?? '';
        return href;
      })
      .not.toBe('');
    await page.goto(new URL(href).pathname + new URL(href).search);
    await expect(page.getByRole('status').filter({ hasText: text('register', 'VERIFY.SUCCESS') })).toBeVisible();
    await expect(banner).toBeHidden();
    // Opened again, the link says the address is confirmed already, not that it is invalid.
    await page.goto(new URL(href).pathname + new URL(href).search);
    await expect(page.getByRole('status').filter({ hasText: text('register', 'VERIFY.ALREADY') })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Staff see the claim and confirm it in one click; the member's profile shows the number.
    const staff = createMember({ staff: true });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInByApi(page, staff);
    await page.goto('/admin/members');
    const claim = page.getByTestId('claim-row').filter({ hasText: claimed });
    await expect(claim).toBeVisible();
    await claim.getByRole('button', { name: new RegExp(`^${text('admin', 'CLAIMS.CONFIRM')}`) }).click();
    await expect(claim).toBeHidden();
  });
});
