// Texts of the address-verification mails in the member's language (es, ca, en).

import type { Language as MailLanguage } from '@club/contract/languages';
import { renderAccountMail } from '../../mail/account-mail.ts';
import type { MailContent, Texts } from '../../mail/account-mail.ts';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

const VERIFY_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Confirma tu dirección de correo',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Para reservar plaza en las actividades del club, confirma que esta dirección es tuya con el enlace siguiente.',
      'El enlace es válido durante 48 horas y solo se puede usar una vez. Si no te has dado de alta tú, ignora este mensaje.',
    ],
    action: 'Confirmar la dirección',
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: 'Confirma la teva adreça de correu',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      "Per reservar plaça a les activitats del club, confirma que aquesta adreça és teva amb l'enllaç següent.",
      "L'enllaç és vàlid durant 48 hores i només es pot fer servir una vegada. Si no t'has donat d'alta tu, ignora aquest missatge.",
    ],
    action: "Confirmar l'adreça",
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'Confirm your e-mail address',
    greeting: (name) => `Hello ${name},`,
    body: [
      'To book the club’s activities, confirm that this address is yours with the link below.',
      'The link is valid for 48 hours and can be used once. If you did not sign up, ignore this message.',
    ],
    action: 'Confirm the address',
    closing: CLUB_SIGNATURE,
  },
};

const CHANGE_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Confirma tu nueva dirección de correo',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Has pedido usar esta dirección en tu cuenta del club. Confírmalo con el enlace siguiente; hasta entonces seguimos usando la anterior.',
      'El enlace es válido durante 48 horas y solo se puede usar una vez. Si no lo has pedido tú, ignora este mensaje.',
    ],
    action: 'Confirmar la nueva dirección',
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: 'Confirma la teva nova adreça de correu',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      "Has demanat fer servir aquesta adreça al teu compte del club. Confirma-ho amb l'enllaç següent; fins aleshores continuem fent servir l'anterior.",
      "L'enllaç és vàlid durant 48 hores i només es pot fer servir una vegada. Si no ho has demanat tu, ignora aquest missatge.",
    ],
    action: 'Confirmar la nova adreça',
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'Confirm your new e-mail address',
    greeting: (name) => `Hello ${name},`,
    body: [
      'You asked to use this address for your club account. Confirm it with the link below; until then we keep using the previous one.',
      'The link is valid for 48 hours and can be used once. If you did not ask for it, ignore this message.',
    ],
    action: 'Confirm the new address',
    closing: CLUB_SIGNATURE,
  },
};

const OLD_ADDRESS_TEXTS: Record<MailLanguage, Texts> = {
  es: {
    subject: 'Cambio de dirección de correo solicitado',
    greeting: (name) => `Hola, ${name}:`,
    body: [
      'Se ha pedido cambiar la dirección de correo de tu cuenta del club. El cambio se hará cuando se confirme desde la nueva dirección.',
      'Si no has sido tú, cambia tu contraseña y escríbenos respondiendo a este mensaje.',
    ],
    closing: CLUB_SIGNATURE,
  },
  ca: {
    subject: "Canvi d'adreça de correu sol·licitat",
    greeting: (name) => `Hola, ${name}:`,
    body: [
      "S'ha demanat canviar l'adreça de correu del teu compte del club. El canvi es farà quan es confirmi des de la nova adreça.",
      'Si no has estat tu, canvia la teva contrasenya i escriu-nos responent aquest missatge.',
    ],
    closing: CLUB_SIGNATURE,
  },
  en: {
    subject: 'E-mail address change requested',
    greeting: (name) => `Hello ${name},`,
    body: [
      'Someone asked to change the e-mail address of your club account. The change happens once it is confirmed from the new address.',
      'If this was not you, change your password and write to us by replying to this message.',
    ],
    closing: CLUB_SIGNATURE,
  },
};

/** The link that verifies the address given at registration (or asked for again). */
export function verifyAddressMail(language: MailLanguage, name: string, link: string): MailContent {
  return renderAccountMail(VERIFY_TEXTS[language], name, link);
}

/** The link, sent to a new address, that makes it the member's address. */
export function confirmNewAddressMail(language: MailLanguage, name: string, link: string): MailContent {
  return renderAccountMail(CHANGE_TEXTS[language], name, link);
}

/** The notice to the old address that a change was asked for. */
export function addressChangeNoticeMail(language: MailLanguage, name: string): MailContent {
  return renderAccountMail(OLD_ADDRESS_TEXTS[language], name);
}
