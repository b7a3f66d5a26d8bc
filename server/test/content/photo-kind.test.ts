import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isHeic } from '@club/contract/photo-kind';

const file = (name: string) => new Uint8Array(readFileSync(new URL(`./files/${name}`, import.meta.url)));

describe('isHeic', () => {
  it('knows a HEIC written by libheif, and none of the photos the upload takes', () => {
    expect(isHeic(file('phone.heic'))).toBe(true);
    expect(isHeic(file('phone.heic').subarray(0, 64))).toBe(true);
    expect(isHeic(file('phone-rotated-gps.jpg'))).toBe(false);
    expect(isHeic(file('photo.png'))).toBe(false);
    expect(isHeic(file('photo.webp'))).toBe(false);
  });

  it('tells AVIF (same container, a format the server decodes) from HEIC', () => {
    const avif = new Uint8Array([0, 0, 0, 28, ...Buffer.from('ftypavif'), 0, 0, 0, 0, ...Buffer.from('avifmif1miaf'), 0, 0, 0, 0]);
    expect(isHeic(avif)).toBe(false);
    expect(isHeic(new Uint8Array(8))).toBe(false);
  });
});
