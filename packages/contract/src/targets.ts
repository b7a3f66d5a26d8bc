// The real sizes of the club's targets, in millimetres: the IPSC card (overall, which is its D
// zone, the body's A and C zones, the head and the A box in it), the popper and the mini popper.
// Club settings staff correct with a ruler against their own targets (GET /api/target-dimensions/
// for anyone, PUT /api/admin/settings/ for staff). The defaults are the values the stage engine
// draws today: approximate, from drawings of the rules, not measured here.
import { z } from 'zod';
import { requiredOrType } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/** The club's target sizes in millimetres. */
export interface TargetDimensions {
  /** The card's overall size: everything on it outside the C zones is D. */
  readonly cardWidth: number;
  readonly cardHeight: number;
  /** The body's A zone. */
  readonly bodyAWidth: number;
  readonly bodyAHeight: number;
  /** The body's C zone. */
  readonly bodyCWidth: number;
  readonly bodyCHeight: number;
  /** The head (C) and the A box in it. */
  readonly headWidth: number;
  readonly headHeight: number;
  readonly headAWidth: number;
  readonly headAHeight: number;
  /** The popper: overall height and the round head's diameter. */
  readonly popperHeight: number;
  readonly popperHeadDiameter: number;
  /** The mini popper: overall height and the round head's diameter. */
  readonly miniPopperHeight: number;
  readonly miniPopperHeadDiameter: number;
}

export const TARGET_DIMENSION_KEYS = [
  'cardWidth',
  'cardHeight',
  'bodyAWidth',
  'bodyAHeight',
  'bodyCWidth',
  'bodyCHeight',
  'headWidth',
  'headHeight',
  'headAWidth',
  'headAHeight',
  'popperHeight',
  'popperHeadDiameter',
  'miniPopperHeight',
  'miniPopperHeadDiameter',
] as const satisfies readonly (keyof TargetDimensions)[];

/**
 * APPROXIMATE: the sizes the stage engine draws (packages/stage-engine/src/shapes.ts), read from
 * drawings of the IPSC rules' appendices, never measured on a real target here. Staff measure
 * their own targets and correct them.
 */
export const DEFAULT_TARGET_DIMENSIONS: TargetDimensions = {
  cardWidth: 460,
  cardHeight: 580,
  bodyAWidth: 150,
  bodyAHeight: 250,
  bodyCWidth: 300,
  bodyCHeight: 320,
  headWidth: 150,
  headHeight: 140,
  headAWidth: 100,
  headAHeight: 50,
  popperHeight: 850,
  popperHeadDiameter: 300,
  miniPopperHeight: 500,
  miniPopperHeadDiameter: 200,
};

/** Bounds of every size: a zone of a centimetre, a popper of two metres. */
export const TARGET_LIMITS = { minMm: 10, maxMm: 2000 } as const;

const millimetres = lazySchema(() =>
  z
    .number({ error: requiredOrType })
    .min(TARGET_LIMITS.minMm, { error: 'minlength' })
    .max(TARGET_LIMITS.maxMm, { error: 'maxlength' })
    // Half a millimetre is as fine as a ruler reads.
    .refine((value) => Number.isInteger(value * 2), { error: 'type' }),
);

/** Each zone inside the one that holds it: A inside C inside the card, the head's A box inside the head. */
const NESTED: readonly (readonly [keyof TargetDimensions, keyof TargetDimensions])[] = [
  ['bodyAWidth', 'bodyCWidth'],
  ['bodyAHeight', 'bodyCHeight'],
  ['bodyCWidth', 'cardWidth'],
  ['headWidth', 'cardWidth'],
  ['headAWidth', 'headWidth'],
  ['headAHeight', 'headHeight'],
  ['popperHeadDiameter', 'popperHeight'],
  ['miniPopperHeadDiameter', 'miniPopperHeight'],
];

/** The sizes as staff send them: every one, each within bounds, every zone inside its holder. */
export const targetDimensionsSchema = lazySchema(() =>
  z
    .strictObject(
      Object.fromEntries(TARGET_DIMENSION_KEYS.map((key) => [key, millimetres])) as Record<
        keyof TargetDimensions,
        typeof millimetres
      >,
    )
    .superRefine((value, context) => {
      for (const [inner, outer] of NESTED) {
        if (value[inner] > value[outer])
          context.addIssue({ code: 'custom', message: 'inside', path: [inner] });
      }
      // The head and the body's C zone stacked fit in the card's height.
      if (value.headHeight + value.bodyCHeight > value.cardHeight)
        context.addIssue({ code: 'custom', message: 'inside', path: ['bodyCHeight'] });
    }),
);

/** GET /api/target-dimensions/: the sizes in use, and whether staff have measured them. */
export const targetDimensionsAnswerSchema = lazySchema(() =>
  z.object({
    dimensions: targetDimensionsSchema,
    /** False while the club uses the approximate defaults. */
    measured: z.boolean(),
  }),
);
export type TargetDimensionsAnswer = z.infer<typeof targetDimensionsAnswerSchema>;
