// The shapes of API.md: answers the web parses, and the bodies and queries of the calls beyond
// SPEC §7 (subscribe, month, staff area). Form bodies of SPEC §5 live in forms.ts.
import { z } from 'zod';
import { FIRST_YEAR, LAST_YEAR } from './club-time.ts';
import { Category, Division, EventStatus, EventType, Factor, RoleId, RoleStatus, Sexo } from './enums.ts';
import { compareEventTimes, isRealEventTime } from './event-time.ts';
import { LANGUAGES } from './languages.ts';
import { booleanField, enumField, optionalEnumField } from './forms.ts';
import {
  eventTimeField,
  isSingleLine,
  isoDateField,
  optionalMultiLineText,
  optionalSingleLineText,
  requiredOrType,
  singleLineText,
  uuidField,
} from './text.ts';
import { lazySchema } from './lazy-schema.ts';

// Answers are parsed leniently on content (any string) but strictly on kind, so a client
// notices a changed contract without refusing data that an older server stored.

// ---------------------------------------------------------------- answers

export const userSchema = lazySchema(() =>
  z.object({
    uuid: z.string(),
    login: z.string(),
    nombre: z.string(),
    apellidos: z.string(),
    fullName: z.string(),
    email: z.string(),
    nacimiento: z.string(),
    mobil: z.string(),
    sexo: z.enum(Sexo),
    socio: z.string().nullable(),
    division: z.enum(Division).nullable(),
    factor: z.enum(Factor).nullable(),
    licencia: z.string().nullable(),
    curso: z.boolean(),
    habilitado: z.boolean(),
    arbitroIpsc: z.boolean(),
    arbitroPrecision: z.boolean(),
    entrenadorNacional: z.boolean(),
    instructorMisia: z.boolean(),
    autorizacionClub: z.boolean(),
    staff: z.boolean(),
    // Second round: optional on the wire so that answers of an older server still parse.
    emailVerificado: z.boolean().optional(),
    socioSolicitado: z.string().nullable().optional(),
    recordatorios: z.boolean().optional(),
    /** The language of the member's mails (a profile setting; the sign-up's by default). */
    idioma: z.enum(LANGUAGES).optional(),
    // Third round (money and membership): the member's papers and standing.
    licenciaCaduca: z.string().nullable().optional(),
    cuotaHasta: z.string().nullable().optional(),
    bonoClases: z.number().int().optional(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const sessionSchema = lazySchema(() => z.object({ token: z.string(), user: userSchema }));
export type Session = z.infer<typeof sessionSchema>;

/** Status of a waiting member's entry in the staff view (API.md, second round); not a RoleStatus. */
export const WAITING_ROLE_STATUS = 5;

export const roleSchema = lazySchema(() =>
  z.object({
    roleId: z.enum(RoleId),
    status: z.union([z.enum(RoleStatus), z.literal(WAITING_ROLE_STATUS)]),
  }),
);
export type Role = z.infer<typeof roleSchema>;

export const participantSchema = lazySchema(() =>
  z.object({
    uuid: z.string(),
    nombre: z.string(),
    apellidos: z.string(),
    fullName: z.string(),
    categoria: z.enum(Category).nullable(),
    division: z.enum(Division).nullable(),
    factor: z.enum(Factor).nullable(),
    roles: z.array(roleSchema),
    // Staff only (API.md): a member never receives anyone's contact data.
    email: z.string().optional(),
    mobil: z.string().nullable().optional(),
    socio: z.string().nullable().optional(),
    licencia: z.string().nullable().optional(),
  }),
);
export type Participant = z.infer<typeof participantSchema>;

export const eventSchema = lazySchema(() =>
  z.object({
    uuid: z.string(),
    type: z.enum(EventType),
    start: z.string(),
    end: z.string(),
    evento: z.string(),
    nota: z.string().nullable(),
    plazas: z.number().int(),
    plazasLibres: z.number().int(),
    status: z.enum(EventStatus),
    soloLectura: z.boolean(),
    participantes: z.array(participantSchema),
    // Second round: waiting list (how many wait; the caller's place, 1 = next), the club-library
    // stage attached as the briefing, and a number that grows with every change of the event.
    listaEspera: z.number().int().optional(),
    enEspera: z.number().int().nullable().optional(),
    stageId: z.string().nullable().optional(),
    version: z.number().int().optional(),
    /** Staff view: the weekly series the event belongs to (created with repeatWeeks), or null. */
    seriesId: z.string().nullable().optional(),
  }),
);
export type Event = z.infer<typeof eventSchema>;
/** Alias of Event for code where the DOM's Event is in scope. */
export type ClubEvent = Event;

export const eventListSchema = lazySchema(() => z.array(eventSchema));

export const healthSchema = lazySchema(() => z.object({ status: z.literal('ok') }));
export type Health = z.infer<typeof healthSchema>;

/** The `{}` that several calls answer with. */
export const emptyAnswerSchema = lazySchema(() => z.object({}));

/** GET /api/registro/verify/: `{}`, or `{ alreadyConfirmed: true }` for a link followed before. */
export const verifyAnswerSchema = lazySchema(() =>
  z.object({ alreadyConfirmed: z.literal(true).optional() }),
);
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

// ---------------------------------------------------------------- subscribe

// Not strict either: an older client may send more about the role, and it is dropped.
export const subscribeRoleSchema = lazySchema(() =>
  z.object({
    roleId: enumField(RoleId),
    // 1 registers or updates, 2 cancels; staff set 3 and 4 through the staff area.
    status: z.union([z.literal(RoleStatus.reservado), z.literal(RoleStatus.anulado)], {
      error: (issue) => (issue.input === undefined ? 'required' : 'enum'),
    }),
  }),
);
export type SubscribeRole = z.infer<typeof subscribeRoleSchema>;

// The SPEC client sends the whole participant (person fields and all); what the server needs
// is kept and the rest dropped. categoria is accepted and ignored: the server computes it.
export const subscribeBodySchema = lazySchema(() =>
  z.object({
    uuid: uuidField,
    division: optionalEnumField(Division).optional(),
    factor: optionalEnumField(Factor).optional(),
    categoria: z.unknown().optional(),
    roles: z
      .array(subscribeRoleSchema, { error: requiredOrType })
      .length(1, { error: (issue) => (issue.code === 'too_small' ? 'required' : 'maxlength') }),
  }),
);
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;
export type SubscribeBodyInput = z.input<typeof subscribeBodySchema>;

// ---------------------------------------------------------------- month

// Path parameters arrive as text; only plain digits are read, so '1e1' or ' 3' are refused.
function pathInteger(min: number, max: number) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,4}$/, { error: 'type' })
          .transform(Number),
      ],
      {
        error: requiredOrType,
      },
    )
    .pipe(z.number().int({ error: 'type' }).min(min, { error: 'enum' }).max(max, { error: 'enum' }));
}

