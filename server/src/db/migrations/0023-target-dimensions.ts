import type { Kysely } from 'kysely';

/**
 * The club's measured target sizes (card, zones, head, popper, mini popper) as one JSON object
 * on the settings row; null while the approximate defaults of the contract stand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('club_settings').addColumn('target_dimensions', 'text').execute();
}
