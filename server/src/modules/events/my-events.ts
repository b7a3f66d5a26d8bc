import { RoleStatus } from '@club/contract/enums';
import { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import type { FeedAnswer, MyRegistration } from '@club/contract/schemas';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashSecret, newSecret } from '../../lib/ids.ts';
import type { MemberRow } from '../../db/schema.ts';
import { claimFeedNonce, findMemberByFeedHash } from '../members/index.ts';
import { toEvents } from './event-view.ts';
import { feedKeyOf, feedSecret, replaceFeedSecret } from './feed-token.ts';
import { feedBody, feedEventOf } from './feed.ts';
import type { RenderedFeed } from './feed.ts';
import { findParticipants } from './repository.ts';
import { waitlistView } from './waitlist-view.ts';

/** Every event the member registered for (any status) or waits for, by start. */
async function ownEventRows(ctx: AppContext, memberId: string) {
  const db = ctx.db.kysely;
  return db
    .selectFrom('events')
    .selectAll('events')
    .where((eb) =>
      eb.or([
        eb(
          'events.id',
          'in',
          eb.selectFrom('registrations').select('event_id').where('member_id', '=', memberId),
        ),
        eb('events.id', 'in', eb.selectFrom('waitlist').select('event_id').where('member_id', '=', memberId)),
      ]),
    )
    .orderBy('events.start_at')
    .orderBy('events.id')
    .execute();
}

/** The member's registrations and waiting places, each with the event as they see it. */
export async function myRegistrations(ctx: AppContext, member: MemberRow): Promise<MyRegistration[]> {
  const rows = await ownEventRows(ctx, member.id);
  const viewer = { memberId: member.id, staff: false };
  const participants = await findParticipants(
    ctx.db.kysely,
    rows.map((r) => r.id),
    { kind: 'member', memberId: member.id },
  );
  const events = toEvents(rows, participants, false, await waitlistView(ctx.db.kysely, rows, viewer));
  return events.map((event) => {
    const waiting = event.enEspera ?? null;
    const own = event.participantes[0]?.roles[0]?.status;
    // A member who cancelled and then joined the line shows as waiting.
    const status = waiting !== null ? WAITING_ROLE_STATUS : (own ?? RoleStatus.anulado);
    return { event, status, enEspera: waiting };
  });
}

function feedUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/calendar/${token}.ics`;
}

/**
 * The member's secret calendar address, made at the first request and derived again at each
 * later one (only its hash and nonce are stored). An address made before secrets were derived
 * keeps working beside the one shown, until the member replaces it.
 */
export async function getFeed(ctx: AppContext, member: MemberRow): Promise<FeedAnswer> {
  const key = feedKeyOf(ctx.config);
  if (member.feed_nonce) {
    const secret = feedSecret(key, member.id, member.feed_nonce);
    if (member.feed_token_hash === hashSecret(secret)) return { url: feedUrl(ctx, secret) };
  }
  // None yet, or one made under another key: a new one. Two first requests at once: the first
  // write wins and both answer with what is stored.
  const nonce = newSecret();
  const stored = await claimFeedNonce(ctx.db.kysely, member.id, member.feed_nonce, nonce, hashSecret(feedSecret(key, member.id, nonce)));
  if (!stored) throw new ApiError('NOT_FOUND');
  return { url: feedUrl(ctx, feedSecret(key, member.id, stored)) };
}

/** A new secret address; the old one (and one made before secrets were derived) answers 404 from now on. */
export async function renewFeed(ctx: AppContext, member: MemberRow): Promise<FeedAnswer> {
  const secret = await replaceFeedSecret(ctx.db.kysely, feedKeyOf(ctx.config), member.id);
  return { url: feedUrl(ctx, secret) };
}

/**
 * The member's own registrations in the feed window as iCalendar, public and private events
 * alike; cancelled ones as STATUS:CANCELLED so that calendar programs remove them. Each copy's
 * SEQUENCE is the event's version plus the registration's own changes, so it only grows, as in
 * the member's mails. Rendered once per events version, like the public feed. 404 for an
 * unknown token.
 */
export async function personalFeed(ctx: AppContext, token: string): Promise<RenderedFeed> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new ApiError('NOT_FOUND');
  const db = ctx.db.kysely;
  const member = await findMemberByFeedHash(db, hashSecret(token));
  if (!member) throw new ApiError('NOT_FOUND');
  return feedBody(ctx, `member ${member.id}`, `${siteSettings.clubName} · ${member.nombre}`, async ({ from, to }) => {
    const rows = await db
      .selectFrom('registrations')
      .innerJoin('events', 'events.id', 'registrations.event_id')
      .selectAll('events')
      .select([
        'registrations.status as registration_status',
        'registrations.updated_at as registration_updated_at',
        'registrations.sequence as registration_sequence',
      ])
      .where('registrations.member_id', '=', member.id)
      .where('events.start_at', '>=', from)
      .where('events.start_at', '<', to)
      .orderBy('events.start_at')
      .orderBy('events.id')
      .execute();
    return rows.map((row) => {
      const cancelled = row.registration_status === RoleStatus.anulado;
      const lastModified =
        row.registration_updated_at > row.updated_at ? row.registration_updated_at : row.updated_at;
      return {
        ...feedEventOf(ctx, row, cancelled ? 'CANCELLED' : 'CONFIRMED'),
        sequence: row.version + row.registration_sequence,
        lastModified,
      };
    });
  });
}
