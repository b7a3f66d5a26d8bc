import type { FastifyBaseLogger } from 'fastify';
import type { Event, MonthParams, SubscribeBody } from '@club/contract/schemas';
import { EventStatus, RoleStatus } from '@club/contract/enums';
import type { RegistrationAction, RegistrationEvent, Requirement } from '@club/contract/eligibility';
import { checkRegistration, isRegistered, roleForEventType } from '@club/contract/eligibility';
import { categoryFor } from '@club/contract/category';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubWallTime } from '../../lib/clock.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { MemberRow } from '../members/repository.ts';
import { toUser } from '../members/repository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { eventMail } from './mails.ts';
import type { EventMailKind } from './mails.ts';
import { toEvent, toEvents } from './event-view.ts';
import type { EventRow, ParticipantScope, RegistrationRow } from './repository.ts';
import {
  findEvent,
  findEventsBetween,
  findParticipants,
  findRegistration,
  freeSeat,
  insertRegistration,
  isUniqueViolation,
  lockEvent,
  takeSeat,
  updateRegistration,
  withWriteTransaction,
} from './repository.ts';

/** Who is asking: null for an anonymous visitor. */
export type Viewer = { memberId: string; staff: boolean } | null;

export function viewerOf(member: MemberRow | null | undefined): Viewer {
  return member ? { memberId: member.id, staff: Boolean(member.staff) } : null;
}

function scopeFor(viewer: Viewer): ParticipantScope {
  if (!viewer) return { kind: 'none' };
  return viewer.staff ? { kind: 'all' } : { kind: 'member', memberId: viewer.memberId };
}

/**
 * Whose registrations a list of events carries: the viewer's own. Every registration of every
 * event (staff asking with `participantes=all`) grows with the club: staff read an event's
 * participants from that event, a page at a time.
 */
function listScopeFor(viewer: Viewer, everyone: boolean): ParticipantScope {
  if (viewer?.staff && everyone) return { kind: 'all' };
  return viewer ? { kind: 'member', memberId: viewer.memberId } : { kind: 'none' };
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** First day of a month and of the next one, as 'yyyy-MM-dd' bounds for start_at. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return { from: `${year}-${pad2(month)}-01`, to: `${nextYear}-${pad2(nextMonth)}-01` };
}

/** Events starting in the month, by start, as the viewer may see them. */
export async function listMonth(
  ctx: AppContext,
  params: MonthParams,
  viewer: Viewer,
  everyone = false,
): Promise<Event[]> {
  const { from, to } = monthBounds(params.year, params.month);
  return listEvents(ctx, { from, to }, viewer, everyone);
}

/**
 * Events starting in [from, to), private ones only for members, each with the viewer's own
 * registration, or with everyone's when staff ask for `everyone`.
 */
export async function listEvents(
  ctx: AppContext,
  range: { from?: string; to?: string },
  viewer: Viewer,
  everyone = false,
): Promise<Event[]> {
  const db = ctx.db.kysely;
  const rows = await findEventsBetween(db, {
    ...range,
    includePrivate: viewer !== null,
    publicStatus: EventStatus.publico,
  });
  const participants = await findParticipants(
    db,
    rows.map((row) => row.id),
    listScopeFor(viewer, everyone),
  );
  return toEvents(rows, participants, viewer?.staff === true);
}

/** One event as the viewer may see it; 404 when unknown or private to an anonymous caller. */
export async function getEvent(ctx: AppContext, id: string, viewer: Viewer): Promise<Event> {
  const row = await findEvent(ctx.db.kysely, id);
  if (!row || (viewer === null && row.status !== EventStatus.publico))
    throw new ApiError('NOT_FOUND', 'No such event.');
  return viewOfRow(ctx, row, viewer);
}

export async function viewOfRow(ctx: AppContext, row: EventRow, viewer: Viewer): Promise<Event> {
  const participants = await findParticipants(ctx.db.kysely, [row.id], scopeFor(viewer));
  return toEvent(row, participants, viewer?.staff === true);
}

const REASON_MESSAGES: Partial<Record<string, string>> = {
  NOT_REGISTRABLE: 'This event takes no registrations.',
  EVENT_LOCKED: 'This event is locked.',
  EVENT_EXPIRED: 'This event has already started.',
  ALREADY_REGISTERED: 'You are already registered for this event.',
  NOT_REGISTERED: 'You are not registered for this event.',
  EVENT_FULL: 'No seat is left.',
};

function refusal(reason: string, missing?: Requirement[]): ApiError {
  if (reason === 'NOT_ELIGIBLE') {
    return new ApiError('NOT_ELIGIBLE', `This event needs: ${(missing ?? []).join(', ')}.`);
  }
  return new ApiError(reason as ConstructorParameters<typeof ApiError>[0], REASON_MESSAGES[reason]);
}

