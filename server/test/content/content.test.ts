import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import Parser from 'rss-parser';
import type { Content, ContentConflict, ContentRevision, StaffContent } from '@club/contract/content';
import initialContent from '@club/contract/initial-content.json' with { type: 'json' };
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';

const file = (name: string) => readFileSync(new URL(`./files/${name}`, import.meta.url));
const XSRF = 'test-xsrf-photo-0123456789abcdef0123456789';
const NOW = new Date('2025-06-20T10:00:00Z');

type Staff = StaffContent & { news: (StaffContent['news'][number] & { bodyHtml: Record<string, string> })[] };

describeEachDatabase(
  'the club edits its own content',
  (get) => {
    let staff: TestMember;
    let other: TestMember;
    let member: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Laia', apellidos: 'Ferrer' });
      other = await createTestMember(get(), { staff: true, nombre: 'Pau', apellidos: 'Soler' });
      member = await createTestMember(get());
    });

    const upload = (body: Buffer, type: string, token = staff.token) =>
      get().app.inject({
        method: 'POST',
        url: '/api/admin/photos/',
        headers: { authorization: `Token ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': type },
        payload: body,
      });
    const staffCopy = async () => (await apiClient(get().app).get('/api/admin/content/', staff.token)).json<Staff>();
    const countPhotos = async () => {
      const { db } = get();
      const photos = await db.kysely.selectFrom('photos').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const files = await db.kysely.selectFrom('photo_files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return [Number(photos.n), Number(files.n)];
    };

    it('starts from what the settings and translations held, for anyone to read', async () => {
      const answer = await apiClient(get().app).get('/api/content/');
      expect(answer.statusCode).toBe(200);
      const content = answer.json<Content>();
      expect(content.fees).toEqual(initialContent.fees);
      expect(content.fees.find((fee) => fee.id === 'regular-class-pack')).toMatchObject({ priceCents: 20000, name: { en: 'Pack of 5 classes' } });
      expect(content.team.map((m) => m.slug)).toEqual(['marta-ribas', 'jordi-puig', 'elena-navarro', 'sergio-ortega']);
      expect(content.gallery).toHaveLength(8);
      expect(content.partners[0]).toMatchObject({ id: 'olympic-federation', url: 'https://example.org/olympic-shooting-federation' });
      expect(content.photos['team-marta-ribas']).toEqual({ width: 640, height: 800, widths: [320, 640], formats: ['webp'], base: '/images/team/marta-ribas' });
      // The bio is Markdown; pages get it rendered too.
      expect((content.team[0] as unknown as { bioHtml: { en: string } }).bioHtml.en).toContain('<h2>Career</h2>');
      expect(content.version).toBeGreaterThan(0);
    });

    it('lets only staff edit', async () => {
      const api = apiClient(get().app);
      const body = { items: initialContent.fees, version: 1 };
      expect((await api.put('/api/admin/content/fees/', body)).statusCode).toBe(401);
      expect((await api.put('/api/admin/content/fees/', body, member.token)).statusCode).toBe(403);
      expect((await api.get('/api/admin/content/', member.token)).statusCode).toBe(403);
      expect((await upload(file('photo.png'), 'image/png', member.token)).statusCode).toBe(403);
    });

    it('saves a fee, keeps who and when, refuses an older copy with what changed, and restores', async () => {
      const api = apiClient(get().app);
      const start = await staffCopy();
      const fees = start.fees.map((fee) => (fee.id === 'regular-class-single' ? { ...fee, priceCents: 4750 } : fee));
      const saved = await api.put('/api/admin/content/fees/', { items: fees, version: start.version }, staff.token);
      expect(saved.statusCode, saved.body).toBe(200);
      const after = saved.json<Staff>();
      expect(after.version).toBeGreaterThan(start.version);
      expect(after.changes.fees).toMatchObject({ changedBy: 'Ferrer, Laia', version: after.version });
      // A visitor sees it at once (no restart: the answer is read for the new version).
      const visitor = (await api.get('/api/content/')).json<Content>();
      expect(visitor.fees.find((fee) => fee.id === 'regular-class-single')?.priceCents).toBe(4750);

      // Pau saves from the copy read before Laia's change: refused, and shown what she saved.
      const stale = start.fees.map((fee) => (fee.id === 'regular-class-single' ? { ...fee, priceCents: 9900 } : fee));
      const refused = await api.put('/api/admin/content/fees/', { items: stale, version: start.version }, other.token);
      expect(refused.statusCode).toBe(409);
      const conflict = refused.json<ContentConflict>();
      expect(conflict).toMatchObject({ errorCode: 'CONTENT_CONFLICT', section: 'fees', changedBy: 'Ferrer, Laia', version: after.version });
      expect((conflict.theirs as { id: string; priceCents: number }[]).find((fee) => fee.id === 'regular-class-single')?.priceCents).toBe(4750);
      expect((await api.get('/api/content/')).json<Content>().fees.find((fee) => fee.id === 'regular-class-single')?.priceCents).toBe(4750);
      // Another section read at the old version still saves: only the same section conflicts.
      const partners = await api.put('/api/admin/content/partners/', { items: start.partners, version: start.version }, other.token);
      expect(partners.statusCode, partners.body).toBe(200);

      // The history holds every version with who and when; the first one comes back.
      const history = (await api.get('/api/admin/content/fees/history/', staff.token)).json<ContentRevision[]>();
      expect(history.map((revision) => revision.changedBy)).toEqual(['Ferrer, Laia', null]);
      const first = history[1]!;
      const latest = (await staffCopy()).version;
      const restored = await api.post(`/api/admin/content/fees/history/${first.id}/restore/`, { version: latest }, other.token);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<Staff>().fees).toEqual(initialContent.fees);
      const again = (await api.get('/api/admin/content/fees/history/', staff.token)).json<ContentRevision[]>();
      expect(again[0]).toMatchObject({ changedBy: 'Soler, Pau' });
      expect(again).toHaveLength(3);
    });

    it('refuses what breaks the bounds: a javascript: link, an unknown photo, a text missing in every language', async () => {
      const api = apiClient(get().app);
      const { version, partners, gallery, fees } = await staffCopy();
      const link = await api.put('/api/admin/content/partners/', { items: [{ ...partners[0], url: 'javascript:alert(1)' }], version }, staff.token);
      expect(link.statusCode).toBe(400);
      expect(link.json().fields).toEqual({ 'items.0.url': ['pattern'] });
      const photo = await api.put('/api/admin/content/gallery/', { items: [{ ...gallery[0], photoId: 'no-such-photo' }], version }, staff.token);
      expect(photo.statusCode).toBe(400);
      expect(photo.json().fields).toEqual({ 'items.0.photoId': ['unknown'] });
      const empty = await api.put('/api/admin/content/fees/', { items: [{ ...fees[0], name: { es: '', ca: ' ', en: '' } }], version }, staff.token);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ 'items.0.name': ['required'] });
    });

    it('keeps a phone photo upright in three formats, without its location or camera', async () => {
      const original = file('phone-rotated-gps.jpg');
      // The file as exiftool wrote it: sideways with orientation 6, GPS and camera in EXIF.
      const source = await sharp(original).metadata();
      expect([source.width, source.height, source.orientation]).toEqual([1600, 1200, 6]);
      expect(original.includes(Buffer.from('iPhone 13'))).toBe(true);

      const answer = await upload(original, 'image/jpeg');
      expect(answer.statusCode, answer.body).toBe(201);
      const { photoId, width, height } = answer.json<{ photoId: string; width: number; height: number }>();
      expect([width, height]).toEqual([1200, 1600]);
      for (const [w, format, type] of [
        [320, 'avif', 'image/avif'],
        [960, 'webp', 'image/webp'],
        [1200, 'jpg', 'image/jpeg'],
      ] as const) {
        const served = await get().app.inject({ method: 'GET', url: `/photos/${photoId}-${w}.${format}` });
        expect(served.statusCode, `${w}.${format}`).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([w, Math.round((w * 4) / 3)]);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('iPhone'))).toBe(false);
        expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
        // Upright: the photo's left half (red) is now on top, its right half (blue) below.
        const { data, info } = await sharp(served.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
        const top = at(Math.floor(info.width / 2), Math.floor(info.height / 8));
        const bottom = at(Math.floor(info.width / 2), Math.floor((info.height * 7) / 8));
        expect(top[0]).toBeGreaterThan(150);
        expect(top[2]).toBeLessThan(80);
        expect(bottom[2]).toBeGreaterThan(150);
        expect(bottom[0]).toBeLessThan(80);
      }
      // Never wider than the photo: no 1280 or 1920 copy of a 1200-pixel-wide photo.
      expect((await get().app.inject({ method: 'GET', url: `/photos/${photoId}-1920.jpg` })).statusCode).toBe(404);
      // PNG and WebP come in too; the gallery takes the new photo and pages learn its sizes.
      const png = await upload(file('photo.png'), 'image/png');
      expect(png.statusCode, png.body).toBe(201);
      const webp = await upload(file('photo.webp'), 'image/webp');
      expect(webp.json()).toMatchObject({ width: 500, height: 375 });
      const copy = await staffCopy();
      const gallery = [...copy.gallery, { photoId, caption: { es: 'Tirada', ca: '', en: '' }, order: 99 }];
      const saved = await apiClient(get().app).put('/api/admin/content/gallery/', { items: gallery, version: copy.version }, staff.token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Staff>().photos[photoId]).toEqual({ width: 1200, height: 1600, widths: [320, 640, 960, 1200], formats: ['avif', 'webp', 'jpg'], base: `/photos/${photoId}` });
    }, 180_000);

    it('refuses HEIC, files that are not images and image bombs, storing nothing', async () => {
      const before = await countPhotos();
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(64)]);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      const truncated = file('phone-rotated-gps.jpg').subarray(0, 40_000);
      const huge = pngHeader(60_000, 60_000);
      // 6000 × 6000 of one colour: 108 MB decoded from a file of about a tenth of a megabyte.
      const flat = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
      // A real HEIC that libheif's encoder wrote (files/make-files.sh): HEVC-coded, as sharp reads its header.
      const realHeic = file('phone.heic');
      expect(await sharp(realHeic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 400, height: 300 });
      const cases = [
        [heic, 'image/heic', /HEIC/],
        [realHeic, 'image/heic', /HEIC photos .* cannot be converted here: choose JPEG/],
        [realHeic, 'application/octet-stream', /HEIC/],
        [pdf, 'application/pdf', /not an image/],
        [Buffer.from('hello, I am text'), 'text/plain', /not an image/],
        [svg, 'image/svg+xml', /Only JPEG, PNG and WebP|not an image/],
        [truncated, 'image/jpeg', /could not be read/],
        [huge, 'image/png', /too large/],
        [flat, 'image/png', /unpacks to far more/],
      ] as const;
      for (const [body, type, message] of cases) {
        const answer = await upload(body, type);
        expect(answer.statusCode, `${type}: ${answer.body}`).toBe(400);
        expect(answer.json()).toMatchObject({ errorCode: 'BAD_PHOTO' });
        expect(answer.json().message).toMatch(message);
      }
      expect(await countPhotos()).toEqual(before);
    }, 180_000);

    it('publishes news at their time through the queue, in an Atom feed a feed reader reads', async () => {
      const t = get();
      t.clock.set(NOW);
      const api = apiClient(t.app);
      const copy = await staffCopy();
      const news = [
        {
          id: 'open-day',
          title: { es: 'Jornada de puertas abiertas', ca: 'Jornada de portes obertes', en: 'Open day' },
          body: { es: 'Ven a **probar**. [Más](https://example.org/open)', ca: 'Vine a **provar**.', en: '' },
          publishAt: '2025-06-19T08:00:00.000Z',
          pinned: false,
        },
        {
          id: 'summer-match',
          title: { es: 'Tirada de verano', ca: 'Tirada d’estiu', en: 'Summer match' },
          body: { es: 'Inscripciones abiertas.', ca: 'Inscripcions obertes.', en: 'Entries open.' },
          publishAt: '2025-06-20T12:00:00.000Z',
          pinned: true,
        },
      ];
      const saved = await api.put('/api/admin/content/news/', { items: news, version: copy.version }, staff.token);
      expect(saved.statusCode, saved.body).toBe(200);
      const versionAfterSave = saved.json<Staff>().version;
      expect((await api.get('/api/content/')).json<Content>().news.map((item) => item.id)).toEqual(['open-day']);
      const jobs = await t.db.kysely.selectFrom('jobs').select(['run_at', 'status']).where('job_key', '=', 'content-publish:summer-match').execute();
      expect(jobs).toEqual([{ run_at: '2025-06-20T12:00:00.000Z', status: 'pending' }]);

      // Its time comes: the worker raises the content version and the item is public, pinned first.
      t.clock.set(new Date('2025-06-20T12:00:05Z'));
      t.app.ctx.jobs.kick();
      await expect
        .poll(async () => (await t.db.kysely.selectFrom('settings').select('value').where('key', '=', 'content_version').executeTakeFirstOrThrow()).value, { timeout: 5000 })
        .toBe(String(versionAfterSave + 1));
      expect((await api.get('/api/content/')).json<Content>().news.map((item) => item.id)).toEqual(['summer-match', 'open-day']);

      const atom = await api.get('/api/news.atom');
      expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const feed = await new Parser().parseString(atom.body);
      expect(feed.title).toBe('Club de Tiro Serra Alta');
      expect(feed.items).toHaveLength(6);
      const links = feed.items.map((item) => item.link);
      expect(links).toContain('http://club.test/news/open-day/ca');
      expect(links).toContain('http://club.test/news/summer-match/en');
      const openEn = feed.items.find((item) => item.link === 'http://club.test/news/open-day/en');
      // English is missing: the entry carries the club's language rather than nothing.
      expect(openEn?.title).toBe('Open day');
      expect(openEn?.content).toContain('<strong>probar</strong>');
      expect(openEn?.content).toContain('rel="noopener noreferrer"');
      t.clock.set(NOW);
    });
  },
  { now: NOW },
);

/** A PNG that declares `width` × `height` pixels but holds only a few bytes of data. */
function pngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
