// Noticing a moved camera: a small grey thumbnail of the picture is kept at calibration and
// compared now and then with the current one. A camera turned by a few degrees shifts the whole
// picture, so the current thumbnail then matches the reference better shifted than in place;
// targets moving on the stage change only part of it and do not.

/** A small grey picture. */
export interface Thumbnail {
  readonly width: number;
  readonly height: number;
  readonly pixels: Float32Array;
}

export const THUMBNAIL_WIDTH = 80;
export const THUMBNAIL_HEIGHT = 60;

/** Averages an RGBA frame down to a grey thumbnail. */
export function thumbnailOf(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Thumbnail {
  const pixels = new Float32Array(THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT);
  const counts = new Float32Array(pixels.length);
  for (let y = 0; y < height; y += 2) {
    const ty = Math.min(THUMBNAIL_HEIGHT - 1, Math.floor((y * THUMBNAIL_HEIGHT) / height));
    for (let x = 0; x < width; x += 2) {
      const tx = Math.min(THUMBNAIL_WIDTH - 1, Math.floor((x * THUMBNAIL_WIDTH) / width));
      const byte = (y * width + x) * 4;
      pixels[ty * THUMBNAIL_WIDTH + tx]! +=
        rgba[byte]! * 0.299 + rgba[byte + 1]! * 0.587 + rgba[byte + 2]! * 0.114;
      counts[ty * THUMBNAIL_WIDTH + tx]! += 1;
    }
  }
  for (let index = 0; index < pixels.length; index += 1) pixels[index]! /= Math.max(1, counts[index]!);
  return { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, pixels };
}

/** Normalised correlation of two thumbnails with the second shifted by (dx, dy), over their overlap. */
export function correlation(a: Thumbnail, b: Thumbnail, dx: number, dy: number): number {
  const margin = 4;
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let y = margin; y < a.height - margin; y += 1) {
    for (let x = margin; x < a.width - margin; x += 1) {
      const va = a.pixels[y * a.width + x]!;
      const vb = b.pixels[(y + dy) * b.width + (x + dx)]!;
      n += 1;
      sumA += va;
      sumB += vb;
      sumAA += va * va;
      sumBB += vb * vb;
      sumAB += va * vb;
    }
  }
  const covariance = sumAB / n - (sumA / n) * (sumB / n);
  const variance = (sumAA / n - (sumA / n) ** 2) * (sumBB / n - (sumB / n) ** 2);
  return variance <= 1e-9 ? 0 : covariance / Math.sqrt(variance);
}

/** Whether the camera seems to have moved since the reference was taken. */
export function cameraMoved(reference: Thumbnail, current: Thumbnail): boolean {
  const inPlace = correlation(reference, current, 0, 0);
  let bestShifted = -1;
  for (let dy = -3; dy <= 3; dy += 1) {
    for (let dx = -3; dx <= 3; dx += 1) {
      if (dx === 0 && dy === 0) continue;
      bestShifted = Math.max(bestShifted, correlation(reference, current, dx, dy));
    }
  }
  // Shifted fits clearly better: the picture slid. Nothing fits: the camera looks elsewhere.
  return bestShifted > inPlace + 0.03 || inPlace < 0.5;
}
