// What kind of photo a file is, from its first bytes (no zod: the editor checks a picked file
// before sending it, and the server checks every upload before any decoder runs).

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * True for an ISO-BMFF file whose major or compatible brands say HEIC (the iPhone's own format,
 * HEVC-coded, which the image library here cannot decode). Reads at most the first 64 bytes.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4) !== 'ftyp') return false;
  const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const boxSize = Math.min(declared, bytes.length, 64);
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    if (HEIC_BRANDS.has(ascii(bytes, at))) return true;
  }
  return false;
}