/** The event as the rules read it: seats from the counter, the member's own registration only. */
function registrationEvent(
  event: EventRow,
  memberId: string,
  own: RegistrationRow | undefined,
): RegistrationEvent {
  return {
    type: event.type,
    start: event.start_at,
    plazas: event.plazas,
    plazasLibres: event.plazas - event.plazas_taken,
    soloLectura: Boolean(event.solo_lectura),
    participantes: own ? [{ uuid: memberId, roles: [{ roleId: own.role_id, status: own.status }] }] : [],
  };
}

/**
 * Registers, updates or cancels the member's registration (PUT /api/events/{uuid}/subscribe/).
 * The seat and the registration change in one write transaction; the mail goes after commit.
 */
export async function subscribe(
  ctx: AppContext,
  log: FastifyBaseLogger,
  eventId: string,
  body: SubscribeBody,
  member: MemberRow,
): Promise<Event> {
  if (body.uuid.toLowerCase() !== member.id.toLowerCase()) {
    throw new ApiError('FORBIDDEN', 'You can only register yourself.');
  }
  const wantsCancel = body.roles[0].status === RoleStatus.anulado;
  const nowLocal = clubWallTime(ctx.clock.now(), ctx.config.clubTimezone);
  const stamp = isoOf(ctx.clock.now());
  const user = toUser(member);

  const outcome = await withWriteTransaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, ctx.db.dialect, eventId);
    if (!event) throw new ApiError('NOT_FOUND', 'No such event.');
    const own = await findRegistration(trx, event.id, member.id);
    const ruleEvent = registrationEvent(event, member.id, own);
    let action: RegistrationAction = 'cancel';
    if (!wantsCancel) {
      // Status 1 while registered updates division or factor; one that changes nothing is a
      // second registration (a repeated click, a concurrent double call): ALREADY_REGISTERED.
      const changes =
        own !== undefined &&
        ((body.division !== undefined && body.division !== own.division) ||
          (body.factor !== undefined && body.factor !== own.factor));
      action = isRegistered(ruleEvent, member.id) && changes ? 'update' : 'register';
    }
    const check = checkRegistration({ event: ruleEvent, member: user, nowLocal, action });
    if (!check.ok) throw refusal(check.reason, check.missing);

    const roleId = roleForEventType(event.type);
    const categoria = categoryFor(member.sexo, member.nacimiento, event.start_at);
    if (action !== 'register' && !own) throw refusal('NOT_REGISTERED');
    if (action === 'cancel' && own) {
      await updateRegistration(trx, own.id, { status: RoleStatus.anulado, updated_at: stamp });
      await freeSeat(trx, event.id, stamp);
      return { event, mail: 'cancelled' as const };
    }
    if (action === 'update' && own) {
      await updateRegistration(trx, own.id, {
        categoria,
        division: body.division === undefined ? own.division : body.division,
        factor: body.factor === undefined ? own.factor : body.factor,
        updated_at: stamp,
      });
      return { event, mail: null };
    }
    // Register: the seat first, by a conditional UPDATE that no concurrent call can overtake.
    if (!(await takeSeat(trx, event.id, stamp))) throw refusal('EVENT_FULL');
    const fields = {
      role_id: roleId,
      status: RoleStatus.reservado,
      categoria,
      division: body.division === undefined ? member.division : body.division,
      factor: body.factor === undefined ? member.factor : body.factor,
      updated_at: stamp,
    };
    if (own) {
      // A member who cancelled registers again on the same row (unique per event and member).
      await updateRegistration(trx, own.id, fields);
    } else {
      try {
        await insertRegistration(trx, {
          id: newId(),
          event_id: event.id,
          member_id: member.id,
          created_at: stamp,
          ...fields,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refusal('ALREADY_REGISTERED');
        throw err;
      }
    }
    return { event, mail: 'registered' as const };
  });

  if (outcome.mail) {
    sendMails(ctx, log, [
      eventMail({
        kind: outcome.mail,
        language: member.language,
        to: member.email,
        nombre: member.nombre,
        evento: outcome.event.evento,
        start: outcome.event.start_at,
        end: outcome.event.end_at,
        calendarUrl: `${ctx.config.publicUrl}/calendar`,
      }),
    ]);
  }
  return getEvent(ctx, eventId, viewerOf(member));
}

/** Mails about an event for each member, built in their language. */
export function eventMailsFor(
  ctx: AppContext,
  kind: EventMailKind,
  event: Pick<EventRow, 'evento' | 'start_at' | 'end_at'>,
  members: Array<{ email: string; language: string; nombre: string }>,
): MailMessage[] {
  return members.map((m) =>
    eventMail({
      kind,
      language: m.language,
      to: m.email,
      nombre: m.nombre,
      evento: event.evento,
      start: event.start_at,
      end: event.end_at,
      calendarUrl: `${ctx.config.publicUrl}/calendar`,
    }),
  );
}

/**
 * Sends mails without holding up the answer; the data is already committed, so a failing mail
 * server is logged and the call still succeeds.
 */
export function sendMails(ctx: AppContext, log: FastifyBaseLogger, messages: MailMessage[]): void {
  for (const message of messages) {
    ctx.mailer.send(message).catch((err: unknown) => {
      log.error({ err, to: message.to, subject: message.subject }, 'event mail could not be sent');
    });
  }
}
