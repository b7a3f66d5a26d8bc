import sharp from 'sharp';
import { isHeic } from '@club/contract/photo-kind';
import type { Metadata, OutputInfo } from 'sharp';
import { PHOTO_WIDTHS } from '@club/contract/content-view';
import { ApiError } from '../../lib/api-error.ts';

/** Bounds of an upload: anything beyond them is refused before a single byte is stored. */
export const PHOTO_LIMITS = {
  bytes: 15 * 1024 * 1024,
  /** Longest side in pixels. */
  side: 12_000,
  /** Pixels in all (a 40-megapixel phone photo passes). */
  pixels: 50_000_000,
  /**
   * Decoded bytes per stored byte, checked once the decoded image would pass 16 MB (where memory
   * matters): a phone photo packs about 10:1, a flat drawing that large a few hundred at most,
   * a decompression bomb up to deflate's 1000:1.
   */
  ratio: 300,
  ratioFromBytes: 16 * 1024 * 1024,
} as const;

export type PhotoFormat = 'avif' | 'webp' | 'jpg';
export const PHOTO_FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpg'];

export interface ProcessedPhoto {
  width: number;
  height: number;
  widths: number[];
  files: { width: number; format: PhotoFormat; data: Buffer }[];
}

const refuse = (message: string) => new ApiError('BAD_PHOTO', message);

const HEIC_MESSAGE =
  'HEIC photos (the iPhone\'s own format) cannot be converted here: choose JPEG in the phone\'s camera settings ("Most Compatible"), or send the photo from the gallery app, which offers a JPEG copy.';

/**
 * The widths kept for a photo `width` pixels wide: those the pages use up to the photo's own
 * width, and the photo's width itself when it falls between two (never an enlargement).
 */
export function keptWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= width);
  if (width < largest && !widths.includes(width)) widths.push(width);
  return widths;
}

/**
 * Reads an upload with sharp (libvips) and makes the copies pages use: upright (EXIF orientation
 * applied), without any metadata (location, camera, dates: sharp writes none unless asked), in
 * AVIF, WebP and JPEG at each kept width. HEIC, anything that is not JPEG, PNG or WebP, and image
 * bombs (too many pixels, or a decoded size far beyond the file's) are refused.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw refuse('The file is empty.');
  if (input.length > PHOTO_LIMITS.bytes) throw new ApiError('PAYLOAD_TOO_LARGE', 'The photo is larger than 15 MB.');
  // HEIC is told apart by its file type box before any decoder runs: the libvips that ships with
  // sharp has no HEVC decoder, so it could only say "not an image".
  if (isHeic(input)) throw refuse(HEIC_MESSAGE);
  let meta: Metadata;
  try {
    // Only the header is read here; a bomb is refused below before any decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('The file is not an image: send a JPEG, PNG or WebP photo.');
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') throw refuse(HEIC_MESSAGE);
  if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') {
    throw refuse('Only JPEG, PNG and WebP photos are accepted.');
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw refuse('The image has no size.');
  if ((meta.pages ?? 1) > 1) throw refuse('Animated images are not accepted: send a photo.');
  const pixels = width * height;
  if (width > PHOTO_LIMITS.side || height > PHOTO_LIMITS.side || pixels > PHOTO_LIMITS.pixels) {
    throw refuse(`The image is too large (${width} × ${height} pixels): at most ${PHOTO_LIMITS.side} pixels a side and 50 megapixels.`);
  }
  const channels = meta.channels ?? 4;
  const decoded = pixels * channels;
  if (decoded > PHOTO_LIMITS.ratioFromBytes && decoded / input.length > PHOTO_LIMITS.ratio) {
    throw refuse('The image unpacks to far more than its file size: it is refused as unsafe.');
  }

  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decode once, upright, into memory; every copy is cut from it. `failOn: 'error'` refuses a
    // truncated or corrupt file instead of storing half a photo.
    upright = await sharp(input, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse('The image could not be read: the file is damaged or not a photo.');
  }
  const { info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const widths = keptWidths(info.width);
  const files: ProcessedPhoto['files'] = [];
  for (const w of widths) {
    const resized = await sharp(upright.data, raw).resize({ width: w, withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
    const base = () => sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    const [avif, webp, jpg] = await Promise.all([
      base().avif({ quality: 50, effort: 2 }).toBuffer(),
      base().webp({ quality: 76 }).toBuffer(),
      base().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    ]);
    files.push({ width: w, format: 'avif', data: avif }, { width: w, format: 'webp', data: webp }, { width: w, format: 'jpg', data: jpg });
  }
  return { width: info.width, height: info.height, widths, files };
}

export const PHOTO_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
