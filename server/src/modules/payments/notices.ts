// Mails about a member's papers: their licence expiring (60 and 15 days before), their dues
// lapsing and their pack's last class taken. Planned through the durable queue when the date is
// set or moves (or the class is taken); each goes once per member, kind and date
// (membership_notices' key), whichever process runs it or how often.
import type { Language } from '@club/contract/languages';
import { clubToday, instantOfWallTime } from '@club/contract/club-time';
import { addDays, dayAfter } from '@club/contract/payments';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/transaction.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { cancelPendingJobs, enqueueJob, enqueueMail } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { isoOf } from '../../lib/ids.ts';
import { mailLanguageOf } from '../../lib/language.ts';
import { findMemberById } from '../members/index.ts';
import { renderAccountMail } from '../../mail/account-mail.ts';
import type { MailContent, Texts } from '../../mail/account-mail.ts';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

export const LICENCE_NOTICE_JOB = 'licence-notice';
export const DUES_NOTICE_JOB = 'dues-notice';
export const PACK_NOTICE_JOB = 'pack-notice';
/** Days before the licence's expiry when the member is told. */
export const LICENCE_NOTICE_DAYS = [60, 15] as const;
/** Papers mails go out at this hour of the club's day. */
const SEND_HOUR = '09:00:00';

const licenceKey = (memberId: string): string => `licence:${memberId}`;
const duesKey = (memberId: string): string => `dues:${memberId}`;

function sendTime(ctx: AppContext, day: string): Date {
  return instantOfWallTime(`${day} ${SEND_HOUR}`, ctx.config.clubTimezone);
}

/**
 * Plans the licence mails for a new expiry date (replacing the plans of an older one). A notice
 * whose day has passed goes now, unless the next one is due too (a licence expiring in ten days
 * gets the 15-day mail only); nothing is planned for a licence already expired.
 */
export async function planLicenceNotices(ctx: AppContext, trx: Executor, memberId: string, expiry: string | null): Promise<void> {
  await cancelPendingJobs(trx, licenceKey(memberId));
  if (!expiry) return;
  const now = ctx.clock.now();
  const today = clubToday(now, ctx.config.clubTimezone);
  if (expiry < today) return;
  for (const [index, days] of LICENCE_NOTICE_DAYS.entries()) {
    const day = addDays(expiry, -days);
    const next = LICENCE_NOTICE_DAYS[index + 1];
    if (day <= today && next !== undefined && addDays(expiry, -next) <= today) continue;
    const at = sendTime(ctx, day);
    await enqueueJob(trx, {
      kind: LICENCE_NOTICE_JOB,
      key: licenceKey(memberId),
      payload: { memberId, expiry, days },
      runAt: at.getTime() < now.getTime() ? now : at,
      now,
    });
  }
}

/** Plans the dues mail for the day after the dues' end (replacing an older plan). */
export async function planDuesNotice(ctx: AppContext, trx: Executor, memberId: string, cuotaHasta: string | null): Promise<void> {
  await cancelPendingJobs(trx, duesKey(memberId));
  if (!cuotaHasta) return;
  const now = ctx.clock.now();
  const at = sendTime(ctx, dayAfter(cuotaHasta));
  await enqueueJob(trx, {
    kind: DUES_NOTICE_JOB,
    key: duesKey(memberId),
    payload: { memberId, cuotaHasta },
    runAt: at.getTime() < now.getTime() ? now : at,
    now,
  });
}

/**
 * Plans the mail saying the member's packs have no class left, in the transaction that took the
 * last one (`stamp`: when it was taken). It goes at once; the handler checks the packs again.
 */
export async function planPackNotice(trx: Executor, memberId: string, stamp: string): Promise<void> {
  const at = new Date(stamp);
  await enqueueJob(trx, { kind: PACK_NOTICE_JOB, key: `pack:${memberId}`, payload: { memberId, takenAt: stamp }, runAt: at, now: at });
}

