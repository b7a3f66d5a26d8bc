import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import { forgetStaffMember, listChangesBy, listPhotosBy } from './repository.ts';

/**
 * What the content module does for the members module. A staff member's changes of the club's
 * content and their uploads keep their name and id: the export carries them. Deleting the account
 * takes the name and id off those rows; the content, its history and the photos stay, recorded as
 * by a former staff member.
 */
export function contentHooks(hooks: Hooks): void {
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    contentChanges: (await listChangesBy(db, member.id)).map((row) => ({
      section: row.section,
      version: row.version,
      changedAt: row.changed_at,
      name: row.changed_by,
    })),
    photosUploaded: (await listPhotosBy(db, member.id)).map((row) => ({
      photoId: row.id,
      width: row.width,
      height: row.height,
      createdAt: row.created_at,
      name: row.created_by,
    })),
  }));
  hooks.on(MEMBER_DELETED, async (_ctx, trx, { member }) => forgetStaffMember(trx, member.id));
}
