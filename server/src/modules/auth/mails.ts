// Texts of the account mails in the member's language (es, ca, en; es when unknown).

import type { Language } from '@club/contract/languages';
import { renderAccountMail } from '../../mail/account-mail.ts';
import type { MailContent, Texts } from '../../mail/account-mail.ts';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

export type MailLanguage = Language;

const RESET_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Restablece tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta del club.',
      'El enlace es válido durante una hora y solo se puede usar una vez. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    ],
    action: 'Restablecer la contraseña',
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: 'Restableix la teva contrasenya',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Hem rebut una sol·licitud per restablir la contrasenya del teu compte del club.',
      "L'enllaç és vàlid durant una hora i només es pot fer servir una vegada. Si no ho has demanat tu, ignora aquest missatge: la teva contrasenya no canvia.",
    ],
    action: 'Restablir la contrasenya',
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    body: [
      'We received a request to reset the password of your club account.',
      "The link is valid for one hour and can be used once. If you did not ask for it, ignore this message: your password stays as it is.",
    ],
    action: 'Reset the password',
    closing: CLUB_SIGNATURE,
  },
};

const NOTICE_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Tu contraseña ha cambiado',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'La contraseña de tu cuenta del club se acaba de restablecer y se han cerrado todas tus sesiones.',
      'Si no has sido tú, escríbenos enseguida respondiendo a este mensaje o desde el formulario de contacto de la web.',
    ],
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: 'La teva contrasenya ha canviat',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      "La contrasenya del teu compte del club s'acaba de restablir i s'han tancat totes les teves sessions.",
      "Si no has estat tu, escriu-nos de seguida responent aquest missatge o des del formulari de contacte del web.",
    ],
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'Your password has changed',
    greeting: (name) => `Hello ${name},`,
    body: [
      'The password of your club account has just been reset, and all your sessions have been closed.',
      'If this was not you, write to us at once by replying to this message or through the contact form of the site.',
    ],
    closing: CLUB_SIGNATURE,
  },
};

/** What the password notices add when the member had a personal calendar address. */
const FEED_REPLACED: Record<MailLanguage, string> = {
  es: 'Tu dirección personal de calendario también se ha sustituido: la anterior ya no funciona. Copia la nueva en «Mis inscripciones» y suscríbete de nuevo desde tus aplicaciones de calendario.',
  ca: "La teva adreça personal de calendari també s'ha substituït: l'anterior ja no funciona. Copia la nova a «Les meves inscripcions» i torna-t'hi a subscriure des de les teves aplicacions de calendari.",
  en: 'Your personal calendar address has been replaced too: the old one no longer works. Copy the new one from "My registrations" and subscribe again in your calendar apps.',
};

const CHANGE_NOTICE_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Tu contraseña ha cambiado',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Has cambiado la contraseña de tu cuenta del club y se han cerrado todas tus sesiones.',
      'Si no has sido tú, escríbenos enseguida respondiendo a este mensaje o desde el formulario de contacto de la web.',
    ],
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: 'La teva contrasenya ha canviat',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      "Has canviat la contrasenya del teu compte del club i s'han tancat totes les teves sessions.",
      "Si no has estat tu, escriu-nos de seguida responent aquest missatge o des del formulari de contacte del web.",
    ],
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'Your password has changed',
    greeting: (name) => `Hello ${name},`,
    body: [
      'You changed the password of your club account, and all your sessions have been closed.',
      'If this was not you, write to us at once by replying to this message or through the contact form of the site.',
    ],
    closing: CLUB_SIGNATURE,
  },
};

/** Texts with the calendar paragraph before their last one, when the address was replaced. */
function withFeedNote(texts: Texts, language: MailLanguage, feedReplaced: boolean): Texts {
  if (!feedReplaced) return texts;
  return { ...texts, body: [...texts.body.slice(0, -1), FEED_REPLACED[language], ...texts.body.slice(-1)] };
}

/** The mail with the password-reset link. */
/** How the login is named in the reset mail, so a member who signs in by address learns it too. */
const LOGIN_LINE: Record<MailLanguage, (login: string) => string> = {
  es: (login) => `Tu usuario es «${login}»; también puedes entrar con tu correo electrónico.`,
  ca: (login) => `El teu usuari és «${login}»; també pots entrar amb el teu correu electrònic.`,
  en: (login) => `Your login is “${login}”; you can also sign in with your e-mail address.`,
};

export function resetLinkMail(language: MailLanguage, name: string, link: string, login: string): MailContent {
  const texts = RESET_TEXTS[language];
  return renderAccountMail({ ...texts, body: [...texts.body, LOGIN_LINE[language](login)] }, name, link);
}

/** The notice sent after a password was reset (and the calendar address with it, if any). */
export function passwordResetNoticeMail(language: MailLanguage, name: string, feedReplaced = false): MailContent {
  return renderAccountMail(withFeedNote(NOTICE_TEXTS[language], language, feedReplaced), name);
}

/** The notice sent after the member changed their password and their calendar address went with it. */
export function passwordChangeNoticeMail(language: MailLanguage, name: string, feedReplaced: boolean): MailContent {
  return renderAccountMail(withFeedNote(CHANGE_NOTICE_TEXTS[language], language, feedReplaced), name);
}
