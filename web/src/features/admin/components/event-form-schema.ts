// The event form: date and time inputs in club wall time, turned into the contract's body and
// checked by the contract's own schema, so the form and the server agree on every rule.
import { z } from 'zod';
import { ADMIN_EVENT_LIMITS, adminEventBodySchema, adminEventUpdateBodySchema } from '@club/contract/schemas';
import type { AdminEventBody, AdminEventForm, ClubEvent } from '@club/contract/schemas';
import { EventStatus } from '@club/contract/enums';
import { addDays, isIsoDate, isRealEventTime } from '@club/contract/event-time';
import { CLUB_TIMEZONE, eventTimeFaults, eventTimeFaultsMessage } from '@club/contract/club-time';
import { fieldErrorCodeOfIssue } from '@club/contract/messages';
import type { FieldErrors } from '@club/contract/errors';

export type EventFormMode = 'create' | 'edit';

export interface EventFormValues {
  type: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  evento: string;
  nota: string;
  plazas: string;
  status: string;
  soloLectura: boolean;
  repeat: boolean;
  repeatWeeks: string;
  /** The club-library stage attached as briefing or homework; '' for none. */
  stageId: string;
}

export type EventFormField = keyof EventFormValues;

/** Form-only message codes, beside the contract's field codes. */
export const END_BEFORE_START = 'endBeforeStart';
export const OUT_OF_RANGE = 'outOfRange';
export const SEATS_BELOW_TAKEN = 'seatsBelowTaken';
/** A start or end the club's clock skips or shows twice (the server's TIME_NOT_IN_CLUB_ZONE). */
export const CLOCK_CHANGE = 'clockChange';

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'HH:MM' or 'HH:MM:SS' of a time input as 'HH:MM:SS'; anything else as typed, for the schema to refuse. */
function fullTime(text: string): string {
  const match = TIME.exec(text.trim());
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : text.trim();
}

function joinTime(date: string, time: string): string {
  if (date.trim() === '' || time.trim() === '') return '';
  return `${date.trim()} ${fullTime(time)}`;
}

function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // Number('1e1') is 10 and Number('0x1') is 1: only plain integers count as typed numbers.
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The body of the create or update call that the form's values stand for (not yet checked). */
export function bodyFromForm(values: EventFormValues, mode: EventFormMode): AdminEventForm {
  const body: AdminEventForm = {
    type: (values.type === '' ? undefined : Number(values.type)) as AdminEventForm['type'],
    start: joinTime(values.startDate, values.startTime),
    end: joinTime(values.endDate, values.endTime),
    evento: values.evento,
    nota: values.nota,
    plazas: numberOf(values.plazas) as number,
    status: (values.status === '' ? undefined : Number(values.status)) as AdminEventForm['status'],
    soloLectura: values.soloLectura,
    // Creating without a stage sends none; editing to none takes the stage off.
    stageId: values.stageId !== '' ? values.stageId : mode === 'edit' ? null : undefined,
  };
  if (mode === 'create' && values.repeat) body.repeatWeeks = numberOf(values.repeatWeeks);
  return body;
}

/** Which form field shows a fault of the body's `start` or `end`. */
function timeField(values: EventFormValues, which: 'start' | 'end'): EventFormField {
  const date = which === 'start' ? values.startDate : values.endDate;
  const time = which === 'start' ? values.startTime : values.endTime;
  const dateField = which === 'start' ? 'startDate' : 'endDate';
  const timeFieldName = which === 'start' ? 'startTime' : 'endTime';
  if (date.trim() === '' || !isIsoDate(date.trim())) return dateField;
  if (time.trim() === '' || !isRealEventTime(`${date.trim()} ${fullTime(time)}`)) return timeFieldName;
  return dateField;
}

/** The form field that shows an error of a body field (the server's `fields` or the schema's issues). */
export function formFieldOf(bodyField: string, values: EventFormValues): EventFormField | undefined {
  switch (bodyField) {
    case 'start':
      return timeField(values, 'start');
    case 'end':
      return timeField(values, 'end');
    case 'type':
    case 'evento':
    case 'nota':
    case 'plazas':
    case 'status':
    case 'soloLectura':
    case 'repeatWeeks':
    case 'stageId':
      return bodyField;
    default:
      return undefined;
  }
}

/** The form's message code for one body issue: the contract's code, or a clearer form-only one. */
function formCode(bodyField: string, code: string, values: EventFormValues): string {
  if (bodyField === 'end' && code === 'date') {
    // The contract says 'date' for an end before the start; both times being real means that is what happened.
    const start = joinTime(values.startDate, values.startTime);
    const end = joinTime(values.endDate, values.endTime);
    if (isRealEventTime(start) && isRealEventTime(end)) return END_BEFORE_START;
  }
  if ((bodyField === 'plazas' || bodyField === 'repeatWeeks') && code === 'unknown') return OUT_OF_RANGE;
  return code;
}

