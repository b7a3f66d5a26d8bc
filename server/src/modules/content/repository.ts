import type { Selectable } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { raiseCounter } from '../../db/versions.ts';
import type { ContentSectionsTable, PhotosTable } from '../../db/schema.ts';
import type { ContentSection } from '@club/contract/content';

export type SectionRow = Selectable<ContentSectionsTable>;
export type PhotoRow = Selectable<PhotosTable>;

export function readSections(db: Executor): Promise<SectionRow[]> {
  return db.selectFrom('content_sections').selectAll().execute();
}

export function readSection(db: Executor, section: ContentSection): Promise<SectionRow | undefined> {
  return db.selectFrom('content_sections').selectAll().where('section', '=', section).executeTakeFirst();
}

/** Raises the content version (every process's pages redraw) and answers the new value. */
export const raiseContentVersion = (db: Executor): Promise<number> => raiseCounter(db, 'content_version');

export async function writeSection(
  db: Executor,
  change: { id: string; section: ContentSection; items: string; version: number; changedAt: string; changedBy: string; changedById: string },
): Promise<void> {
  await db
    .updateTable('content_sections')
    .set({ items: change.items, version: change.version, changed_at: change.changedAt, changed_by: change.changedBy, changed_by_id: change.changedById })
    .where('section', '=', change.section)
    .execute();
  await db
    .insertInto('content_history')
    .values({
      id: change.id,
      section: change.section,
      items: change.items,
      version: change.version,
      changed_at: change.changedAt,
      changed_by: change.changedBy,
      changed_by_id: change.changedById,
    })
    .execute();
}

export function readHistory(db: Executor, section: ContentSection, limit: number) {
  return db
    .selectFrom('content_history')
    .selectAll()
    .where('section', '=', section)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
}

export function readRevision(db: Executor, section: ContentSection, id: string) {
  return db.selectFrom('content_history').selectAll().where('section', '=', section).where('id', '=', id).executeTakeFirst();
}

export function readPhotos(db: Executor, ids: readonly string[]): Promise<PhotoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('photos').selectAll().where('id', 'in', ids).execute();
}

export async function insertPhoto(
  db: Executor,
  photo: Omit<PhotoRow, 'widths' | 'formats'> & { widths: number[]; formats: string[] },
  files: { width: number; format: string; data: Buffer }[],
): Promise<void> {
  await db
    .insertInto('photos')
    .values({ ...photo, widths: JSON.stringify(photo.widths), formats: JSON.stringify(photo.formats) })
    .execute();
  for (const file of files) {
    await db.insertInto('photo_files').values({ photo_id: photo.id, width: file.width, format: file.format, data: file.data }).execute();
  }
}

export function readPhotoFile(db: Executor, id: string, width: number, format: string) {
  return db
    .selectFrom('photo_files')
    .select('data')
    .where('photo_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
}

/** The content changes a member made, oldest first (their export). */
export function listChangesBy(db: Executor, memberId: string) {
  return db
    .selectFrom('content_history')
    .select(['section', 'version', 'changed_at', 'changed_by'])
    .where('changed_by_id', '=', memberId)
    .orderBy('version')
    .execute();
}

/** The photos a member uploaded, oldest first (their export). */
export function listPhotosBy(db: Executor, memberId: string) {
  return db
    .selectFrom('photos')
    .select(['id', 'width', 'height', 'created_at', 'created_by'])
    .where('created_by_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * A deleted member's name and id leave every change and upload they made: the content and its
 * history stay whole, recorded as by a former staff member (no name, no id, a time).
 */
export async function forgetStaffMember(db: Executor, memberId: string): Promise<void> {
  const [sections] = await db
    .updateTable('content_sections')
    .set({ changed_by: null, changed_by_id: null })
    .where('changed_by_id', '=', memberId)
    .execute();
  // Every process keeps the staff copy (with each section's last change) per content version:
  // a new version makes them read the change without the name.
  if (Number(sections?.numUpdatedRows ?? 0) > 0) await raiseContentVersion(db);
  await db.updateTable('content_history').set({ changed_by: null, changed_by_id: null }).where('changed_by_id', '=', memberId).execute();
  await db.updateTable('photos').set({ created_by: null, created_by_id: null }).where('created_by_id', '=', memberId).execute();
}
