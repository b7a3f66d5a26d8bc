// Money and membership (API.md "Calls of the third round", Money and membership): the payments
// staff record, the member's standing, the club's rules and the staff's needs-attention list.
import { z } from 'zod';
import { EVENT_TYPES, EventType } from './enums.ts';
import { isIsoDate } from './event-time.ts';
import { booleanField } from './forms.ts';
import { userSchema } from './schemas.ts';
import { targetDimensionsSchema } from './targets.ts';
import { isoDateField, optionalSingleLineText, requiredOrType, singleLineText, uuidField } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

export const PAYMENT_CONCEPTS = ['cuota', 'bono', 'evento', 'otro'] as const;
export type PaymentConcept = (typeof PAYMENT_CONCEPTS)[number];
export const PAYMENT_METHODS = ['efectivo', 'transferencia', 'tarjeta', 'bizum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Bounds of a payment: a euro cent to a hundred thousand euros, one to two hundred classes. */
export const PAYMENT_LIMITS = {
  maxAmountCents: 10_000_000,
  maxClasses: 200,
  referenceMax: 100,
  reasonMax: 300,
} as const;

// ---------------------------------------------------------------- answers

export const paymentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** null once the member deleted their account: the books keep the payment, anonymised. */
    personUuid: z.string().nullable(),
    concept: z.enum(PAYMENT_CONCEPTS),
    amountCents: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    paidAt: z.string(),
    reference: z.string().nullable(),
    periodEnd: z.string().nullable(),
    classes: z.number().int().nullable(),
    eventUuid: z.string().nullable(),
    recordedBy: z.string().nullable(),
    voidedAt: z.string().nullable(),
    // Beyond API.md's list (shapes grow): who the payment is for and the void's story.
    personName: z.string().nullable().optional(),
    recordedAt: z.string().optional(),
    recordedByName: z.string().nullable().optional(),
    voidedBy: z.string().nullable().optional(),
    voidedByName: z.string().nullable().optional(),
    voidReason: z.string().nullable().optional(),
    /** The event an event fee is for: its title and start ("yyyy-MM-dd HH:mm:ss", club time). */
    eventTitle: z.string().nullable().optional(),
    eventStart: z.string().nullable().optional(),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = lazySchema(() => z.array(paymentSchema));

/** The club's rules of registration that staff switch on (both off by default). */
export const membershipRulesSchema = lazySchema(() =>
  z.object({
    duesRequired: z.boolean(),
    packRequiredFor: z.array(z.enum(EventType)),
  }),
);
export type MembershipRules = z.infer<typeof membershipRulesSchema>;
export const NO_MEMBERSHIP_RULES: MembershipRules = { duesRequired: false, packRequiredFor: [] };

export const clubSettingsSchema = lazySchema(() =>
  membershipRulesSchema.extend({
    version: z.number().int(),
    // Beyond the rules (shapes grow): the club's measured target sizes, null while the approximate defaults stand.
    targetDimensions: targetDimensionsSchema.nullable().optional(),
  }),
);
export type ClubSettings = z.infer<typeof clubSettingsSchema>;

export const membershipSchema = lazySchema(() =>
  z.object({
    cuotaHasta: z.string().nullable(),
    licenciaCaduca: z.string().nullable(),
    bonoClases: z.number().int(),
    payments: paymentListSchema,
    // Beyond API.md (shapes grow): the rules, so the calendar can tell a member before they try.
    rules: membershipRulesSchema.optional(),
  }),
);
export type Membership = z.infer<typeof membershipSchema>;

export const membershipTotalSchema = lazySchema(() =>
  z.object({
    month: z.string(),
    concept: z.enum(PAYMENT_CONCEPTS),
    amountCents: z.number().int(),
  }),
);
export type MembershipTotal = z.infer<typeof membershipTotalSchema>;

export const needsAttentionSchema = lazySchema(() =>
  z.object({
    lapsed: z.array(userSchema),
    licencesExpiring: z.array(userSchema),
    packsEmpty: z.array(userSchema),
    totals: z.array(membershipTotalSchema),
  }),
);
export type NeedsAttention = z.infer<typeof needsAttentionSchema>;

// ---------------------------------------------------------------- bodies and queries

const concept = lazySchema(() =>
  z.enum(PAYMENT_CONCEPTS, {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'enum'),
  }),
);
const method = lazySchema(() =>
  z.enum(PAYMENT_METHODS, {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'enum'),
  }),
);
const amountCents = lazySchema(() =>
  z
    .number({ error: requiredOrType })
    .int({ error: 'type' })
    .min(1, { error: 'minlength' })
    .max(PAYMENT_LIMITS.maxAmountCents, { error: 'maxlength' }),
);
const classes = lazySchema(() =>
  z
    .number({ error: requiredOrType })
    .int({ error: 'type' })
    .min(1, { error: 'minlength' })
    .max(PAYMENT_LIMITS.maxClasses, { error: 'maxlength' }),
);

