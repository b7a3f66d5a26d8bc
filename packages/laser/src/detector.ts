// Laser dot detection against a learnt background. Each pixel keeps a running mean of its colour
// and a mean deviation of its "laser colour" (how far the laser's channel beats the other two).
// A pixel is a dot's when, against its background, its laser colour rose well past that
// deviation, the laser's channel itself rose, and rose at least twice as much as either other
// channel: the hue of the change is the laser's. This finds a laser on a white card (the red
// channel is clipped there, so the dot beats green and blue by little) as well as on tan or
// black, while a brown card swinging over the backstop, a white no-shoot turning, a lamp or
// the screen's flicker change every channel together and are never dots. The whole picture's
// brightness change is taken off first. Pixels the app says it has just drawn on (hit markers,
// status lines) and pixels outside the stage are never dots; anything that stays for more than
// half a second becomes background. A dot is one shot however many frames it lasts: a new shot
// needs the dot to have gone first.

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
  /** The sum over the dot's pixels of how far each stands above its threshold. */
  readonly mass: number;
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

/** Pixels the detector must leave alone in a frame. */
export interface FrameMasks {
  /** 1 where the pixel shows the stage; elsewhere nothing is a dot. */
  readonly inside?: Uint8Array | null;
  /** Above 0 where the app has just drawn: the pixel is learnt at once and never a dot. */
  readonly drawn?: Uint8Array | null;
}

const LEARN_FRAMES = 12;
const LEARN_RATE = 0.06;
const DEVIATION_FACTOR = 4;
/** Above this share of the picture in the foreground, the change is the scene, not a dot. */
const SCENE_CHANGE_SHARE = 0.004;
/** The least laser colour a dot's pixel shows: its channel beats both others by this much. */
const CHROMA_FLOOR = 12;
/**
 * Where the background's other channels are this bright the camera is burnt white there: a dot
 * cannot change the hue (every channel is clipped), and what the noise does near the clip looks
 * like one. Such pixels are left out (a camera exposed for the screen keeps white cards lower).
 */
const BURNT = 235;
/** Unless the other channels fell there by more than noise near the clip can make them (a dot drawn over the white). */
const BURNT_DROP = 40;
/**
 * Where the laser's channel is already at the clip in the background (a white card) a dot cannot
 * raise it: it shows only as the other channels falling, and the camera's colour coding (4:2:0
 * chroma, spread over its blocks) takes the laser's channel down a little too. There, a laser
 * channel that fell by less than this share of the others' fall counts (a tan or grey thing over
 * the white takes all three down alike), and the others' fall is the dot's rise.
 */
const CLIP_HOLD_SHARE = 0.5;
/** The laser's channel must rise at least this many times as much as either other channel. */
const HUE_RATIO = 2;
/** Over a blob, the laser's channel must rise this many times as much as the others. */
const BLOB_HUE_RATIO = 3;
/**
 * The least sum, over a dot's pixels, of how far each stands above its threshold. A weak real
 * dot on a white card (red clipped) makes about 17 with two pixels and 27 with four; two pixels
 * of a noisy webcam (noise of 7 at the detection size) that pass together made 6 to 12.
 */
const MIN_DOT_MASS = 15;
/** A change that lasts this many frames is the scene's, not a shot's: it is learnt. */
const ABSORB_FRAMES = 15;
/** A pixel whose brightness (sum of channels) jumped by more than this changed, whatever its hue. */
const SCENE_JUMP = 90;
/** Above this share of the picture jumping at once, a new picture is shown (the marks giving way to the stage). */
const SCENE_JUMP_SHARE = 0.05;
/** A pixel counts towards a dot's centre by how far its rise stands above this many of its deviations. */
const CENTRE_NOISE_FACTOR = 2;
/** Frames after a scene change during which the new picture is learnt fast and nothing counts. */
const SETTLE_FRAMES = 6;

/** Minimum rise of the laser colour over its usual deviation, by sensitivity 1…10. */
export function contrastForSensitivity(sensitivity: number): number {
  const level = Math.min(10, Math.max(1, Math.round(sensitivity)));
  return 30 - level * 3;
}

