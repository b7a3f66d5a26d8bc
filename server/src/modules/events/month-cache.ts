import type { AppContext } from '../../context.ts';

interface Entry {
  version: string;
  body: string;
}

const MAX_MONTHS = 24;
const caches = new WeakMap<AppContext, Map<string, Entry>>();

/** The database's events version: moved by triggers on every write to events or registrations. */
async function eventsVersion(ctx: AppContext): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'events_version')
    .executeTakeFirst();
  return row?.value ?? '';
}

/**
 * The public month as JSON text, rendered once per change of the events version. The same for
 * every anonymous caller, it is the calendar's most frequent call; the version lives in the
 * database, so an answer is never older than the last write of any server process.
 */
export async function publicMonthBody(ctx: AppContext, key: string, render: () => Promise<unknown>): Promise<string> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  const version = await eventsVersion(ctx);
  const hit = cache.get(key);
  if (hit && hit.version === version && version !== '') return hit.body;
  const body = JSON.stringify(await render());
  if (cache.size >= MAX_MONTHS) cache.clear();
  cache.set(key, { version, body });
  return body;
}