/** Records that a notice went; false when it had gone already (another process, an earlier run). */
async function claimNotice(trx: Executor, memberId: string, kind: string, dueDate: string, stamp: string): Promise<boolean> {
  const result = await trx
    .insertInto('membership_notices')
    .values({ member_id: memberId, kind, due_date: dueDate, sent_at: stamp })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'due_date']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Runs a licence notice: the mail goes when the expiry it was planned for still stands. */
export function licenceNoticeHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { memberId, expiry, days } = JSON.parse(job.payload) as { memberId: string; expiry: string; days: number };
    await withWriteTransaction(ctx.db, async (trx) => {
      const member = await findMemberById(trx, memberId);
      if (!member || member.licencia_caduca !== expiry) return;
      const stamp = isoOf(ctx.clock.now());
      if (!(await claimNotice(trx, memberId, `licence-${days}`, expiry, stamp))) return;
      const mail = licenceMail(mailLanguageOf(member.language), member.nombre, expiry, member.recordatorios === 0, ctx.config.publicUrl);
      await enqueueMail(trx, ctx.clock.now(), { to: member.email, ...mail });
    });
    ctx.jobs.kick();
  };
}

/** Runs a dues notice: the mail goes when the dues still end on that day and the day has passed. */
export function duesNoticeHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { memberId, cuotaHasta } = JSON.parse(job.payload) as { memberId: string; cuotaHasta: string };
    await withWriteTransaction(ctx.db, async (trx) => {
      const member = await findMemberById(trx, memberId);
      if (!member || member.cuota_hasta !== cuotaHasta) return;
      if (clubToday(ctx.clock.now(), ctx.config.clubTimezone) <= cuotaHasta) return;
      const stamp = isoOf(ctx.clock.now());
      if (!(await claimNotice(trx, memberId, 'dues-lapsed', cuotaHasta, stamp))) return;
      const mail = duesMail(mailLanguageOf(member.language), member.nombre, cuotaHasta, member.recordatorios === 0, ctx.config.publicUrl);
      await enqueueMail(trx, ctx.clock.now(), { to: member.email, ...mail });
    });
    ctx.jobs.kick();
  };
}

/**
 * Runs a pack notice: the mail goes when the member still has no class left (no new pack was
 * recorded meanwhile), once per member and club day.
 */
export function packNoticeHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { memberId, takenAt } = JSON.parse(job.payload) as { memberId: string; takenAt: string };
    await withWriteTransaction(ctx.db, async (trx) => {
      const member = await trx
        .selectFrom('members')
        .select(['email', 'nombre', 'language', 'recordatorios', 'bono_clases'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member || member.bono_clases > 0) return;
      const day = clubToday(new Date(takenAt), ctx.config.clubTimezone);
      if (!(await claimNotice(trx, memberId, 'pack-empty', day, isoOf(ctx.clock.now())))) return;
      const mail = packMail(mailLanguageOf(member.language), member.nombre, member.recordatorios === 0, ctx.config.publicUrl);
      await enqueueMail(trx, ctx.clock.now(), { to: member.email, ...mail });
    });
    ctx.jobs.kick();
  };
}

/** A date as people read it in the three languages: 26/11/2026. */
function readableDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const REMINDERS_OFF: Record<Language, string> = {
  es: 'Te escribimos aunque hayas desactivado los recordatorios: este aviso trata de tus papeles en el club, no de actividades.',
  ca: "T'escrivim encara que hagis desactivat els recordatoris: aquest avís tracta dels teus papers al club, no d'activitats.",
  en: 'We write although you turned reminders off: this notice is about your papers with the club, not about events.',
};

const CLOSING: Record<Language, string> = { es: CLUB_SIGNATURE, ca: CLUB_SIGNATURE, en: CLUB_SIGNATURE };
const GREETING: Record<Language, (name: string) => string> = {
  es: (name) => `Hola, ${name}:`,
  ca: (name) => `Hola, ${name}:`,
  en: (name) => `Hello ${name},`,
};
const ACTION: Record<Language, string> = { es: 'Ver mi cuota', ca: 'Veure la meva quota', en: 'See my membership' };

