// What the laser benches share: the worker's reduction of a camera frame to its detection size.

/** The worker's canvas reduction (2 × 2 average) of an RGBA frame to half its width and height. */
export function halve(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const a = (2 * y * width + 2 * x) * 4;
      const b = a + width * 4;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 4; c += 1) out[o + c] = (rgba[a + c]! + rgba[a + 4 + c]! + rgba[b + c]! + rgba[b + 4 + c]!) >> 2;
    }
  }
  return out;
}
