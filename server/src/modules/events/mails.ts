import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@club/contract/languages';
import type { AppContext } from '../../context.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { EventRow } from './repository.ts';

type MailLanguage = Language;
export type EventMailKind = 'registered' | 'cancelled' | 'eventCancelled';

export interface EventMailInput {
  kind: EventMailKind;
  language: string;
  to: string;
  nombre: string;
  evento: string;
  start: string;
  end: string;
  calendarUrl: string;
}

interface Texts {
  subject: Record<EventMailKind, (evento: string) => string>;
  greeting: (nombre: string) => string;
  body: Record<EventMailKind, string>;
  when: string;
  link: string;
  signature: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: {
      registered: (e) => `Inscripción confirmada: ${e}`,
      cancelled: (e) => `Inscripción anulada: ${e}`,
      eventCancelled: (e) => `Evento cancelado: ${e}`,
    },
    greeting: (n) => `Hola ${n}:`,
    body: {
      registered: 'Tu inscripción en este evento ha quedado registrada.',
      cancelled: 'Tu inscripción en este evento ha sido anulada y tu plaza queda libre.',
      eventCancelled: 'El club ha cancelado este evento, en el que estabas inscrito.',
    },
    when: 'Cuándo',
    link: 'Calendario del club',
    signature: 'El equipo del club',
  },
  ca: {
    subject: {
      registered: (e) => `Inscripció confirmada: ${e}`,
      cancelled: (e) => `Inscripció anul·lada: ${e}`,
      eventCancelled: (e) => `Esdeveniment cancel·lat: ${e}`,
    },
    greeting: (n) => `Hola ${n}:`,
    body: {
      registered: 'La teva inscripció en aquest esdeveniment ha quedat registrada.',
      cancelled: "La teva inscripció en aquest esdeveniment s'ha anul·lat i la teva plaça queda lliure.",
      eventCancelled: 'El club ha cancel·lat aquest esdeveniment, en què estaves inscrit.',
    },
    when: 'Quan',
    link: 'Calendari del club',
    signature: "L'equip del club",
  },
  en: {
    subject: {
      registered: (e) => `Registration confirmed: ${e}`,
      cancelled: (e) => `Registration cancelled: ${e}`,
      eventCancelled: (e) => `Event cancelled: ${e}`,
    },
    greeting: (n) => `Hello ${n},`,
    body: {
      registered: 'Your registration for this event has been recorded.',
      cancelled: 'Your registration for this event has been cancelled and your seat is free again.',
      eventCancelled: 'The club has cancelled this event, for which you were registered.',
    },
    when: 'When',
    link: 'Club calendar',
    signature: 'The club team',
  },
};

/** A plain-text mail about an event registration, in the member's language. */
export function eventMail(input: EventMailInput): MailMessage {
  const t = TEXTS[mailLanguageOf(input.language)];
  const text = [
    t.greeting(input.nombre),
    '',
    t.body[input.kind],
    '',
    input.evento,
    `${t.when}: ${input.start.slice(0, 16)} - ${input.end.slice(0, 16)}`,
    '',
    `${t.link}: ${input.calendarUrl}`,
    '',
    t.signature,
  ].join('\n');
  return { to: input.to, subject: t.subject[input.kind](input.evento), text };
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
