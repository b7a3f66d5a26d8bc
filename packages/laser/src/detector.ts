// Laser dot detection against a running background. Each pixel keeps a running mean and a mean
// deviation of its "laser colour" (how much redder, or greener, and brighter it is than usual);
// a pixel that jumps well past both is foreground. The whole picture's shift is taken off first,
// so a TV or projector that flickers, or an auto-exposing camera, does not look like a dot. A
// dot is one shot however many frames it lasts: a new shot needs the dot to have gone first.

/** Colour of the laser trainer. */
export type LaserColour = 'red' | 'green';

export interface DetectorOptions {
  readonly colour: LaserColour;
  /** 1 (only bright, clear dots) … 10 (faint dots, more risk of false shots). */
  readonly sensitivity: number;
}

/** A dot found in a frame, in the frame's pixels. */
export interface Dot {
  readonly x: number;
  readonly y: number;
  /** Pixels of the dot. */
  readonly area: number;
  /** How far above its threshold the dot's brightest pixel stands. */
  readonly strength: number;
}

/** What one analysed frame gave. */
export interface FrameResult {
  /** A new shot: the dot's first frame. */
  readonly shot: Dot | null;
  /** Whether a dot (new or continuing) is in view. */
  readonly dotInView: boolean;
  /** The picture changed too much at once (a scene cut, lights, a moved camera): nothing counted. */
  readonly sceneChange: boolean;
}

const LEARN_FRAMES = 12;
const LEARN_RATE = 0.06;
const DEVIATION_FACTOR = 4;
/** Above this share of the picture in the foreground, the change is the scene, not a dot. */
const SCENE_CHANGE_SHARE = 0.004;
/**
 * How much the laser's channel must beat both others in a pixel, whatever the background: a
 * dot's glow is strongly coloured, while brown cards swinging past, white no-shoots and lamps
 * are not, so moving targets and light changes never look like dots.
 */
const CHROMA_MIN = 70;
/** Frames after a scene change during which the new picture is learnt fast and nothing counts. */
const SETTLE_FRAMES = 6;

/** Minimum rise of the laser colour, by sensitivity 1…10. */
export function contrastForSensitivity(sensitivity: number): number {
  const level = Math.min(10, Math.max(1, Math.round(sensitivity)));
  return 150 - level * 12;
}

/** Running-background laser dot detector for frames of one size (RGBA bytes). */
export class LaserDetector {
  private mean: Float32Array | null = null;
  private deviation: Float32Array | null = null;
  private feature: Float32Array | null = null;
  private mask: Uint8Array | null = null;
  private width = 0;
  private height = 0;
  private frames = 0;
  private lastDot: Dot | null = null;
  private settling = 0;
  private options: DetectorOptions;

  constructor(options: DetectorOptions) {
    this.options = options;
  }

  /** Changes colour or sensitivity; a new colour learns the background again. */
  configure(options: DetectorOptions): void {
    if (options.colour !== this.options.colour) this.reset();
    this.options = options;
  }

  /** Forgets the background (the picture changed for good, e.g. after calibration). */
  reset(): void {
    this.mean = null;
    this.frames = 0;
    this.lastDot = null;
    this.settling = 0;
  }

  /** The foreground of the last frame (1 where a pixel stood out), for the live view. */
  get foreground(): Uint8Array | null {
    return this.mask;
  }

  /** The laser-colour difference to the background of the last frame, for the live view. */
  get difference(): Float32Array | null {
    return this.feature;
  }

