import { CONTENT_SECTIONS } from '@club/contract/content';
import { publishedNews } from '@club/contract/content-view';
import type { Content, ContentConflict, ContentRevision, ContentSection, NewsItem, PhotoInfo, SectionItems, StaffContent } from '@club/contract/content';
import type { LocalizedText } from '@club/contract/content-view';
import type { Db } from '../../db/database.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/transaction.ts';
import { cancelPendingJobs, enqueueJob } from '../../jobs/queue.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { renderMarkdown } from '@club/contract/markdown';
import { processPhoto, PHOTO_FORMATS } from './photos.ts';
import {
  insertPhoto,
  raiseContentVersion,
  readHistory,
  readPhotos,
  readRevision,
  readSection,
  readSections,
  writeSection,
} from './repository.ts';
import type { SectionRow } from './repository.ts';

/** The staff member a change is recorded under: their id (export, deletion) and their name as it is now. */
export interface StaffMember {
  id: string;
  name: string;
}

export const staffOf = (user: { uuid: string; fullName: string }): StaffMember => ({ id: user.uuid, name: user.fullName });

/** The job that raises the content version when a news item's publish time comes. */
export const NEWS_PUBLISH_JOB = 'content-publish';

/** Team members and news items carry their Markdown rendered (sanitised) for pages to show. */
export type RenderedContent = Omit<Content, 'team' | 'news'> & {
  team: (Content['team'][number] & { bioHtml: LocalizedText })[];
  news: (NewsItem & { bodyHtml: LocalizedText })[];
};

const renderAll = (text: LocalizedText): LocalizedText => ({
  es: text.es ? renderMarkdown(text.es) : '',
  ca: text.ca ? renderMarkdown(text.ca) : '',
  en: text.en ? renderMarkdown(text.en) : '',
});

interface Whole {
  content: RenderedContent;
  changes: StaffContent['changes'];
}

/** Every section as stored, with the photos they name and the Markdown rendered. */
async function readWhole(db: Executor, version: number): Promise<Whole> {
  const rows = await readSections(db);
  const items = Object.fromEntries(rows.map((row) => [row.section, JSON.parse(row.items) as unknown[]])) as unknown as SectionItems;
  for (const section of CONTENT_SECTIONS) items[section] ??= [] as never;
  const photoIds = new Set<string>();
  for (const member of items.team) if (member.photoId) photoIds.add(member.photoId);
  for (const picture of items.gallery) photoIds.add(picture.photoId);
  for (const partner of items.partners) if (partner.logoId) photoIds.add(partner.logoId);
  const photos: Record<string, PhotoInfo> = {};
  for (const row of await readPhotos(db, [...photoIds])) photos[row.id] = photoInfoOf(row);
  return {
    content: {
      ...items,
      team: items.team.map((member) => ({ ...member, bioHtml: renderAll(member.bio) })),
      news: items.news.map((item) => ({ ...item, bodyHtml: renderAll(item.body) })),
      photos,
      version,
    },
    changes: Object.fromEntries(
      rows.map((row) => [row.section, { version: row.version, changedAt: row.changed_at, changedBy: row.changed_by }]),
    ),
  };
}

function photoInfoOf(row: { width: number; height: number; widths: string; formats: string; base: string }): PhotoInfo {
  return {
    width: row.width,
    height: row.height,
    widths: JSON.parse(row.widths) as number[],
    formats: JSON.parse(row.formats) as PhotoInfo['formats'],
    base: row.base,
  };
}

/**
 * Reads content for a content version, keeping the last one read: the version is read per
 * request (request.versions()), so a process answers from memory only while nothing changed.
 */
export function createContentReader(db: Db) {
  let kept: { version: string; whole: Promise<Whole> } | undefined;
  return (version: string): Promise<Whole> => {
    if (kept && version !== '' && kept.version === version) return kept.whole;
    const whole = readWhole(db.kysely, Number(version) || 0);
    if (version !== '') kept = { version, whole };
    whole.catch(() => {
      if (kept?.whole === whole) kept = undefined;
    });
    return whole;
  };
}

/** What visitors see at `now`: only news whose time has come. */
export function publicContent(whole: Whole, now: Date): RenderedContent {
  const byId = new Map(whole.content.news.map((item) => [item.id, item]));
  return { ...whole.content, news: publishedNews(whole.content.news, now).map((item) => byId.get(item.id)!) };
}

export function staffContent(whole: Whole): RenderedContent & { changes: StaffContent['changes'] } {
  return { ...whole.content, changes: whole.changes };
}