export const monthParamsSchema = lazySchema(() =>
  z.object({ year: pathInteger(FIRST_YEAR, LAST_YEAR), month: pathInteger(1, 12) }),
);
export type MonthParams = z.infer<typeof monthParamsSchema>;

// ---------------------------------------------------------------- staff area

export const ADMIN_EVENT_LIMITS = {
  evento: { max: 200 },
  nota: { max: 2000 },
  plazas: { min: 0, max: 1000 },
  repeatWeeks: { min: 1, max: 52 },
} as const;

const adminEventFields = () => ({
  type: enumField(EventType),
  start: eventTimeField,
  end: eventTimeField,
  evento: singleLineText(ADMIN_EVENT_LIMITS.evento.max),
  nota: optionalMultiLineText(ADMIN_EVENT_LIMITS.nota.max).optional(),
  plazas: z
    .number({ error: requiredOrType })
    .int({ error: 'type' })
    .min(ADMIN_EVENT_LIMITS.plazas.min, { error: 'unknown' })
    .max(ADMIN_EVENT_LIMITS.plazas.max, { error: 'unknown' }),
  status: enumField(EventStatus),
  soloLectura: z.boolean({ error: 'type' }).optional(),
  /** The club-library stage attached as the briefing (null takes it off; missing keeps it). */
  stageId: uuidField.nullable().optional(),
});

