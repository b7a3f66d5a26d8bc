import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../../mail/mailer.ts';
import type { AppContext } from '../../context.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { enqueueMail } from '../../jobs/queue.ts';
import type { Language } from '@club/contract/languages';
import { mailLanguageOf } from '../../lib/language.ts';
import { instantOfWallTime } from '@club/contract/club-time';
import { eventMailHtml } from '../../mail/html.ts';
import { formatWall } from '@club/contract/wall-format';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

type MailLanguage = Language;
export type EventMailKind =
  | 'registered'
  | 'cancelled'
  | 'eventCancelled'
  | 'eventCancelledWaiting'
  | 'promoted'
  | 'confirmed'
  | 'cancelledByStaff'
  | 'restoredByStaff'
  | 'reminder'
  | 'eventChanged';

/**
 * What each kind's calendar part asks of the member's calendar (RFC 5546): REQUEST adds or
 * updates the event (bookings, changes, reminders), CANCEL takes it out (a cancelled booking, a
 * deleted event). A member who was only waiting never had it: no calendar part.
 */
export const CALENDAR_METHOD: Record<EventMailKind, 'REQUEST' | 'CANCEL' | undefined> = {
  registered: 'REQUEST',
  promoted: 'REQUEST',
  confirmed: 'REQUEST',
  restoredByStaff: 'REQUEST',
  reminder: 'REQUEST',
  eventChanged: 'REQUEST',
  cancelled: 'CANCEL',
  cancelledByStaff: 'CANCEL',
  eventCancelled: 'CANCEL',
  eventCancelledWaiting: undefined,
};

export interface EventMailInput {
  kind: EventMailKind;
  language: string;
  to: string;
  nombre: string;
  evento: string;
  start: string;
  end: string;
  /** The club's time zone: the times are wall times there, and the mail names it. */
  timeZone: string;
  /** Where the event is (the club's address). */
  place: string;
  /** The event's details card. */
  link: string;
  /** The member's copy of the event as iCalendar (METHOD of the kind), for the kinds that have one. */
  ics?: string;
  /** Reminders: the signed link that turns them off without signing in (List-Unsubscribe). */
  remindersOff?: { page: string; oneClick: string };
  /** For eventChanged: how it was (only what changed is told). */
  before?: { evento: string; start: string; end: string };
}

