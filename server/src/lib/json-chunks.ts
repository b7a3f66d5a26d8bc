import { Readable } from 'node:stream';

/** How long one piece of serialising may hold the event loop before it lets others in, in ms. */
const SLICE_MS = 1;
/** Pieces are gathered into chunks of about this many characters before they are written. */
const CHUNK_CHARS = 16_384;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const isSkipped = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * The pieces of `JSON.stringify(value, null, 2)`, in order: objects and arrays down to `depth`
 * levels are walked, and what lies below is stringified whole, one element at a time. Joined,
 * the pieces are exactly the one-piece text.
 */
function* pieces(value: unknown, depth: number, indent: string): Generator<string> {
  const inner = `${indent}  `;
  if (depth > 0 && Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    yield '[';
    for (let i = 0; i < value.length; i += 1) {
      yield `${i === 0 ? '' : ','}\n${inner}`;
      const item: unknown = value[i];
      if (isSkipped(item)) yield 'null';
      else yield* pieces(item, depth - 1, inner);
    }
    return yield `\n${indent}]`;
  }
  if (depth > 0 && isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => !isSkipped(value[key]));
    if (keys.length === 0) return yield '{}';
    yield '{';
    for (let i = 0; i < keys.length; i += 1) {
      yield `${i === 0 ? '' : ','}\n${inner}${JSON.stringify(keys[i])}: `;
      yield* pieces(value[keys[i]], depth - 1, inner);
    }
    return yield `\n${indent}}`;
  }
  // Below the walked levels, one value in one piece, indented to where it stands (JSON text
  // has no raw line breaks inside strings, so every line break is the layout's own).
  const text = JSON.stringify(value, null, 2) as string | undefined;
  yield (text ?? 'null').replaceAll('\n', `\n${indent}`);
}

/**
 * `JSON.stringify(value, null, 2)` as a stream that gives the event loop back at least every
 * millisecond: a member's large export (hundreds of registrations, stages and sessions) must not
 * hold up everyone else's requests while it is written. The text is byte for byte the same.
 */
export function jsonStream(value: unknown, depth = 2): Readable {
  async function* chunks() {
    let chunk = '';
    let sliceStart = performance.now();
    for (const piece of pieces(value, depth, '')) {
      chunk += piece;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}