  /** Analyses one frame. */
  process(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): FrameResult {
    const size = width * height;
    if (this.mean === null || width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.mean = new Float32Array(size);
      this.deviation = new Float32Array(size).fill(8);
      this.feature = new Float32Array(size);
      this.mask = new Uint8Array(size);
      this.frames = 0;
    }
    const mean = this.mean;
    const deviation = this.deviation!;
    const feature = this.feature!;
    const mask = this.mask!;
    const red = this.options.colour === 'red';
    // The laser colour: the channel itself (a dot is bright) plus twice how far it beats the
    // stronger of the other two, so a dot stands out as well on a brown card as on the backstop.
    for (let index = 0, byte = 0; index < size; index += 1, byte += 4) {
      const r = rgba[byte]!;
      const g = rgba[byte + 1]!;
      const b = rgba[byte + 2]!;
      feature[index] = red ? 3 * r - 2 * (g > b ? g : b) : 3 * g - 2 * (r > b ? r : b);
    }
    this.frames += 1;
    if (this.frames === 1) {
      mean.set(feature);
      mask.fill(0);
      return { shot: null, dotInView: false, sceneChange: false };
    }
    // The picture's overall shift (flicker, exposure), from a sparse sample: its median.
    const sample: number[] = [];
    for (let index = 7; index < size; index += 61) sample.push(feature[index]! - mean[index]!);
    sample.sort((a, b) => a - b);
    const shift = sample[sample.length >> 1] ?? 0;
    const learning = this.frames <= LEARN_FRAMES;
    const contrast = contrastForSensitivity(this.options.sensitivity);
    let foreground = 0;
    for (let index = 0, byte = 0; index < size; index += 1, byte += 4) {
      const difference = feature[index]! - mean[index]! - shift;
      const limit = contrast + DEVIATION_FACTOR * deviation[index]!;
      const r = rgba[byte]!;
      const g = rgba[byte + 1]!;
      const b = rgba[byte + 2]!;
      const chroma = red ? r - (g > b ? g : b) : g - (r > b ? r : b);
      const isForeground = !learning && difference > limit && chroma >= CHROMA_MIN;
      mask[index] = isForeground ? 1 : 0;
      feature[index] = difference;
      if (isForeground) {
        foreground += 1;
        continue;
      }
      // Foreground pixels keep their background: a dot must not teach it that red is normal.
      mean[index]! += LEARN_RATE * (difference + shift);
      deviation[index]! += LEARN_RATE * (Math.abs(difference) - deviation[index]!);
    }
    if (learning) return { shot: null, dotInView: false, sceneChange: false };
    if (foreground > size * SCENE_CHANGE_SHARE || this.settling > 0) {
      // A new picture settles over a few frames (blur, exposure): its last changing pixels are not dots.
      this.settling = foreground > size * SCENE_CHANGE_SHARE ? SETTLE_FRAMES : this.settling - 1;
      // Learn the new picture quickly instead of reporting hundreds of "dots".
      for (let index = 0; index < size; index += 1) {
        if (mask[index] === 1) mean[index]! += 0.5 * (feature[index]! + shift);
      }
      this.lastDot = null;
      return { shot: null, dotInView: false, sceneChange: true };
    }
    const dot = foreground === 0 ? null : this.strongestBlob(contrast);
    if (dot === null) {
      this.lastDot = null;
      return { shot: null, dotInView: false, sceneChange: false };
    }
    const continuing =
      this.lastDot !== null &&
      Math.hypot(dot.x - this.lastDot.x, dot.y - this.lastDot.y) < Math.max(12, width * 0.04);
    this.lastDot = dot;
    return { shot: continuing ? null : dot, dotInView: true, sceneChange: false };
  }

  /** The strongest compact blob of the foreground mask, or null when only specks stand out. */
  private strongestBlob(contrast: number): Dot | null {
    const { width, height } = this;
    const mask = this.mask!;
    const feature = this.feature!;
    const deviation = this.deviation!;
    let best: Dot | null = null;
    const stack: number[] = [];
    for (let start = 0; start < mask.length; start += 1) {
      if (mask[start] !== 1) continue;
      mask[start] = 2;
      stack.push(start);
      let area = 0;
      let sum = 0;
      let sumX = 0;
      let sumY = 0;
      let peak = 0;
      while (stack.length > 0) {
        const index = stack.pop()!;
        const x = index % width;
        const y = (index - x) / width;
        const excess = feature[index]! - contrast - DEVIATION_FACTOR * deviation[index]!;
        area += 1;
        sum += excess + 1;
        sumX += (excess + 1) * x;
        sumY += (excess + 1) * y;
        if (excess > peak) peak = excess;
        for (const next of [
          x > 0 ? index - 1 : -1,
          x < width - 1 ? index + 1 : -1,
          y > 0 ? index - width : -1,
          y < height - 1 ? index + width : -1,
        ]) {
          if (next < 0 || mask[next] !== 1) continue;
          mask[next] = 2;
          stack.push(next);
        }
      }
      // A lone pixel is sensor noise: even far away a dot's glow covers a few pixels.
      if (area < 2) continue;
      if (best === null || peak * Math.sqrt(area) > best.strength * Math.sqrt(best.area)) {
        best = { x: sumX / sum + 0.5, y: sumY / sum + 0.5, area, strength: peak };
      }
    }
    return best;
  }
}
