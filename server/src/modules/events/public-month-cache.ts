import type { AppContext } from '../../context.ts';

interface Entry {
  version: string;
  body: string;
}

/** A named cache of renderings, each kept until the events version moves. */
interface VersionedCache {
  limit: number;
  entries: Map<string, Entry>;
}

const caches = new WeakMap<AppContext, Map<string, VersionedCache>>();

/** The database's events version: moved by triggers on every write to events or registrations. */
export async function eventsVersion(ctx: AppContext): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'events_version')
    .executeTakeFirst();
  return row?.value ?? '';
}

function cacheOf(ctx: AppContext, name: string, limit: number): VersionedCache {
  let byName = caches.get(ctx);
  if (!byName) {
    byName = new Map();
    caches.set(ctx, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = { limit, entries: new Map() };
    byName.set(name, cache);
  }
  return cache;
}

/**
 * Text rendered once per change of the events version and kept in this process for the next
 * callers. The version lives in the database, so an answer is never older than the last write
 * of any server process. At most `limit` keys are kept; the oldest go first.
 */
export async function renderedByEventsVersion(
  ctx: AppContext,
  cacheName: string,
  limit: number,
  key: string,
  render: () => Promise<string>,
): Promise<string> {
  const cache = cacheOf(ctx, cacheName, limit);
  const version = await eventsVersion(ctx);
  const hit = cache.entries.get(key);
  if (hit && hit.version === version && version !== '') return hit.body;
  const body = await render();
  cache.entries.delete(key);
  if (cache.entries.size >= cache.limit) cache.entries.delete(cache.entries.keys().next().value as string);
  cache.entries.set(key, { version, body });
  return body;
}

const MAX_MONTHS = 24;

/**
 * The public month as JSON text, rendered once per change of the events version. The same for
 * every anonymous caller, it is the calendar's most frequent call.
 */
export async function publicMonthBody(
  ctx: AppContext,
  key: string,
  render: () => Promise<unknown>,
): Promise<string> {
  return renderedByEventsVersion(ctx, 'public-month', MAX_MONTHS, key, async () =>
    JSON.stringify(await render()),
  );
}
