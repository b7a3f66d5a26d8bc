// Mails about a member's papers: their licence expiring (60 and 15 days before) and their dues
// lapsing. Planned through the durable queue when the date is set or moves; each goes once per
// member, kind and date (membership_notices' key), whichever process runs it or how often.
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
import { renderAccountMail } from '../../mail/account-mail.ts';
import type { MailContent, Texts } from '../../mail/account-mail.ts';
import { CLUB_SIGNATURE } from '../../mail/club-name.ts';

export const LICENCE_NOTICE_JOB = 'licence-notice';
export const DUES_NOTICE_JOB = 'dues-notice';
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

function findMailee(trx: Executor, memberId: string) {
  return trx
    .selectFrom('members')
    .select(['id', 'email', 'nombre', 'language', 'recordatorios', 'licencia_caduca', 'cuota_hasta'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Runs a licence notice: the mail goes when the expiry it was planned for still stands. */
export function licenceNoticeHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const { memberId, expiry, days } = JSON.parse(job.payload) as { memberId: string; expiry: string; days: number };
    await withWriteTransaction(ctx.db, async (trx) => {
      const member = await findMailee(trx, memberId);
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
      const member = await findMailee(trx, memberId);
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
