// What staff decided about a member's papers (member number, licence, vouched flags), told to
// the member in their language: a decision that lets them book, or stops them, never goes unsaid.

import type { Language } from '@club/contract/languages';
import { renderAccountMail } from '../../mail/account-mail.ts';
import type { MailContent, Texts } from '../../mail/account-mail.ts';
import type { MemberBoolean } from './flags.ts';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

/** The papers as they were and as they are now; only what differs is told. */
export interface Papers {
  socio: string | null;
  socioSolicitado: string | null;
  licencia: string | null;
  flags: Partial<Record<MemberBoolean, boolean>>;
}

type Told = Exclude<MemberBoolean, 'staff'>;

interface PaperTexts {
  claimConfirmed: Texts;
  claimRejected: Texts;
  changed: Texts;
  numberSet: (n: string) => string;
  numberRemoved: string;
  licenceSet: (l: string) => string;
  licenceRemoved: string;
  granted: (what: string) => string;
  removed: (what: string) => string;
  flags: Record<Told, string>;
}

const TEXTS: Record<Language, PaperTexts> = {
  es: {
    claimConfirmed: {
      subject: 'Tu número de socio está confirmado',
      greeting: (name) => `Hola, ${name}:`,
      body: [
        'El club ha confirmado tu número de socio. Ya puedes inscribirte en las actividades que lo piden.',
      ],
      closing: CLUB_SIGNATURE,
    },
    claimRejected: {
      subject: 'No hemos podido confirmar tu número de socio',
      greeting: (name) => `Hola, ${name}:`,
      body: [
        'El club no ha podido confirmar el número de socio que indicaste al darte de alta, y lo ha retirado de tu cuenta.',
        'Si crees que es un error, responde a este mensaje o pásate por el club con tu carné.',
      ],
      closing: CLUB_SIGNATURE,
    },
    changed: {
      subject: 'El club ha actualizado tus datos',
      greeting: (name) => `Hola, ${name}:`,
      body: ['El club ha actualizado los datos que avala de ti:'],
      closing: CLUB_SIGNATURE,
    },
    numberSet: (n) => `Número de socio: ${n}`,
    numberRemoved: 'Número de socio: retirado',
    licenceSet: (l) => `Licencia de armas: ${l}`,
    licenceRemoved: 'Licencia de armas: retirada',
    granted: (what) => `${what}: sí`,
    removed: (what) => `${what}: ya no consta`,
    flags: {
      curso: 'Curso IPSC',
      habilitado: 'Habilitación',
      arbitroIpsc: 'Árbitro IPSC',
      arbitroPrecision: 'Árbitro de precisión',
      entrenadorNacional: 'Entrenador nacional',
      instructorMisia: 'Instructor MISIA',
      autorizacionClub: 'Autorización del club',
    },
  },
  ca: {
    claimConfirmed: {
      subject: 'El teu número de soci està confirmat',
      greeting: (name) => `Hola, ${name}:`,
      body: [
        "El club ha confirmat el teu número de soci. Ja pots inscriure't a les activitats que el demanen.",
      ],
      closing: CLUB_SIGNATURE,
    },
    claimRejected: {
      subject: 'No hem pogut confirmar el teu número de soci',
      greeting: (name) => `Hola, ${name}:`,
      body: [
        "El club no ha pogut confirmar el número de soci que vas indicar en donar-te d'alta, i l'ha retirat del teu compte.",
        'Si creus que és un error, respon aquest missatge o passa pel club amb el teu carnet.',
      ],
      closing: CLUB_SIGNATURE,
    },
    changed: {
      subject: "El club ha actualitzat les teves dades",
      greeting: (name) => `Hola, ${name}:`,
      body: ["El club ha actualitzat les dades que avala de tu:"],
      closing: CLUB_SIGNATURE,
    },
    numberSet: (n) => `Número de soci: ${n}`,
    numberRemoved: 'Número de soci: retirat',
    licenceSet: (l) => `Llicència d'armes: ${l}`,
    licenceRemoved: "Llicència d'armes: retirada",
    granted: (what) => `${what}: sí`,
    removed: (what) => `${what}: ja no hi consta`,
    flags: {
      curso: 'Curs IPSC',
      habilitado: 'Habilitació',
      arbitroIpsc: 'Àrbitre IPSC',
      arbitroPrecision: 'Àrbitre de precisió',
      entrenadorNacional: 'Entrenador nacional',
      instructorMisia: 'Instructor MISIA',
      autorizacionClub: 'Autorització del club',
    },
  },
  en: {
    claimConfirmed: {
      subject: 'Your member number is confirmed',
      greeting: (name) => `Hello ${name},`,
      body: ['The club has confirmed your member number. You can now book the activities that need it.'],
      closing: CLUB_SIGNATURE,
    },
    claimRejected: {
      subject: 'We could not confirm your member number',
      greeting: (name) => `Hello ${name},`,
      body: [
        'The club could not confirm the member number you gave when you signed up, and has taken it off your account.',
        'If you think this is a mistake, reply to this message or come to the club with your card.',
      ],
      closing: CLUB_SIGNATURE,
    },
    changed: {
      subject: 'The club updated your details',
      greeting: (name) => `Hello ${name},`,
      body: ['The club has updated what it vouches for about you:'],
      closing: CLUB_SIGNATURE,
    },
    numberSet: (n) => `Member number: ${n}`,
    numberRemoved: 'Member number: removed',
    licenceSet: (l) => `Weapons licence: ${l}`,
    licenceRemoved: 'Weapons licence: removed',
    granted: (what) => `${what}: yes`,
    removed: (what) => `${what}: no longer on record`,
    flags: {
      curso: 'IPSC course',
      habilitado: 'Qualified',
      arbitroIpsc: 'IPSC range officer',
      arbitroPrecision: 'Precision range officer',
      entrenadorNacional: 'National coach',
      instructorMisia: 'MISIA instructor',
      autorizacionClub: 'Club authorisation',
    },
  },
};

const TOLD: readonly Told[] = [
  'curso',
  'habilitado',
  'arbitroIpsc',
  'arbitroPrecision',
  'entrenadorNacional',
  'instructorMisia',
  'autorizacionClub',
];

/**
 * The mail that tells a member what staff decided about their papers, or null when nothing the
 * member needs to know changed (a staff flag, the same values saved again).
 */
export function papersDecisionMail(
  language: Language,
  name: string,
  before: Papers,
  after: Papers,
): MailContent | null {
  const t = TEXTS[language];
  const lines: string[] = [];
  const claimDecided = before.socioSolicitado !== null && after.socioSolicitado === null;
  if (before.socio !== after.socio) lines.push(after.socio === null ? t.numberRemoved : t.numberSet(after.socio));
  if (before.licencia !== after.licencia) {
    lines.push(after.licencia === null ? t.licenceRemoved : t.licenceSet(after.licencia));
  }
  for (const flag of TOLD) {
    const was = before.flags[flag] ?? false;
    const is = after.flags[flag] ?? was;
    if (was !== is) lines.push(is ? t.granted(t.flags[flag]) : t.removed(t.flags[flag]));
  }
  if (claimDecided && after.socio === null && before.socio === null) {
    return withLines(t.claimRejected, name, lines);
  }
  if (claimDecided && after.socio !== null) return withLines(t.claimConfirmed, name, lines);
  if (lines.length === 0) return null;
  return withLines(t.changed, name, lines);
}

function withLines(texts: Texts, name: string, lines: string[]): MailContent {
  const [first, ...rest] = texts.body;
  return renderAccountMail({ ...texts, body: [first, ...lines.map((line) => `· ${line}`), ...rest] }, name);
}
