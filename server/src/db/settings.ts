import type { Executor } from './transaction.ts';

/**
 * Writes a setting once: true when this call wrote it, false when it was there already (another
 * process or an earlier start claimed it first).
 */
export async function claimSetting(db: Executor, key: string, value: string): Promise<boolean> {
  const claim = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claim !== undefined;
}

/** A setting's value, or undefined when it is not there. */
export async function readSetting(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