interface Texts {
  subject: Record<EventMailKind, (evento: string) => string>;
  greeting: (nombre: string) => string;
  body: Record<EventMailKind, string>;
  when: string;
  where: string;
  was: string;
  link: string;
  remindersOff: string;
  signature: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: {
      registered: (e) => `Inscripción confirmada: ${e}`,
      cancelled: (e) => `Inscripción anulada: ${e}`,
      eventCancelled: (e) => `Evento cancelado: ${e}`,
      eventCancelledWaiting: (e) => `Evento cancelado: ${e}`,
      promoted: (e) => `Tienes plaza: ${e}`,
      confirmed: (e) => `El club ha confirmado tu plaza: ${e}`,
      cancelledByStaff: (e) => `El club ha anulado tu inscripción: ${e}`,
      restoredByStaff: (e) => `El club ha recuperado tu inscripción: ${e}`,
      reminder: (e) => `Recordatorio: ${e}`,
      eventChanged: (e) => `Cambios en el evento: ${e}`,
    },
    greeting: (n) => `Hola ${n}:`,
    body: {
      registered: 'Tu inscripción en este evento ha quedado registrada.',
      cancelled: 'Tu inscripción en este evento ha sido anulada y tu plaza queda libre.',
      eventCancelled: 'El club ha cancelado este evento, en el que tenías plaza.',
      eventCancelledWaiting: 'El club ha cancelado este evento, en cuya lista de espera estabas.',
      promoted: 'Se ha liberado una plaza y era tuya: estabas en la lista de espera y ya tienes plaza.',
      confirmed: 'El club ha confirmado tu inscripción en este evento.',
      cancelledByStaff:
        'El club ha anulado tu inscripción en este evento: tu plaza queda libre y no se te espera. Si crees que es un error, contesta a este mensaje o llama al club.',
      restoredByStaff: 'El club ha vuelto a darte plaza en este evento: te esperamos.',
      reminder: 'Te recordamos que tienes plaza en este evento.',
      eventChanged: 'El club ha cambiado este evento, en el que tienes plaza.',
    },
    when: 'Cuándo',
    where: 'Dónde',
    was: 'Antes',
    link: 'Ver el evento',
    remindersOff: 'Para no recibir más recordatorios de eventos',
    signature: CLUB_SIGNATURE,
  },
  ca: {
    subject: {
      registered: (e) => `Inscripció confirmada: ${e}`,
      cancelled: (e) => `Inscripció anul·lada: ${e}`,
      eventCancelled: (e) => `Esdeveniment cancel·lat: ${e}`,
      eventCancelledWaiting: (e) => `Esdeveniment cancel·lat: ${e}`,
      promoted: (e) => `Tens plaça: ${e}`,
      confirmed: (e) => `El club ha confirmat la teva plaça: ${e}`,
      cancelledByStaff: (e) => `El club ha anul·lat la teva inscripció: ${e}`,
      restoredByStaff: (e) => `El club ha recuperat la teva inscripció: ${e}`,
      reminder: (e) => `Recordatori: ${e}`,
      eventChanged: (e) => `Canvis a l'esdeveniment: ${e}`,
    },
    greeting: (n) => `Hola ${n}:`,
    body: {
      registered: 'La teva inscripció en aquest esdeveniment ha quedat registrada.',
      cancelled: "La teva inscripció en aquest esdeveniment s'ha anul·lat i la teva plaça queda lliure.",
      eventCancelled: 'El club ha cancel·lat aquest esdeveniment, en què tenies plaça.',
      eventCancelledWaiting: "El club ha cancel·lat aquest esdeveniment, de la llista d'espera del qual formaves part.",
      promoted: "S'ha alliberat una plaça i era teva: eres a la llista d'espera i ja hi tens plaça.",
      confirmed: 'El club ha confirmat la teva inscripció en aquest esdeveniment.',
      cancelledByStaff:
        "El club ha anul·lat la teva inscripció en aquest esdeveniment: la teva plaça queda lliure i no se t'espera. Si creus que és un error, respon aquest missatge o truca al club.",
      restoredByStaff: "El club t'ha tornat a donar plaça en aquest esdeveniment: t'esperem.",
      reminder: 'Et recordem que tens plaça en aquest esdeveniment.',
      eventChanged: 'El club ha canviat aquest esdeveniment, en què tens plaça.',
    },
    when: 'Quan',
    where: 'On',
    was: 'Abans',
    link: "Veure l'esdeveniment",
    remindersOff: "Per no rebre més recordatoris d'esdeveniments",
    signature: CLUB_SIGNATURE,
  },
  en: {
    subject: {
      registered: (e) => `Registration confirmed: ${e}`,
      cancelled: (e) => `Registration cancelled: ${e}`,
      eventCancelled: (e) => `Event cancelled: ${e}`,
      eventCancelledWaiting: (e) => `Event cancelled: ${e}`,
      promoted: (e) => `You have a seat: ${e}`,
      confirmed: (e) => `The club confirmed your seat: ${e}`,
      cancelledByStaff: (e) => `The club cancelled your registration: ${e}`,
      restoredByStaff: (e) => `The club restored your registration: ${e}`,
      reminder: (e) => `Reminder: ${e}`,
      eventChanged: (e) => `Event changed: ${e}`,
    },
    greeting: (n) => `Hello ${n},`,
    body: {
      registered: 'Your registration for this event has been recorded.',
      cancelled: 'Your registration for this event has been cancelled and your seat is free again.',
      eventCancelled: 'The club has cancelled this event, for which you were registered.',
      eventCancelledWaiting: 'The club has cancelled this event, for which you were on the waiting list.',
      promoted: 'A seat came free and it was yours: you were on the waiting list and are now registered.',
      confirmed: 'The club has confirmed your registration for this event.',
      cancelledByStaff:
        'The club has cancelled your registration for this event: your seat is free and you are not expected. If you think this is a mistake, reply to this message or call the club.',
      restoredByStaff: 'The club has given you a seat at this event again: we expect you.',
      reminder: 'A reminder that you are registered for this event.',
      eventChanged: 'The club has changed this event, for which you are registered.',
    },
    when: 'When',
    where: 'Where',
    was: 'Before',
    link: 'See the event',
    remindersOff: 'To stop event reminders',
    signature: CLUB_SIGNATURE,
  },
};

const LOCALES: Record<MailLanguage, string> = { es: 'es-ES', ca: 'ca-ES', en: 'en-GB' };

