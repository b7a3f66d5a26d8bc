import type { AppContext } from '../../context.ts';
import { readVersions } from '../../db/versions.ts';

/** The database's events version: moved by triggers on every write the event answers show. */
export async function eventsVersion(ctx: AppContext): Promise<string> {
  return (await readVersions(ctx.db.kysely)).events;
}

interface Entry {
  version: string;
  body: string;
}

const caches = new WeakMap<AppContext, Map<string, Map<string, Entry>>>();

function cacheOf(ctx: AppContext, name: string): Map<string, Entry> {
  let byName = caches.get(ctx);
  if (!byName) {
    byName = new Map();
    caches.set(ctx, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new Map();
    byName.set(name, cache);
  }
  return cache;
}

/**
 * Text rendered once per change of the events version and kept in this process for the next
 * callers. The version lives in the database, so an answer is never older than the last write
 * of any server process. At most `limit` keys are kept per cache; the oldest go first.
 */
export async function renderedByEventsVersion(
  ctx: AppContext,
  cacheName: string,
  limit: number,
  key: string,
  render: () => Promise<string>,
): Promise<string> {
  const cache = cacheOf(ctx, cacheName);
  // The version is read before the rows: rows read after it are at least as new as it says.
  const version = await eventsVersion(ctx);
  const hit = cache.get(key);
  if (hit && hit.version === version && version !== '') return hit.body;
  const body = await render();
  cache.delete(key);
  if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
  cache.set(key, { version, body });
  return body;
}