// 'date' on `end`: the form shows "enter a valid date" beside the field to correct.
function endAfterStart<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (value: Record<string, unknown>) => compareEventTimes(String(value.start), String(value.end)) < 0,
    {
      error: 'date',
      path: ['end'],
      // Only once both are real times (each field reports its own fault), and even when other
      // fields fail, so the form shows every fault at once.
      when: (payload) => {
        const value = payload.value as { start?: unknown; end?: unknown } | null;
        return (
          typeof value?.start === 'string' &&
          typeof value.end === 'string' &&
          isRealEventTime(value.start.trim()) &&
          isRealEventTime(value.end.trim())
        );
      },
    },
  );
}

export const adminEventBodySchema = lazySchema(() =>
  endAfterStart(
    z.strictObject({
      ...adminEventFields(),
      repeatWeeks: z
        .number({ error: 'type' })
        .int({ error: 'type' })
        .min(ADMIN_EVENT_LIMITS.repeatWeeks.min, { error: 'unknown' })
        .max(ADMIN_EVENT_LIMITS.repeatWeeks.max, { error: 'unknown' })
        .optional(),
    }),
  ),
);
export type AdminEventBody = z.infer<typeof adminEventBodySchema>;
export type AdminEventForm = z.input<typeof adminEventBodySchema>;

/** PUT /api/admin/events/{uuid}/: the same fields, without repeats. */
export const adminEventUpdateBodySchema = lazySchema(() => endAfterStart(z.strictObject(adminEventFields())));
export type AdminEventUpdateBody = z.infer<typeof adminEventUpdateBodySchema>;

/**
 * Staff lists of events carry seat counts and the caller's own registration; the participants
 * of an event come from its own page call. `participantes=all` keeps the first round's shape
 * (every registration of every event, with contact fields) for clients that still read it.
 */
export const participantesFlagSchema = lazySchema(() => z.enum(['all'], { error: 'enum' }).optional());

export const adminEventsQuerySchema = lazySchema(() =>
  z.strictObject({
    from: z.string().optional(),
    to: z.string().optional(),
    participantes: participantesFlagSchema,
  }),
);
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;

export const PARTICIPANTS_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

/** GET /api/admin/events/{uuid}/waitlist/: the waiting list in order, each with status 5 (staff). */
export const adminWaitlistSchema = lazySchema(() => z.object({ waiting: z.array(participantSchema) }));
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;

/** GET /api/admin/events/{uuid}/participants/?offset=&limit= */
export const participantsPageQuerySchema = lazySchema(() =>
  z.strictObject({
    offset: pathInteger(0, 9999).optional(),
    limit: pathInteger(1, PARTICIPANTS_PAGE.maxLimit).optional(),
  }),
);
export type ParticipantsPageQuery = z.infer<typeof participantsPageQuerySchema>;

/** One page of an event's participants (staff view, by surname), with how many there are. */
export const participantsPageSchema = lazySchema(() =>
  z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    participantes: z.array(participantSchema),
  }),
);
export type ParticipantsPage = z.infer<typeof participantsPageSchema>;

/**
 * `?scope=` of PUT and DELETE /api/admin/events/{uuid}/: the event alone (`this`, the default)
 * or it and every later event of its weekly series (`following`).
 */
