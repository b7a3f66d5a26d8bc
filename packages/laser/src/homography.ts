// Plane-to-plane homography by the normalised direct linear transform (Hartley): both point sets
// are moved to their centroid and scaled to a mean distance of √2 before solving, which keeps the
// linear system well conditioned for camera pixels and stage units alike.

/** A point in a plane. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A 3 × 3 homography, row-major. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** Maps a point through a homography; null when it maps to infinity. */
export function applyHomography(h: Homography, point: Point): Point | null {
  const w = h[6] * point.x + h[7] * point.y + h[8];
  if (Math.abs(w) < 1e-12) return null;
  return { x: (h[0] * point.x + h[1] * point.y + h[2]) / w, y: (h[3] * point.x + h[4] * point.y + h[5]) / w };
}

/** The inverse homography (adjugate over determinant); null when singular. */
export function invertHomography(h: Homography): Homography | null {
  const [a, b, c, d, e, f, g, i, j] = h;
  const A = e * j - f * i;
  const B = -(d * j - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-15) return null;
  const inv = [
    A,
    -(b * j - c * i),
    b * f - c * e,
    B,
    a * j - c * g,
    -(a * f - c * d),
    C,
    -(a * i - b * g),
    a * e - b * d,
  ];
  return inv.map((value) => value / det) as unknown as Homography;
}

function normaliser(points: readonly Point[]): { t: Homography; apply: (p: Point) => Point } {
  let cx = 0;
  let cy = 0;
  for (const p of points) {
    cx += p.x;
    cy += p.y;
  }
  cx /= points.length;
  cy /= points.length;
  let mean = 0;
  for (const p of points) mean += Math.hypot(p.x - cx, p.y - cy);
  mean /= points.length;
  const s = mean > 0 ? Math.SQRT2 / mean : 1;
  return {
    t: [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1],
    apply: (p) => ({ x: s * (p.x - cx), y: s * (p.y - cy) }),
  };
}

function multiply(a: Homography, b: Homography): Homography {
  const out: number[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      out.push(a[row * 3]! * b[col]! + a[row * 3 + 1]! * b[3 + col]! + a[row * 3 + 2]! * b[6 + col]!);
    }
  }
  return out as unknown as Homography;
}

/** Solves a square linear system by Gaussian elimination with partial pivoting; null when singular. */
function solve(matrix: number[][], vector: number[]): number[] | null {
  const n = vector.length;
  const m = matrix.map((row, index) => [...row, vector[index]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const factor = m[row]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k += 1) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = m[row]![n]!;
    for (let k = row + 1; k < n; k += 1) sum -= m[row]![k]! * x[k]!;
    x[row] = sum / m[row]![row]!;
  }
  return x;
}

/**
 * The homography taking each `from` point to its `to` point (4 or more pairs, least squares
 * beyond 4), or null when the points are degenerate (three in a line, repeated).
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length < 4 || from.length !== to.length) return null;
  const nf = normaliser(from);
  const nt = normaliser(to);
  // Normal equations of the 8-unknown DLT (h33 = 1, safe after normalisation: the centroid maps near the centroid).
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const addRow = (row: number[], value: number) => {
    for (let i = 0; i < 8; i += 1) {
      atb[i]! += row[i]! * value;
      for (let j = 0; j < 8; j += 1) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  for (let index = 0; index < from.length; index += 1) {
    const p = nf.apply(from[index]!);
    const q = nt.apply(to[index]!);
    addRow([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x], q.x);
    addRow([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y], q.y);
  }
  const solution = solve(ata, atb);
  if (solution === null) return null;
  const normalised = [...solution, 1] as unknown as Homography;
  const inverseTo = invertHomography(nt.t);
  if (inverseTo === null) return null;
  const h = multiply(multiply(inverseTo, normalised), nf.t);
  const scale = h[8];
  if (Math.abs(scale) < 1e-15 || h.some((value) => !Number.isFinite(value))) return null;
  return h.map((value) => value / scale) as unknown as Homography;
}

/** Distances between each `to` point and where the homography maps its `from` point. */
export function residuals(h: Homography, from: readonly Point[], to: readonly Point[]): number[] {
  return from.map((point, index) => {
    const mapped = applyHomography(h, point);
    return mapped === null ? Infinity : Math.hypot(mapped.x - to[index]!.x, mapped.y - to[index]!.y);
  });
}