/** Running-background laser dot detector for frames of one size (RGBA bytes). */
export class LaserDetector {
  private meanR: Float32Array | null = null;
  private meanG: Float32Array | null = null;
  private meanB: Float32Array | null = null;
  private deviation: Float32Array | null = null;
  private feature: Float32Array | null = null;
  private laserRises: Float32Array | null = null;
  private otherRises: Float32Array | null = null;
  private mask: Uint8Array | null = null;
  private age: Uint8Array | null = null;
  private width = 0;
  private height = 0;
  private frames = 0;
  private lastDot: Dot | null = null;
  private settling = 0;
  /** The stage's place in the last frame (1 inside), for the dot's centre. */
  private inside: Uint8Array | null = null;
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
    this.meanR = null;
    this.frames = 0;
    this.lastDot = null;
    this.settling = 0;
  }

  /** The foreground of the last frame (1 where a pixel stood out as a dot's, 3 where it only changed), for the live view. */
  get foreground(): Uint8Array | null {
    return this.mask;
  }

  /** The laser-colour rise over the background of the last frame, for the live view. */
  get difference(): Float32Array | null {
    return this.feature;
  }

  /** Analyses one frame. */
  process(
    rgba: Uint8ClampedArray | Uint8Array,
    width: number,
    height: number,
    masks: FrameMasks = {},
  ): FrameResult {
    const size = width * height;
    if (this.meanR === null || width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.meanR = new Float32Array(size);
      this.meanG = new Float32Array(size);
      this.meanB = new Float32Array(size);
      this.deviation = new Float32Array(size).fill(6);
      this.feature = new Float32Array(size);
      this.laserRises = new Float32Array(size);
      this.otherRises = new Float32Array(size);
      this.mask = new Uint8Array(size);
      this.age = new Uint8Array(size);
      this.frames = 0;
    }
    const meanR = this.meanR;
    const meanG = this.meanG!;
    const meanB = this.meanB!;
    const deviation = this.deviation!;
    const feature = this.feature!;
    const laserRises = this.laserRises!;
    const otherRises = this.otherRises!;
    const mask = this.mask!;
    const age = this.age!;
    const red = this.options.colour === 'red';
    this.frames += 1;
    if (this.frames === 1) {
      for (let index = 0, byte = 0; index < size; index += 1, byte += 4) {
        meanR[index] = rgba[byte]!;
        meanG[index] = rgba[byte + 1]!;
        meanB[index] = rgba[byte + 2]!;
      }
      mask.fill(0);
      age.fill(0);
      return { shot: null, dotInView: false, sceneChange: false };
    }
    // The picture's overall brightness change (flicker, exposure), from a sparse sample: its median ratio.
    const sample: number[] = [];
    for (let index = 7, byte = 28; index < size; index += 61, byte += 244) {
      sample.push(
        (rgba[byte]! + rgba[byte + 1]! + rgba[byte + 2]! + 6) /
          (meanR[index]! + meanG[index]! + meanB[index]! + 6),
      );
    }
    sample.sort((a, b) => a - b);
    const gain = sample[sample.length >> 1] ?? 1;
    const learning = this.frames <= LEARN_FRAMES;
    const contrast = contrastForSensitivity(this.options.sensitivity);
    const { inside, drawn } = masks;
    this.inside = inside ?? null;
    let foreground = 0;
    let changed = 0;
    for (let index = 0, byte = 0; index < size; index += 1, byte += 4) {
      // The background learns the camera's own values, never these: learnt divided by the gain,
      // the background would drift with it (any scale is a balance when the gain is measured
      // against the background), and a white card sitting at the clip could be learnt as grey.
      const rawR = rgba[byte]!;
      const rawG = rgba[byte + 1]!;
      const rawB = rgba[byte + 2]!;
      const r = rawR / gain;
      const g = rawG / gain;
      const b = rawB / gain;
      // The laser's channel, and the stronger of the other two, now and in the background.
      const laser = red ? r : g;
      const other = red ? (g > b ? g : b) : r > b ? r : b;
      const laserBack = red ? meanR[index]! : meanG[index]!;
      const otherBack = red ? Math.max(meanG[index]!, meanB[index]!) : Math.max(meanR[index]!, meanB[index]!);
      const rise = laser - other - (laserBack - otherBack);
      feature[index] = rise;
      const otherRise = red
        ? Math.max(g - meanG[index]!, b - meanB[index]!)
        : Math.max(r - meanR[index]!, b - meanB[index]!);
      const heldAtClip =
        laserBack >= BURNT && otherRise < -BURNT_DROP && laser - laserBack > CLIP_HOLD_SHARE * otherRise;
      const laserRise = heldAtClip ? -otherRise : laser - laserBack;
      laserRises[index] = laserRise;
      otherRises[index] = otherRise;
      if (drawn && drawn[index]! > 0) {
        // What the app has just drawn is taken as it is.
        meanR[index] = rawR;
        meanG[index] = rawG;
        meanB[index] = rawB;
        mask[index] = 0;
        age[index] = 0;
        continue;
      }
      const isForeground =
        !learning &&
        (inside === undefined || inside === null || inside[index] === 1) &&
        rise > contrast + DEVIATION_FACTOR * deviation[index]! &&
        laser - other >= CHROMA_FLOOR &&
        (otherBack < BURNT || otherRise < -BURNT_DROP) &&
        laserRise > 0 &&
        laserRise >= HUE_RATIO * otherRise;
      // Any hue: a pixel whose brightness jumped, for telling a new picture from a dot.
      const jumped = Math.abs(r + g + b - meanR[index]! - meanG[index]! - meanB[index]!) > SCENE_JUMP;
      if (jumped) changed += 1;
      mask[index] = isForeground ? 1 : jumped ? 3 : 0;
      if (isForeground) {
        foreground += 1;
        age[index] = Math.min(255, age[index]! + 1);
        // Foreground keeps its background (a dot must not teach it that red is normal), unless it stays.
        if (age[index]! < ABSORB_FRAMES) continue;
        mask[index] = 0;
        foreground -= 1;
        meanR[index] = rawR;
        meanG[index] = rawG;
        meanB[index] = rawB;
        continue;
      }
      age[index] = 0;
      meanR[index]! += LEARN_RATE * (rawR - meanR[index]!);
      meanG[index]! += LEARN_RATE * (rawG - meanG[index]!);
      meanB[index]! += LEARN_RATE * (rawB - meanB[index]!);
      deviation[index]! += LEARN_RATE * (Math.min(60, Math.abs(rise)) - deviation[index]!);
    }
    if (learning) return { shot: null, dotInView: false, sceneChange: false };
    const sceneChange = foreground > size * SCENE_CHANGE_SHARE || changed > size * SCENE_JUMP_SHARE;
    if (sceneChange || this.settling > 0) {
      // A new picture settles over a few frames (blur, exposure): its last changing pixels are not dots.
      this.settling = sceneChange ? SETTLE_FRAMES : this.settling - 1;
      // Learn the new picture quickly instead of reporting hundreds of "dots".
      for (let index = 0, byte = 0; index < size; index += 1, byte += 4) {
        if (mask[index] === 0) continue;
        meanR[index]! += 0.5 * (rgba[byte]! - meanR[index]!);
        meanG[index]! += 0.5 * (rgba[byte + 1]! - meanG[index]!);
        meanB[index]! += 0.5 * (rgba[byte + 2]! - meanB[index]!);
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

  /**
   * The dot's centre, between pixels: the mean place of the laser-hued rise over the blob's box
   * and one pixel round it, each pixel weighted by how far its rise stands above its own noise.
   * Not the blob's pixels alone: their threshold cuts a small dot's glow unevenly, and pixels the
   * app has just drawn on (a hit marker a few pixels away) are never in a blob, which would pull
   * the centre away from them by up to half a pixel. Their rise in this frame, against the
   * background they had, is still the dot's light.
   */
  private centreOf(minX: number, maxX: number, minY: number, maxY: number): { x: number; y: number } | null {
    const { width, height } = this;
    const feature = this.feature!;
    const deviation = this.deviation!;
    const laserRises = this.laserRises!;
    const otherRises = this.otherRises!;
    const inside = this.inside;
    let sum = 0;
    let sumX = 0;
    let sumY = 0;
    for (let y = Math.max(0, minY - 1); y <= Math.min(height - 1, maxY + 1); y += 1) {
      for (let x = Math.max(0, minX - 1); x <= Math.min(width - 1, maxX + 1); x += 1) {
        const index = y * width + x;
        if (inside && inside[index] !== 1) continue;
        const laserRise = laserRises[index]!;
        if (laserRise <= 0 || laserRise < HUE_RATIO * otherRises[index]!) continue;
        const weight = feature[index]! - CENTRE_NOISE_FACTOR * deviation[index]!;
        if (weight <= 0) continue;
        sum += weight;
        sumX += weight * x;
        sumY += weight * y;
      }
    }
    return sum > 0 ? { x: sumX / sum + 0.5, y: sumY / sum + 0.5 } : null;
  }

  /** The strongest compact blob of the foreground mask, or null when only specks or shapes stand out. */
  private strongestBlob(contrast: number): Dot | null {
    const { width, height } = this;
    const mask = this.mask!;
    const feature = this.feature!;
    const deviation = this.deviation!;
    const laserRises = this.laserRises!;
    const otherRises = this.otherRises!;
    // A dot's glow is a few pixels across at any distance a camera can read the marks from.
    const maxSide = Math.max(6, Math.round(width * 0.04));
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
      let laserRise = 0;
      let otherRise = 0;
      let minX = width;
      let maxX = 0;
      let minY = height;
      let maxY = 0;
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
        laserRise += laserRises[index]!;
        otherRise += Math.max(0, otherRises[index]!);
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
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
      // A lone pixel is sensor noise: even far away a dot's glow covers a few pixels. A long or
      // large shape is something moving, not a dot.
      const boxWidth = maxX - minX + 1;
      const boxHeight = maxY - minY + 1;
      if (area < 2 || boxWidth > maxSide || boxHeight > maxSide) continue;
      if (boxWidth > 3 * boxHeight || boxHeight > 3 * boxWidth) continue;
      // Over the whole blob, noise evens out: the change must clearly be the laser's hue.
      if (laserRise < BLOB_HUE_RATIO * otherRise) continue;
      // Two noisy pixels can pass their thresholds together; together they stand little above them.
      if (sum - area < MIN_DOT_MASS) continue;
      if (best === null || peak * Math.sqrt(area) > best.strength * Math.sqrt(best.area)) {
        const centre = this.centreOf(minX, maxX, minY, maxY) ?? { x: sumX / sum + 0.5, y: sumY / sum + 0.5 };
        best = { ...centre, area, strength: peak, mass: sum - area };
      }
    }
    return best;
  }
}
