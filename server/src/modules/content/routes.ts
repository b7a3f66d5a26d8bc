import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_LIMITS, CONTENT_SECTIONS, SECTION_SCHEMAS, localizedTextSchema } from '@club/contract/content';
import type { ContentSection, SectionItems } from '@club/contract/content';
import { staffOnly } from '../../plugins/auth.ts';
import { ApiError } from '../../lib/api-error.ts';
import { readVersions } from '../../db/versions.ts';
import { newsAtom } from './atom.ts';
import { renderMarkdown } from '@club/contract/markdown';
import { PHOTO_TYPES } from './photos.ts';
import type { PhotoFormat } from './photos.ts';
import { readPhotoFile } from './repository.ts';
import { contentReaderOf } from './reader.ts';
import {
  ContentConflictError,
  NEWS_PUBLISH_JOB,
  publicContent,
  publishDue,
  restoreRevision,
  saveSection,
  sectionHistory,
  staffContent,
  staffOf,
  uploadPhoto,
} from './service.ts';

const sectionParams = z.object({ section: z.enum(CONTENT_SECTIONS) });
const revisionParams = z.object({ section: z.enum(CONTENT_SECTIONS), id: z.uuid() });
const sectionBody = z.object({ items: z.array(z.unknown()), version: z.int().min(0) });
const restoreBody = z.object({ version: z.int().min(0) });
const previewBody = z.object({ text: localizedTextSchema });
const PHOTO_FILE = /^([A-Za-z0-9-]{1,64})-(\d{1,5})\.(avif|webp|jpg)$/;

/** The club's own content (API.md "Calls of the third round"): anyone reads, staff edit. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, jobs } = app.ctx;
  const read = contentReaderOf(app);
  const current = async (request: { versions(): Promise<{ content: string }> }) => read((await request.versions()).content);

  jobs.handle(NEWS_PUBLISH_JOB, () => publishDue(db));

  app.get('/api/content/', async (request) => publicContent(await current(request), clock.now()));

  app.get('/api/news.atom', async (request, reply) => {
    const xml = newsAtom((await current(request)).content, config.publicUrl, clock.now());
    return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  app.get('/api/admin/content/', { ...staffOnly }, async (request) => staffContent(await current(request)));

  app.put<{ Params: { section: ContentSection }; Body: z.infer<typeof sectionBody> }>(
    '/api/admin/content/:section/',
    { ...staffOnly, bodyLimit: 512 * 1024, schema: { params: sectionParams, body: sectionBody } },
    async (request, reply) => {
      const { user } = await request.requireStaff();
      const { section } = request.params;
      // The section's own schema, so field errors carry the path under `items`.
      const items = z.object({ items: SECTION_SCHEMAS[section] }).parse({ items: request.body.items }).items;
      try {
        await saveSection(db, section, items as SectionItems[typeof section], request.body.version, staffOf(user), clock.now());
      } catch (err) {
        if (err instanceof ContentConflictError) return reply.code(409).send(err.body);
        throw err;
      }
      const fresh = await read((await readVersionNow(app)).content);
      return staffContent(fresh);
    },
  );

  app.get<{ Params: { section: ContentSection } }>(
    '/api/admin/content/:section/history/',
    { ...staffOnly, schema: { params: sectionParams } },
    async (request) => sectionHistory(db, request.params.section),
  );

  app.post<{ Params: { section: ContentSection; id: string }; Body: z.infer<typeof restoreBody> }>(
    '/api/admin/content/:section/history/:id/restore/',
    { ...staffOnly, schema: { params: revisionParams, body: restoreBody } },
    async (request, reply) => {
      const { user } = await request.requireStaff();
      try {
        await restoreRevision(db, request.params.section, request.params.id, request.body.version, staffOf(user), clock.now());
      } catch (err) {
        if (err instanceof ContentConflictError) return reply.code(409).send(err.body);
        throw err;
      }
      return staffContent(await read((await readVersionNow(app)).content));
    },
  );

  // The preview shows Markdown exactly as visitors will get it: rendered and sanitised here.
  app.post<{ Body: z.infer<typeof previewBody> }>(
    '/api/admin/content/preview/',
    { ...staffOnly, schema: { body: previewBody } },
    async (request) => Object.fromEntries(Object.entries(request.body.text).map(([language, text]) => [language, text ? renderMarkdown(text) : ''])),
  );

  // Photos travel as the file itself (its own content type), up to 15 MB; the pipeline reads
  // what the bytes are, whatever the type says.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CONTENT_LIMITS.photoBytesMax }, (_request, body, done) => done(null, body));
  app.post(
    '/api/admin/photos/',
    { ...staffOnly, bodyLimit: CONTENT_LIMITS.photoBytesMax },
    async (request, reply) => {
      const { user } = await request.requireStaff();
      // A text type reaches us already read as text: it is still checked as bytes (and refused).
      const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
      if (!Buffer.isBuffer(body)) throw new ApiError('BAD_PHOTO', 'The file is not an image: send a JPEG, PNG or WebP photo.');
      return reply.code(201).send(await uploadPhoto(db, body, staffOf(user), clock.now()));
    },
  );

  app.get<{ Params: { file: string } }>('/photos/:file', async (request, reply) => {
    const match = PHOTO_FILE.exec(request.params.file);
    if (!match) throw new ApiError('NOT_FOUND');
    const [, id, width, format] = match;
    const file = await readPhotoFile(db.kysely, id, Number(width), format);
    if (!file) throw new ApiError('NOT_FOUND');
    return reply
      .type(PHOTO_TYPES[format as PhotoFormat])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.data));
  });
}

/** The counters as they are now (after a write of this request): a fresh read, not the request's kept one. */
function readVersionNow(app: FastifyInstance) {
  return readVersions(app.ctx.db.kysely);
}
