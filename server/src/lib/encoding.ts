import { gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** The encodings an Accept-Encoding header allows (a q=0 refuses one), lower-cased. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  return new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim().toLowerCase()),
  );
}

/** Brotli, else gzip, when the request accepts it. */
export function preferredEncoding(header: string | undefined): ContentEncoding | undefined {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const gzipped = new WeakMap<Buffer, Buffer>();

/**
 * The gzip copy of a kept answer body, made once per body: an answer kept until the data change
 * (the month) is compressed when first asked for, not on every request. Keyed by the
 * body itself, so a copy goes when its body does.
 */
export function gzipOfKept(body: Buffer): Buffer {
  let copy = gzipped.get(body);
  if (copy === undefined) {
    copy = gzipSync(body, { level: 6 });
    gzipped.set(body, copy);
  }
  return copy;
}