/**
 * An event's time as people write it, in their language: "sábado, 12 de diciembre de 2026,
 * 19:00-20:30"; the end's date is written too when it falls on another day. The wall times are
 * the club's, so they are formatted as they are, with no zone arithmetic.
 */
export function peopleDateRange(start: string, end: string, language: string): string {
  const locale = LOCALES[mailLanguageOf(language)];
  const day = (wall: string) => formatWall(wall, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = (wall: string) => wall.slice(11, 16);
  if (start.slice(0, 10) === end.slice(0, 10)) return `${day(start)}, ${time(start)}-${time(end)}`;
  return `${day(start)}, ${time(start)} - ${day(end)}, ${time(end)}`;
}

/**
 * An event's time as a mail writes it: the wall-time range of peopleDateRange followed by the
 * name of the club's time zone at the start ("hora estándar de Europa central"), and at the end
 * too when the clock changes in between. The one formatter of times in event mails.
 */
export function mailTimeWithZone(start: string, end: string, language: string, timeZone: string): string {
  const lang = mailLanguageOf(language);
  const zoneName = (wall: string) => {
    const name =
      new Intl.DateTimeFormat(LOCALES[lang], { timeZone, timeZoneName: 'long' })
        .formatToParts(instantOfWallTime(wall, timeZone))
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    // Mid-sentence in Spanish and Catalan: "hora de verano...", not "Hora de verano...".
    return lang === 'en' ? name : name.charAt(0).toLowerCase() + name.slice(1);
  };
  const [first, last] = [zoneName(start), zoneName(end)];
  return `${peopleDateRange(start, end, language)} (${first === last ? first : `${first} - ${last}`})`;
}

/** A mail about an event registration in the member's language: plain text and HTML alike. */
export function eventMail(input: EventMailInput): MailMessage {
  const t = TEXTS[mailLanguageOf(input.language)];
  const before = input.before;
  const changedLines: string[] = [];
  if (before) {
    if (before.evento !== input.evento) changedLines.push(`${t.was}: ${before.evento}`);
    if (before.start !== input.start || before.end !== input.end) {
      changedLines.push(`${t.was}: ${mailTimeWithZone(before.start, before.end, input.language, input.timeZone)}`);
    }
  }
  const when = mailTimeWithZone(input.start, input.end, input.language, input.timeZone);
  const text = [
    t.greeting(input.nombre),
    '',
    t.body[input.kind],
    '',
    input.evento,
    `${t.when}: ${when}`,
    ...changedLines,
    `${t.where}: ${input.place}`,
    '',
    `${t.link}: ${input.link}`,
    '',
    t.signature,
    ...(input.remindersOff ? ['', `${t.remindersOff}: ${input.remindersOff.page}`] : []),
  ].join('\n');
  const html = eventMailHtml({
    language: mailLanguageOf(input.language),
    greeting: t.greeting(input.nombre),
    lead: t.body[input.kind],
    title: input.evento,
    details: [
      [t.when, when],
      ...changedLines.map((line): [string, string] => [t.was, line.slice(t.was.length + 2)]),
      [t.where, input.place],
    ],
    button: { label: t.link, href: input.link },
    signature: t.signature,
    footer: input.remindersOff ? { text: t.remindersOff, href: input.remindersOff.page } : undefined,
  });
  const message: MailMessage = { to: input.to, subject: t.subject[input.kind](input.evento), text, html };
  const method = CALENDAR_METHOD[input.kind];
  if (input.ics && method) message.icalEvent = { method, filename: 'event.ics', content: input.ics };
  if (input.remindersOff) {
    // RFC 2369 and RFC 8058: mail programs offer "unsubscribe" and send the one-click POST.
    message.headers = {
      'List-Unsubscribe': `<${input.remindersOff.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return message;
}

/**
 * Queues mails that follow a change made elsewhere (verification links and notices), each for
 * the job worker to deliver with retries. Callers with a transaction of their own should use
 * enqueueMail inside it instead, so the mail and the change stand or fall together.
 */
export function sendMails(ctx: AppContext, log: FastifyBaseLogger, messages: MailMessage[]): void {
  const now = ctx.clock.now();
  withWriteTransaction(ctx.db, async (trx) => {
    for (const message of messages) await enqueueMail(trx, now, message);
  }).then(
    () => ctx.jobs.kick(),
    (err: unknown) => log.error({ err }, 'mail could not be queued'),
  );
}