/**
 * POST /api/admin/payments/: a Payment without id, recordedBy and voidedAt. Dues need the date
 * they now cover (periodEnd), a pack its number of classes; an event fee may name its event.
 */
export const paymentBodySchema = lazySchema(() =>
  z
    .strictObject({
      personUuid: uuidField,
      concept,
      amountCents,
      method,
      paidAt: isoDateField,
      reference: optionalSingleLineText(PAYMENT_LIMITS.referenceMax).optional(),
      periodEnd: isoDateField.nullish(),
      classes: classes.nullish(),
      eventUuid: uuidField.nullish(),
    })
    .superRefine((body, ctx) => {
      if (body.concept === 'cuota' && !body.periodEnd) {
        ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'required' });
      }
      if (body.concept !== 'cuota' && body.periodEnd) {
        ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'unknown' });
      }
      if (body.concept === 'bono' && (body.classes === undefined || body.classes === null)) {
        ctx.addIssue({ code: 'custom', path: ['classes'], message: 'required' });
      }
      if (body.concept !== 'bono' && body.classes !== undefined && body.classes !== null) {
        ctx.addIssue({ code: 'custom', path: ['classes'], message: 'unknown' });
      }
      if (body.concept !== 'evento' && body.eventUuid) {
        ctx.addIssue({ code: 'custom', path: ['eventUuid'], message: 'unknown' });
      }
    }),
);
export type PaymentBody = z.infer<typeof paymentBodySchema>;
export type PaymentBodyInput = z.input<typeof paymentBodySchema>;

export const voidPaymentBodySchema = lazySchema(() =>
  z.strictObject({ reason: singleLineText(PAYMENT_LIMITS.reasonMax) }),
);
export type VoidPaymentBody = z.infer<typeof voidPaymentBodySchema>;

const optionalDate = lazySchema(() =>
  z.string({ error: 'type' }).refine(isIsoDate, { error: 'date' }).optional(),
);

/** GET /api/admin/payments/: paid between from and to (both days included), of one concept. */
export const paymentsQuerySchema = lazySchema(() =>
  z
    .strictObject({
      from: optionalDate,
      to: optionalDate,
      concept: concept.optional(),
      /** One member's payments (the member editor). */
      personUuid: uuidField.optional(),
      /** Beyond API.md: also the voided ones are listed unless `voided=exclude`. */
      voided: z.enum(['include', 'exclude'], { error: 'enum' }).optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'date', path: ['to'] }),
);
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

export const membershipQuerySchema = lazySchema(() =>
  z
    .strictObject({ from: optionalDate, to: optionalDate })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'date', path: ['to'] }),
);
export type MembershipQuery = z.infer<typeof membershipQuerySchema>;

export const clubSettingsBodySchema = lazySchema(() =>
  z.strictObject({
    duesRequired: booleanField,
    packRequiredFor: z
      .array(z.enum(EventType, { error: 'enum' }), { error: requiredOrType })
      .max(EVENT_TYPES.length, { error: 'maxlength' }),
    version: z.number({ error: requiredOrType }).int({ error: 'type' }).min(0, { error: 'type' }),
    // Absent keeps the stored sizes; null goes back to the approximate defaults.
    targetDimensions: targetDimensionsSchema.nullable().optional(),
  }),
);
export type ClubSettingsBody = z.infer<typeof clubSettingsBodySchema>;

// ---------------------------------------------------------------- rules both sides use

/** The day after `date` (yyyy-MM-dd), by the calendar. */
export function dayAfter(date: string): string {
  return addDays(date, 1);
}

/** `date` (yyyy-MM-dd) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

/** True when dues paid until `cuotaHasta` cover the day `date` (null: never paid). */
export function duesCover(cuotaHasta: string | null | undefined, date: string): boolean {
  return typeof cuotaHasta === 'string' && cuotaHasta >= date;
}

/** True when a licence expiring on `licenciaCaduca` is still valid on `date` (null: not recorded). */
export function licenceValidOn(licenciaCaduca: string | null | undefined, date: string): boolean {
  return licenciaCaduca === null || licenciaCaduca === undefined || licenciaCaduca >= date;
}

/** Formats cents as euros with two decimals and a point ("1234.50"), as the accountant's CSV wants. */
export function centsToEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Reads euros typed by staff ("12", "12,5", "12.50") as cents; null when it is not an amount. */
export function eurosToCents(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents;
}
