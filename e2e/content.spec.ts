import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/test.ts';
import { apiCall, signInByApi } from './support/session.ts';
import { createMember } from './support/fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { photograph } from './support/photos.ts';

// The club's own content: staff edit it in the browser, visitors see it without a build or a
// restart. Each test saves from the copy it reads, so the tests can run in any order.
const PHOTO = path.resolve('server/test/content/files/phone-rotated-gps.jpg');
// A real HEIC written by libheif's encoder (server/test/content/files/make-files.sh).
const HEIC = path.resolve('server/test/content/files/phone.heic');
const shots = path.resolve('test-results/content-screens');

async function staffPage(page: Page) {
  const staff = createMember({ staff: true, nombre: 'Laia', apellidos: 'Ferrer' });
  const token = await signInByApi(page, staff);
  return { staff, token };
}

async function staffContent(page: Page, token: string) {
  const answer = await apiCall(page, 'GET', '/api/admin/content/', undefined, token);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Record<string, unknown> & { version: number; gallery: { photoId: string }[] };
}

// Every test leaves the content as a new database has it (the other files read the first content).
test.afterEach(async ({ page }) => {
  const { token } = await staffPage(page);
  let { version } = await staffContent(page, token);
  for (const section of ['fees', 'team', 'gallery', 'partners', 'news'] as const) {
    const history = (await (await apiCall(page, 'GET', `/api/admin/content/${section}/history/`, undefined, token)).json()) as { id: string; changedBy: string | null }[];
    const first = history.findLast((revision) => revision.changedBy === null);
    if (!first || history[0]!.id === first.id) continue;
    const restored = await apiCall(page, 'POST', `/api/admin/content/${section}/history/${first.id}/restore/`, { version }, token);
    expect(restored.ok()).toBe(true);
    version = ((await restored.json()) as { version: number }).version;
  }
});

test('staff change a fee and a visitor sees it, without a restart', async ({ page, browser }) => {
  await staffPage(page);
  await page.goto('/admin/content');
  const card = page.getByTestId('content-item-3');
  await expect(card.getByRole('group', { name: 'Nombre' })).toBeVisible();
  // The form checks with the contract's rules before sending: a name emptied in every language
  // is shown by its field, which takes the focus; nothing is sent, nothing typed is lost.
  const name = card.getByRole('group', { name: 'Nombre' });
  const typed = await name.getByLabel(/^Español/).inputValue();
  for (const language of [/^Español/, /^Català/, /^English/]) await name.getByLabel(language).fill('');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(name.getByText('Escribe este texto al menos en un idioma.')).toBeVisible();
  await expect(name.getByLabel(/^Español/)).toBeFocused();
  // Outlined in the site's colour for a refused field, every language of it; the price is not.
  for (const language of [/^Español/, /^Català/, /^English/]) {
    await expect(name.getByLabel(language)).toHaveCSS('border-top-color', 'rgb(220, 53, 69)');
  }
  await expect(card.getByLabel('Precio (€)')).not.toHaveCSS('border-top-color', 'rgb(220, 53, 69)');
  await photograph(name, `${shots}/editor-field-error-es.png`);
  await expect(page.getByRole('status')).toHaveCount(0);
  await name.getByLabel(/^Español/).fill(typed);
  await expect(name.getByText('Escribe este texto al menos en un idioma.')).toHaveCount(0);
  const price = card.getByLabel('Precio (€)');
  await expect(price).toHaveValue('45.00');
  await price.fill('47.50');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardado: ya se ve en la web.');

  const visitor = await browser.newPage();
  await visitor.goto('/#fees');
  const row = visitor.locator('[data-fee-id="regular-class-single"]');
  await expect(row).toContainText('47,50 €');
  // The drawn page itself shows the new content (the server drew it again for the new version).
  const html = await (await visitor.request.get('/')).text();
  expect(html).toMatch(/data-fee-id="regular-class-single"><dt>[^<]*<\/dt><dd>47,50/);
  const team = await visitor.request.get('/team/marta-ribas');
  expect(team.status()).toBe(200);
  expect(await team.text()).toContain('data-testid="team-bio"');
  await visitor.close();
});