/** The mail telling a member their licence expires on `expiry`. */
export function licenceMail(language: Language, name: string, expiry: string, remindersOff: boolean, publicUrl: string): MailContent {
  const date = readableDate(expiry);
  const lines: Record<Language, { subject: string; body: string[] }> = {
    es: {
      subject: `Tu licencia caduca el ${date}`,
      body: [
        `Tu licencia caduca el ${date}. Renuévala a tiempo y trae la nueva al club: sin una licencia vigente el día de la actividad no podrás inscribirte en las que la piden.`,
      ],
    },
    ca: {
      subject: `La teva llicència caduca el ${date}`,
      body: [
        `La teva llicència caduca el ${date}. Renova-la a temps i porta la nova al club: sense una llicència vigent el dia de l'activitat no et podràs inscriure a les que la demanen.`,
      ],
    },
    en: {
      subject: `Your licence expires on ${date}`,
      body: [
        `Your licence expires on ${date}. Renew it in time and bring the new one to the club: without a licence valid on the day you cannot register for the events that need one.`,
      ],
    },
  };
  return render(language, name, lines[language], remindersOff, publicUrl);
}

/** The mail telling a member their dues ran out on `cuotaHasta`. */
export function duesMail(language: Language, name: string, cuotaHasta: string, remindersOff: boolean, publicUrl: string): MailContent {
  const date = readableDate(cuotaHasta);
  const lines: Record<Language, { subject: string; body: string[] }> = {
    es: {
      subject: 'Tu cuota del club ha vencido',
      body: [`Tu cuota del club estaba pagada hasta el ${date}. Puedes renovarla en el club (efectivo, tarjeta, Bizum o transferencia).`],
    },
    ca: {
      subject: 'La teva quota del club ha vençut',
      body: [`La teva quota del club estava pagada fins al ${date}. La pots renovar al club (efectiu, targeta, Bizum o transferència).`],
    },
    en: {
      subject: 'Your club dues have lapsed',
      body: [`Your club dues were paid until ${date}. You can renew them at the club (cash, card, Bizum or bank transfer).`],
    },
  };
  return render(language, name, lines[language], remindersOff, publicUrl);
}

/** The mail telling a member the last class of their packs was taken. */
export function packMail(language: Language, name: string, remindersOff: boolean, publicUrl: string): MailContent {
  const lines: Record<Language, { subject: string; body: string[] }> = {
    es: {
      subject: 'Has usado todas las clases de tu bono',
      body: ['Acabas de hacer la última clase de tu bono. Para seguir viniendo a clase, compra un bono nuevo en el club (efectivo, tarjeta, Bizum o transferencia).'],
    },
    ca: {
      subject: 'Has fet servir totes les classes del teu bo',
      body: ["Acabes de fer l'última classe del teu bo. Per continuar venint a classe, compra un bo nou al club (efectiu, targeta, Bizum o transferència)."],
    },
    en: {
      subject: 'You have used every class of your pack',
      body: ['You just took the last class of your pack. To keep coming to classes, buy a new pack at the club (cash, card, Bizum or bank transfer).'],
    },
  };
  return render(language, name, lines[language], remindersOff, publicUrl);
}

function render(
  language: Language,
  name: string,
  lines: { subject: string; body: string[] },
  remindersOff: boolean,
  publicUrl: string,
): MailContent {
  const texts: Texts = {
    subject: lines.subject,
    greeting: GREETING[language],
    body: [...lines.body, ...(remindersOff ? [REMINDERS_OFF[language]] : [])],
    action: ACTION[language],
    closing: CLOSING[language],
  };
  return renderAccountMail(texts, name, `${publicUrl}/my-membership`);
}