function conflictOf(section: ContentSection, row: SectionRow): ContentConflict {
  return {
    errorCode: 'CONTENT_CONFLICT',
    message: `The ${section} were changed by someone else since this copy was read.`,
    section,
    version: row.version,
    changedAt: row.changed_at,
    changedBy: row.changed_by,
    theirs: JSON.parse(row.items) as unknown[],
  };
}

export class ContentConflictError extends Error {
  constructor(readonly body: ContentConflict) {
    super(body.message);
  }
}

/** Photo ids a section names that are not photos we hold: refused as a field error. */
async function checkPhotos(db: Executor, section: ContentSection, items: SectionItems[ContentSection]): Promise<void> {
  const named: { path: string; id: string }[] = [];
  (items as unknown[]).forEach((item, index) => {
    const value = item as { photoId?: string | null; logoId?: string | null };
    const field = section === 'partners' ? 'logoId' : 'photoId';
    const id = section === 'partners' ? value.logoId : value.photoId;
    if (id) named.push({ path: `items.${index}.${field}`, id });
  });
  if (named.length === 0) return;
  const known = new Set((await readPhotos(db, [...new Set(named.map((n) => n.id))])).map((row) => row.id));
  const unknown = named.filter((n) => !known.has(n.id));
  if (unknown.length > 0) {
    throw new ApiError('VALIDATION_ERROR', 'A photo the list names does not exist.', Object.fromEntries(unknown.map((n) => [n.path, ['unknown']])));
  }
}

/** News to come get a job at their time, which raises the content version (pages redraw). */
async function planPublishing(trx: Executor, before: NewsItem[], after: NewsItem[], now: Date): Promise<void> {
  for (const item of [...before, ...after]) await cancelPendingJobs(trx, `${NEWS_PUBLISH_JOB}:${item.id}`);
  for (const item of after) {
    const at = new Date(item.publishAt);
    if (at.getTime() > now.getTime()) {
      await enqueueJob(trx, { kind: NEWS_PUBLISH_JOB, key: `${NEWS_PUBLISH_JOB}:${item.id}`, payload: { id: item.id }, runAt: at, now });
    }
  }
}

/**
 * Saves a section's whole list, read at content version `basedOn`: refused with what the server
 * holds when someone saved that section since. Every save is kept in the history.
 */
export async function saveSection<S extends ContentSection>(
  db: Db,
  section: S,
  items: SectionItems[S],
  basedOn: number,
  by: StaffMember,
  now: Date,
): Promise<number> {
  return withWriteTransaction(db, async (trx) => {
    const row = await readSection(trx, section);
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.version > basedOn) throw new ContentConflictError(conflictOf(section, row));
    await checkPhotos(trx, section, items);
    const version = await raiseContentVersion(trx);
    await writeSection(trx, { id: newId(), section, items: JSON.stringify(items), version, changedAt: isoOf(now), changedBy: by.name, changedById: by.id });
    if (section === 'news') await planPublishing(trx, JSON.parse(row.items) as NewsItem[], items as NewsItem[], now);
    return version;
  });
}

export async function sectionHistory(db: Db, section: ContentSection): Promise<ContentRevision[]> {
  const rows = await readHistory(db.kysely, section, 50);
  return rows.map((row) => ({
    id: row.id,
    section,
    version: row.version,
    changedAt: row.changed_at,
    changedBy: row.changed_by,
    items: JSON.parse(row.items) as unknown[],
  }));
}

/** Puts a kept version back as a new change (itself kept), with the same conflict check as a save. */
export async function restoreRevision(db: Db, section: ContentSection, id: string, basedOn: number, by: StaffMember, now: Date): Promise<number> {
  const revision = await readRevision(db.kysely, section, id);
  if (!revision) throw new ApiError('NOT_FOUND');
  return saveSection(db, section, JSON.parse(revision.items) as SectionItems[typeof section], basedOn, by, now);
}

/** Raises the content version when a news item's time comes (run by the durable queue). */
export async function publishDue(db: Db): Promise<void> {
  await withWriteTransaction(db, (trx) => raiseContentVersion(trx));
}

/** Processes an upload and keeps its copies; nothing is stored when it is refused. */
export async function uploadPhoto(db: Db, input: Buffer, by: StaffMember, now: Date) {
  const processed = await processPhoto(input);
  const id = newId();
  await withWriteTransaction(db, (trx) =>
    insertPhoto(
      trx,
      {
        id,
        width: processed.width,
        height: processed.height,
        widths: processed.widths,
        formats: [...PHOTO_FORMATS],
        base: `/photos/${id}`,
        bytes: processed.files.reduce((sum, file) => sum + file.data.length, 0),
        created_at: isoOf(now),
        created_by: by.name,
        created_by_id: by.id,
      },
      processed.files,
    ),
  );
  return { photoId: id, width: processed.width, height: processed.height };
}