test('a second staff member saving an older copy sees what changed and loses nothing', async ({ page, browser }) => {
  const { token } = await staffPage(page);
  await page.goto('/admin/content');
  await page.getByTestId('content-item-0').getByLabel('Precio (€)').fill('181');
  // Meanwhile someone else saves the fees from the API.
  const copy = await staffContent(page, token);
  const fees = (copy.fees as { id: string; priceCents: number }[]).map((fee) => (fee.id === 'master-class-one-student' ? { ...fee, priceCents: 19000 } : fee));
  const other = await apiCall(page, 'PUT', '/api/admin/content/fees/', { items: fees, version: copy.version }, token);
  expect(other.ok()).toBe(true);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const conflict = page.getByTestId('content-conflict');
  await expect(conflict).toContainText('Otra persona ha guardado esta sección');
  await expect(conflict).toContainText('190.00 €');
  await expect(page.getByTestId('content-item-0').getByLabel('Precio (€)')).toHaveValue('181');
  await photograph(page, `${shots}/editor-conflict-desktop-es.png`);
  await conflict.getByRole('button', { name: 'Guardar mi versión encima' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardado: ya se ve en la web.');
  const visitor = await browser.newPage();
  await visitor.goto('/#fees');
  await expect(visitor.locator('[data-fee-id="master-class-one-student"]')).toContainText('181 €');
  await visitor.close();
});

test('staff upload a phone photo to the gallery and visitors see it in the carousel and the lightbox', async ({ page, browser }) => {
  await staffPage(page);
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Galería' }).click();
  await page.getByRole('button', { name: 'Añadir foto' }).click();
  const items = page.locator('[data-testid^="content-item-"]');
  const added = items.last();
  // An iPhone's own HEIC is refused with a way out, in the editor's language; the JPEG then goes.
  await added.getByLabel('Foto', { exact: true }).setInputFiles(HEIC);
  await expect(added.getByRole('alert')).toContainText('Las fotos HEIC (el formato propio del iPhone) no se pueden convertir aquí');
  await expect(added.getByRole('alert')).toContainText('Más compatible');
  await photograph(added, `${shots}/editor-heic-refused-es.png`);
  await expect(added.locator('img.content-thumb')).toHaveCount(0);
  await added.getByLabel('Foto', { exact: true }).setInputFiles(PHOTO);
  await expect(added.locator('img.content-thumb')).toBeVisible({ timeout: 30_000 });
  await expect(added.getByRole('alert')).toHaveCount(0);
  await added.getByLabel('Español').fill('Tirada social de junio');
  await added.getByLabel('Català').fill('Tirada social de juny');
  await added.getByLabel('English').fill('June club match');
  await added.getByRole('button', { name: /^Subir/ }).click();
  // Moved up once: it is no longer last.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardado: ya se ve en la web.');

  const visitor = await browser.newPage();
  await visitor.goto('/#gallery');
  const slide = visitor.locator('.swiper-slide img[alt="Tirada social de junio"]').first();
  await expect(slide).toHaveCount(1);
  // The photo comes as a picture with AVIF, WebP and JPEG copies and every width in srcset.
  const source = visitor.locator('.swiper-slide picture source[type="image/avif"]').filter({ has: visitor.locator('xpath=..//img[@alt="Tirada social de junio"]') }).first();
  await expect(source).toHaveAttribute('srcset', /\/photos\/[0-9a-f-]+-320\.avif 320w, .*-1200\.avif 1200w/);
  await slide.locator('xpath=ancestor::button').first().click({ force: true });
  const lightbox = visitor.locator('.yarl__root');
  await expect(lightbox).toBeVisible();
  await expect(lightbox.locator('img[alt="Tirada social de junio"]').first()).toBeVisible();
  const served = await visitor.request.get((await lightbox.locator('img[alt="Tirada social de junio"]').first().getAttribute('src'))!);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await photograph(visitor, `${shots}/gallery-lightbox-desktop-es.png`);
  await visitor.close();
});

test('a news item in three languages has its page in each, is on the home page and in the feed', async ({ page, browser }) => {
  await staffPage(page);
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Noticias' }).click();
  await page.getByRole('button', { name: 'Añadir noticia' }).click();
  const item = page.locator('[data-testid^="content-item-"]').last();
  const title = item.getByRole('group', { name: 'Título' });
  await expect(title.getByText('Falta')).toHaveCount(3);
  await title.getByLabel('Español').fill('Curso de iniciación en julio');
  await title.getByLabel('Català').fill('Curs d’iniciació al juliol');
  await title.getByLabel('English').fill('Beginners’ course in July');
  await expect(title.getByText('Falta')).toHaveCount(0);
  const body = item.getByRole('group', { name: /^Texto/ });
  await body.getByLabel('Español').fill('Plazas **limitadas**. [Inscripción](https://example.org/curso)');
  await body.getByLabel('Català').fill('Places **limitades**.');
  await body.getByLabel('English').fill('Places are **limited**.');
  await item.getByLabel('Identificador').fill('curso-julio');
  await item.getByLabel('Destacada (primero en la portada)').check();
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.locator('.content-preview-body strong').last()).toHaveText('limitadas');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardado: ya se ve en la web.');

  const visitor = await browser.newPage();
  for (const [lang, heading, strong] of [
    ['es', 'Curso de iniciación en julio', 'limitadas'],
    ['ca', 'Curs d’iniciació al juliol', 'limitades'],
    ['en', 'Beginners’ course in July', 'limited'],
  ] as const) {
    await visitor.goto(`/news/curso-julio/${lang}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(visitor.getByTestId('news-body').locator('strong')).toHaveText(strong);
  }
  const link = visitor.getByTestId('news-body').getByRole('link', { name: 'Inscripción' });
  await visitor.goto('/news/curso-julio/es');
  await expect(visitor.getByTestId('news-body').getByRole('link', { name: 'Inscripción' })).toHaveAttribute('rel', 'noopener noreferrer');
  void link;
  await visitor.goto('/');
  await expect(visitor.getByTestId('home-news').getByRole('link', { name: 'Curso de iniciación en julio' })).toBeVisible();
  const feed = await (await visitor.request.get('/api/news.atom')).text();
  expect(feed).toContain('/news/curso-julio/ca');
  // Each language's page arrives drawn by the server from the live content, with status 200.
  const drawn = await visitor.request.get('/news/curso-julio/ca');
  expect(drawn.status()).toBe(200);
  expect(await drawn.text()).toContain('<h1');
  expect(await drawn.text()).toMatch(/<h1[^>]*>Curs d’iniciació al juliol<\/h1>/);
  // An unknown item is not found, by status too.
  expect((await visitor.request.get('/news/no-such-item/es')).status()).toBe(404);
  await visitor.close();
});

test('what staff type never runs on the public pages, in any field', async ({ page, browser }) => {
  const { token } = await staffPage(page);
  const copy = await staffContent(page, token);
  const evil = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><svg onload="window.__pwned=3"><script>window.__pwned=4</script></svg>&lt;script&gt;window.__pwned=5&lt;/script&gt; &#60;b&#62;';
  const md = `${evil}\n\n[click](javascript:window.__pwned=6) <a href="javascript:window.__pwned=7">a</a> [data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD04PC9zY3JpcHQ+)`;
  const all = { es: evil.slice(0, 110), ca: evil.slice(0, 110), en: evil.slice(0, 110) };
  const mdAll = { es: md, ca: md, en: md };
  const team = (copy.team as Record<string, unknown>[]).map((member, index) => (index === 0 ? { ...member, name: evil.slice(0, 110), role: all, bio: mdAll } : member));
  const news = [{ id: 'xss', title: all, body: mdAll, publishAt: '2025-01-01T00:00:00.000Z', pinned: true }];
  const fees = (copy.fees as Record<string, unknown>[]).map((fee, index) => (index === 0 ? { ...fee, group: all, name: all, period: all, note: all } : fee));
  const gallery = (copy.gallery as Record<string, unknown>[]).map((item, index) => (index === 0 ? { ...item, caption: all } : item));
  const partners = (copy.partners as Record<string, unknown>[]).map((partner, index) => (index === 0 ? { ...partner, name: evil.slice(0, 110) } : partner));
  let version = copy.version;
  for (const [section, items] of Object.entries({ team, news, fees, gallery, partners })) {
    const saved = await apiCall(page, 'PUT', `/api/admin/content/${section}/`, { items, version }, token);
    expect(saved.status(), `${section}: ${await saved.text()}`).toBe(200);
    version = ((await saved.json()) as { version: number }).version;
  }
  // A javascript: link is refused outright, not stored.
  const link = await apiCall(page, 'PUT', '/api/admin/content/partners/', { items: [{ ...partners[0], url: 'javascript:alert(1)' }], version }, token);
  expect(link.status()).toBe(400);

  const visitor = await browser.newPage();
  const dialogs: string[] = [];
  visitor.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const target of ['/', '/team/marta-ribas', '/news/xss/es', '/news/xss/en']) {
    await visitor.goto(target);
    await visitor.mouse.wheel(0, 4000);
    await visitor.waitForTimeout(300);
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), target).toBeUndefined();
    expect(await visitor.locator('script:not([type="application/json"]):not([src])').count(), target).toBe(0);
    expect(await visitor.locator('[onerror], [onload]').count(), target).toBe(0);
    expect(await visitor.locator('a[href^="javascript:"], a[href^="data:"]').count(), target).toBe(0);
  }
  // The text shows as text.
  await visitor.goto('/news/xss/es');
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('<script>window.__pwned=1</script>');
  expect(dialogs).toEqual([]);
  await visitor.close();
  // Put the first content back for the other tests' screenshots.
  const history = (await (await apiCall(page, 'GET', '/api/admin/content/team/history/', undefined, token)).json()) as { id: string; changedBy: string | null }[];
  const first = history.find((revision) => revision.changedBy === null)!;
  const restored = await apiCall(page, 'POST', `/api/admin/content/team/history/${first.id}/restore/`, { version }, token);
  expect(restored.ok()).toBe(true);
  version = ((await restored.json()) as { version: number }).version;
  for (const section of ['fees', 'gallery', 'partners'] as const) {
    const revisions = (await (await apiCall(page, 'GET', `/api/admin/content/${section}/history/`, undefined, token)).json()) as { id: string }[];
    const back = await apiCall(page, 'POST', `/api/admin/content/${section}/history/${revisions[1]!.id}/restore/`, { version }, token);
    expect(back.ok()).toBe(true);
    version = ((await back.json()) as { version: number }).version;
  }
  const noNews = await apiCall(page, 'PUT', '/api/admin/content/news/', { items: [], version }, token);
  expect(noNews.ok()).toBe(true);
});

for (const lang of ['es', 'ca', 'en'] as const) {
  test(`the editor passes axe, and looks right on a phone and a desktop, in ${lang}`, async ({ page }) => {
    test.setTimeout(300_000);
    await staffPage(page);
    await page.addInitScript((l) => localStorage.setItem('ipsc-club.lang', l), lang);
    for (const [device, width] of [
      ['phone', 390],
      ['desktop', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin/content');
      await expect(page.locator('.content-editor')).toBeVisible();
      await page.locator('.content-tabs button').nth(4).click();
      await page.locator('.content-editor .btn-outline-primary').last().click();
      expect(await axeViolations(page)).toEqual([]);
      await photograph(page, `${shots}/editor-news-${device}-${lang}.png`);
      await page.locator('.content-tabs button').nth(0).click();
      expect(await axeViolations(page)).toEqual([]);
      await photograph(page, `${shots}/editor-fees-${device}-${lang}.png`);
    }
  });
}

test('the public pages drawn from the content, on a phone and a desktop in three languages', async ({ page }) => {
  test.setTimeout(300_000);
  const { token } = await staffPage(page);
  await page.goto('/');
  const copy = await staffContent(page, token);
  const news = [
    {
      id: 'open-day',
      title: { es: 'Jornada de puertas abiertas', ca: 'Jornada de portes obertes', en: '' },
      body: { es: 'Ven a **probar** el tiro de precisión.', ca: 'Vine a **provar** el tir de precisió.', en: '' },
      publishAt: '2025-05-01T08:00:00.000Z',
      pinned: false,
    },
  ];
  expect((await apiCall(page, 'PUT', '/api/admin/content/news/', { items: news, version: copy.version }, token)).ok()).toBe(true);
  for (const lang of ['es', 'ca', 'en'] as const) {
    await page.context().addCookies([{ name: 'ipsc-club.lang', value: lang, url: new URL(page.url()).origin }]);
    for (const [device, width] of [
      ['phone', 390],
      ['desktop', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('ipsc-club.lang', l), lang);
      await page.goto('/#fees');
      await expect(page.locator('[data-fee-id]').first()).toBeVisible();
      await photograph(page, `${shots}/home-fees-${device}-${lang}.png`);
      await page.goto('/#news');
      await photograph(page, `${shots}/home-news-${device}-${lang}.png`);
      await page.goto(`/news/open-day/${lang}`);
      // English is missing: the page says so and shows the club's language, never an empty box,
      // and the title says it is Spanish (a screen reader reads it with a Spanish voice).
      if (lang === 'en') await expect(page.getByText('This item is not written in English yet')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', lang === 'en' ? 'es' : lang);
      await expect(page.getByTestId('news-body').locator('strong')).toBeVisible();
      await photograph(page, `${shots}/news-${device}-${lang}.png`);
      await page.goto('/team/jordi-puig');
      await expect(page.getByTestId('team-bio').locator('li').first()).toBeVisible();
      await photograph(page, `${shots}/team-${device}-${lang}.png`);
    }
  }
  // As the server draws them, before any script: the English home's news link and the item's
  // title carry the language they are shown in; a text written in English carries none.
  const drawnHome = await (await page.request.get('/', { headers: { cookie: 'ipsc-club.lang=en' } })).text();
  expect(drawnHome).toMatch(/<a[^>]*lang="es"[^>]*>Jornada de puertas abiertas<\/a>/);
  expect(drawnHome).not.toMatch(/<h1[^>]*lang=/);
  const drawnItem = await (await page.request.get('/news/open-day/en', { headers: { cookie: 'ipsc-club.lang=en' } })).text();
  expect(drawnItem).toMatch(/<h1[^>]*lang="es"[^>]*>Jornada de puertas abiertas<\/h1>/);
  const after = await staffContent(page, token);
  expect((await apiCall(page, 'PUT', '/api/admin/content/news/', { items: [], version: after.version }, token)).ok()).toBe(true);
});