export const EVENT_SCOPES = ['this', 'following'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const adminEventScopeQuerySchema = lazySchema(() =>
  z.strictObject({
    scope: z.enum(EVENT_SCOPES, { error: 'enum' }).optional(),
  }),
);
export type AdminEventScopeQuery = z.infer<typeof adminEventScopeQuerySchema>;

/** POST /api/admin/events/{uuid}/participants/: staff seat a member (a walk-in), even when full. */
export const adminAddParticipantBodySchema = lazySchema(() => z.strictObject({ personUuid: uuidField }));
export type AdminAddParticipantBody = z.infer<typeof adminAddParticipantBodySchema>;

export const adminParticipantStatusBodySchema = lazySchema(() =>
  z.strictObject({ status: enumField(RoleStatus) }),
);
export type AdminParticipantStatusBody = z.infer<typeof adminParticipantStatusBodySchema>;

// Only the flags the club vouches for; anything else is refused so a typo is not silently lost.
export const adminUserUpdateBodySchema = lazySchema(() =>
  z.strictObject({
    socio: optionalSingleLineText(50).optional(),
    licencia: optionalSingleLineText(100).optional(),
    curso: booleanField.optional(),
    habilitado: booleanField.optional(),
    arbitroIpsc: booleanField.optional(),
    arbitroPrecision: booleanField.optional(),
    entrenadorNacional: booleanField.optional(),
    instructorMisia: booleanField.optional(),
    autorizacionClub: booleanField.optional(),
    staff: booleanField.optional(),
    // Second round: null rejects the member-number claim (setting socio decides it too).
    socioSolicitado: z.null({ error: 'type' }).optional(),
    // Third round: the licence's expiry date (null: not recorded).
    licenciaCaduca: isoDateField.nullable().optional(),
  }),
);
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateBodySchema>;

export const adminUserSearchQuerySchema = lazySchema(() =>
  z.strictObject({
    q: z
      .string({ error: 'type' })
      .normalize('NFC')
      .trim()
      .max(100, { error: 'maxlength' })
      // A NUL byte reached the search and answered 500 (wapiti, scan of the third round).
      .refine(isSingleLine, { error: 'singleLine' })
      .optional()
      .transform((q) => q ?? ''),
    // Second round: `claims=1` lists the members whose member-number claim waits for staff.
    claims: z
      .enum(['0', '1'], { error: 'enum' })
      .optional()
      .transform((value) => value === '1'),
  }),
);
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

// id is whatever the server's table uses (integer or uuid); the client only keys on it.
export const contactMessageSchema = lazySchema(() =>
  z.object({
    id: z.union([z.string(), z.number()]),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
    /** When staff archived it (ISO), or null while it is active. */
    archivedAt: z.string().nullable().optional(),
  }),
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/admin/messages/?archived=1 lists the archived messages instead of the active ones. */
export const adminMessagesQuerySchema = lazySchema(() =>
  z.strictObject({
    archived: z
      .enum(['0', '1'], { error: 'enum' })
      .optional()
      .transform((value) => value === '1'),
  }),
);
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

/** PUT /api/admin/messages/{id}/: read, archived, or both; at least one. */
export const adminMessageUpdateBodySchema = lazySchema(() =>
  z
    .strictObject({ read: booleanField.optional(), archived: booleanField.optional() })
    .refine((body) => body.read !== undefined || body.archived !== undefined, {
      error: 'required',
      path: ['read'],
    }),
);
export type AdminMessageUpdateBody = z.infer<typeof adminMessageUpdateBodySchema>;

// ---------------------------------------------------------------- second round: events

/** PUT /api/events/{uuid}/waitlist/: the caller's own uuid. */
export const waitlistBodySchema = lazySchema(() => z.object({ uuid: uuidField }));
export type WaitlistBody = z.infer<typeof waitlistBodySchema>;

/** GET, POST /api/registro/{uuid}/feed/: the member's secret calendar address. */
export const feedAnswerSchema = lazySchema(() => z.object({ url: z.string() }));
export type FeedAnswer = z.infer<typeof feedAnswerSchema>;

export const adminMailQuerySchema = lazySchema(() =>
  z.strictObject({
    status: z.enum(['failed', 'pending'], { error: 'enum' }).optional(),
  }),
);
export type AdminMailQuery = z.infer<typeof adminMailQuerySchema>;

/** A mail of the delivery queue as the staff list shows it. */
export const queuedMailSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    tries: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type QueuedMail = z.infer<typeof queuedMailSchema>;
export const queuedMailListSchema = lazySchema(() => z.array(queuedMailSchema));

/** One of the member's registrations or waiting places, for "My registrations". */
export const myRegistrationSchema = lazySchema(() =>
  z.object({
    event: eventSchema,
    /** The registration's role status (1-4), or 5 while waiting. */
    status: z.number().int(),
    /** Place in the waiting line (1 = next), or null. */
    enEspera: z.number().int().nullable(),
  }),
);
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
export const myRegistrationListSchema = lazySchema(() => z.array(myRegistrationSchema));
