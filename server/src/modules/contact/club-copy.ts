// The club's copy of a visitor's message: in the club's language (site settings), with the time
// in the club's time zone, whatever language the visitor wrote from.
import type { ContactBody } from '@club/contract/forms';
import type { Language } from '@club/contract/languages';
import { clubWallTime } from '@club/contract/club-time';

interface CopyTexts {
  name: string;
  email: string;
  language: string;
  sent: string;
  languages: Record<Language, string>;
}

const TEXTS: Record<Language, CopyTexts> = {
  es: {
    name: 'Nombre',
    email: 'Correo electrónico',
    language: 'Idioma de la web',
    sent: 'Enviado',
    languages: { es: 'español', ca: 'catalán', en: 'inglés' },
  },
  ca: {
    name: 'Nom',
    email: 'Correu electrònic',
    language: 'Idioma del web',
    sent: 'Enviat',
    languages: { es: 'castellà', ca: 'català', en: 'anglès' },
  },
  en: {
    name: 'Name',
    email: 'E-mail',
    language: 'Site language',
    sent: 'Sent',
    languages: { es: 'Spanish', ca: 'Catalan', en: 'English' },
  },
};

/** 'DD/MM/YYYY HH:MM' of an instant on the club's wall clock. */
export function clubDateTime(instant: Date, timeZone: string): string {
  const wall = clubWallTime(instant, timeZone);
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
}

/** The plain-text body of the club's copy. */
export function clubCopyText(
  body: ContactBody,
  sender: { language: string; sentAt: Date },
  club: { language: Language; timeZone: string },
): string {
  const texts = TEXTS[club.language];
  const senderLanguage = texts.languages[sender.language as Language] ?? sender.language;
  return [
    `${texts.name}: ${body.name}`,
    `${texts.email}: ${body.email}`,
    `${texts.language}: ${senderLanguage}`,
    `${texts.sent}: ${clubDateTime(sender.sentAt, club.timeZone)} (${club.timeZone})`,
    '',
    body.message,
  ].join('\n');
}