/**
 * The faults of the body's times in the club's zone: the event's own and, for a weekly repeat,
 * each week's (the same check the server makes).
 */
export function clockFaultsOf(body: Pick<AdminEventBody, 'start' | 'end' | 'repeatWeeks'>, timeZone = CLUB_TIMEZONE) {
  const weeks = body.repeatWeeks ?? 1;
  return eventTimeFaults(
    Array.from({ length: weeks }, (_, week) => ({ start: addDays(body.start, 7 * week), end: addDays(body.end, 7 * week) })),
    timeZone,
  );
}

/**
 * The message for a field marked CLOCK_CHANGE, in the staff member's language, naming the clock
 * change (and a series' dates); undefined when the values have no such fault (any more).
 */
export function clockChangeMessage(
  values: EventFormValues,
  mode: EventFormMode,
  field: EventFormField,
  language: string,
  timeZone = CLUB_TIMEZONE,
): string | undefined {
  const body = bodyFromForm(values, mode);
  if (!isRealEventTime(body.start) || !isRealEventTime(body.end)) return undefined;
  const which = field === 'startTime' || field === 'startDate' ? 'start' : 'end';
  const repeatWeeks = typeof body.repeatWeeks === 'number' && body.repeatWeeks > 0 ? body.repeatWeeks : undefined;
  const faults = clockFaultsOf({ start: body.start, end: body.end, repeatWeeks }, timeZone).filter(
    (fault) => fault.field === which,
  );
  return faults.length > 0 ? eventTimeFaultsMessage(faults, timeZone, language) : undefined;
}

/** The form's schema for react-hook-form: checks with the contract and outputs the call's body. */
export function eventFormSchema(mode: EventFormMode) {
  const bodySchema = mode === 'create' ? adminEventBodySchema : adminEventUpdateBodySchema;
  return z
    .object({
      type: z.string(),
      startDate: z.string(),
      startTime: z.string(),
      endDate: z.string(),
      endTime: z.string(),
      evento: z.string(),
      nota: z.string(),
      plazas: z.string(),
      status: z.string(),
      soloLectura: z.boolean(),
      repeat: z.boolean(),
      repeatWeeks: z.string(),
      stageId: z.string(),
    })
    .transform((values, ctx): AdminEventBody => {
      const result = bodySchema.safeParse(bodyFromForm(values, mode));
      if (result.success) {
        const faults = clockFaultsOf(result.data);
        if (faults.length === 0) return result.data;
        for (const which of new Set(faults.map((fault) => fault.field))) {
          ctx.addIssue({ code: 'custom', path: [which === 'start' ? 'startTime' : 'endTime'], message: CLOCK_CHANGE });
        }
        return z.NEVER;
      }
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const bodyField = String(issue.path[0] ?? '');
        const field = formFieldOf(bodyField, values);
        if (!field || seen.has(field)) continue;
        seen.add(field);
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: formCode(bodyField, fieldErrorCodeOfIssue(issue), values),
        });
      }
      return z.NEVER;
    });
}

/** Server field errors placed on the form's fields (first code of each). */
export function formErrorsFromServer(
  fields: FieldErrors,
  values: EventFormValues,
): Array<[EventFormField, string]> {
  const placed = new Map<EventFormField, string>();
  for (const [bodyField, codes] of Object.entries(fields)) {
    const field = formFieldOf(bodyField, values);
    const code = codes[0];
    if (field && code && !placed.has(field)) placed.set(field, formCode(bodyField, code, values));
  }
  return [...placed];
}

/** The limits the messages name. */
export const EVENT_FORM_LIMITS = ADMIN_EVENT_LIMITS;

/** Empty form for a new event on `date`. */
export function newEventValues(date: string): EventFormValues {
  return {
    type: '',
    startDate: date,
    startTime: '18:00',
    endDate: date,
    endTime: '20:00',
    evento: '',
    nota: '',
    plazas: '10',
    status: String(EventStatus.publico),
    soloLectura: false,
    repeat: false,
    repeatWeeks: '4',
    stageId: '',
  };
}

function splitTime(text: string): { date: string; time: string } {
  const [date = '', time = ''] = text.trim().split(' ');
  return { date, time: time.slice(0, 5) };
}

/** The form filled from an event; `weeksLater` moves both times (to repeat it). */
export function valuesFromEvent(event: ClubEvent, weeksLater = 0): EventFormValues {
  const start = splitTime(weeksLater ? addDays(event.start, 7 * weeksLater) : event.start);
  const end = splitTime(weeksLater ? addDays(event.end, 7 * weeksLater) : event.end);
  return {
    type: String(event.type),
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    evento: event.evento,
    nota: event.nota ?? '',
    plazas: String(event.plazas),
    status: String(event.status),
    soloLectura: weeksLater ? false : event.soloLectura,
    repeat: weeksLater > 0,
    repeatWeeks: '4',
    stageId: event.stageId ?? '',
  };
}
