import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings, gzipOfKept } from './encoding.ts';

/**
 * Answers kept as JSON text until a database version moves (the events version: every write an
 * event answer shows moves it, from any process). Staff's views of events carry every
 * participant with contact fields, and staff open the same ones again and again while they
 * check people in: a kept answer costs a map lookup instead of reads and a serialisation.
 *
 * Kept per owner (the app's context, so two apps on two databases in one process never share)
 * and per kind; the least recently used answer of a kind goes when it holds `max`.
 */
interface Kept {
  version: string;
  body: Buffer;
}

const stores = new WeakMap<object, Map<string, Map<string, Kept>>>();

export async function keptBody(
  owner: object,
  kind: string,
  key: string,
  version: string,
  max: number,
  render: () => Promise<unknown>,
): Promise<Buffer> {
  let kinds = stores.get(owner);
  if (!kinds) {
    kinds = new Map();
    stores.set(owner, kinds);
  }
  let kept = kinds.get(kind);
  if (!kept) {
    kept = new Map();
    kinds.set(kind, kept);
  }
  const hit = kept.get(key);
  kept.delete(key);
  // '' is a missing counter: nothing is kept then.
  if (hit && hit.version === version && version !== '') {
    kept.set(key, hit);
    return hit.body;
  }
  // The caller read the version before these rows: they are at least as new as it says.
  const body = Buffer.from(JSON.stringify(await render()));
  if (kept.size >= max) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, { version, body });
  return body;
}

/** Sends a kept JSON body, gzipped (once per body) when the caller accepts it. */
export function sendKept(request: FastifyRequest, reply: FastifyReply, body: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Authorization');
  if (acceptedEncodings(request.headers['accept-encoding']).has('gzip')) {
    return reply.header('content-encoding', 'gzip').send(gzipOfKept(body));
  }
  return reply.send(body);
}
