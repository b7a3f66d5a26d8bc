import type { AppContext } from '../../context.ts';
import type { Viewer } from './listing.ts';
import { getEvent } from './listing.ts';

/**
 * Staff's view of one event (GET /api/events/{uuid}/) as JSON text, kept until the events version
 * moves. It carries every participant with contact fields (two hundred for a club's big day), so
 * drawing it costs a read of them all and a serialisation; staff open the same event again and
 * again while they check people in, and every change that shows in it (the event, a
 * registration, the waiting list, a member's fields) moves the version, from any process
 * (migrations 0002, 0003, 0007). Kept per event and staff member: the view marks the caller's
 * own place on the waiting list.
 */
interface Kept {
  version: string;
  body: Buffer;
}

const MAX_KEPT = 200;
const kept = new WeakMap<AppContext, Map<string, Kept>>();

export async function staffEventBody(
  ctx: AppContext,
  id: string,
  viewer: Exclude<Viewer, null>,
  version: string,
): Promise<Buffer> {
  let cache = kept.get(ctx);
  if (!cache) {
    cache = new Map();
    kept.set(ctx, cache);
  }
  const key = `${id} ${viewer.memberId}`;
  const hit = cache.get(key);
  if (hit && hit.version === version && version !== '') {
    // Most recently used last, so the oldest goes first when the map is full.
    cache.delete(key);
    cache.set(key, hit);
    return hit.body;
  }
  // The version was read before the rows (by the caller): rows are at least as new as it says.
  const body = Buffer.from(JSON.stringify(await getEvent(ctx, id, viewer)));
  cache.delete(key);
  if (cache.size >= MAX_KEPT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { version, body });
  return body;
}
