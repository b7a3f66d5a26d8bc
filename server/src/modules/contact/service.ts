import type { ContactBody } from '@club/contract/forms';
import type { AppContext } from '../../context.ts';
import { clubAddress } from '../../config.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { enqueueMail } from '../../jobs/queue.ts';
import { insertContactMessage } from './repository.ts';
import { clubCopyText } from './club-copy.ts';
import { CLUB_LANGUAGE } from '@club/contract/languages';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Takes a visitor's message (SPEC §7): throttled per client, stored for the staff inbox, and
 * mailed to the club with Reply-To the sender, so the club answers from its own mail program.
 */
export async function sendContactMessage(
  ctx: AppContext,
  body: ContactBody,
  client: { ip: string; language: string },
): Promise<void> {
  const { db, clock, config } = ctx;
  await consumeRateLimit(db.kysely, clock, config.rateLimits.enabled, {
    key: `contact:ip:${client.ip}`,
    limit: config.rateLimits.contact,
    windowMs: HOUR_MS,
  });
  const now = clock.now();
  const createdAt = isoOf(now);
  // The message and its mail are written together: the mail goes out even if this process dies.
  await db.kysely.transaction().execute(async (trx) => {
    await insertContactMessage(trx, { id: newId(), ...body, language: client.language, createdAt });
    // The name and subject are single-line by the contract, so nothing can break a mail header.
    await enqueueMail(trx, now, {
    to: clubAddress(config),
    replyTo: `"${body.name.replace(/["\\]/g, '')}" <${body.email}>`,
    subject: `[Web] ${body.subject}`,
    text: clubCopyText(
      body,
      { language: client.language, sentAt: now },
      { language: CLUB_LANGUAGE, timeZone: config.clubTimezone },
    ),
    });
  });
  ctx.jobs.kick();
}
