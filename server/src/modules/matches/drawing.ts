import { shownSquad, squadNumbers } from '@club/contract/match';
import type { ScoringDrawing, ScoringDrawingQuery } from '@club/contract/match';
import type { Language } from '@club/contract/languages';
import type { AppContext } from '../../context.ts';
import { pageDrawer } from '../../lib/page-drawing.ts';
import { toUser } from '../members/index.ts';
import type { MemberRow } from '../members/index.ts';
import { readForScoring } from './service.ts';

/**
 * The most competitors a drawing shows: a squad is a dozen shooters or so; a match scored without
 * squads (all its competitors in one list) is left to the app, since drawing hundreds of rows
 * would hold the server's thread for a tenth of a second and send a phone more than the app.
 */
export const DRAWN_COMPETITORS_MAX = 40;

/**
 * The scoring screen of a match drawn for the range officer who asks (decision 0068), with the
 * web build's own drawing code, signed in and with the data it shows: the page's starter puts it
 * in place of the frame before the app's code has arrived, and the app's first render starts
 * from the same data (the squad's part of it). Only for those who may score (the same refusals as the scores' call);
 * NOT_FOUND where the build holds no drawing code (the page then waits for the app as before).
 */
export async function drawScoring(
  ctx: AppContext,
  eventId: string,
  member: Readonly<MemberRow>,
  language: Language,
  query: ScoringDrawingQuery,
): Promise<ScoringDrawing | undefined> {
  const { match, competitors, scoresOf } = await readForScoring(ctx, eventId, member);
  const drawer = ctx.config.webDist ? pageDrawer(ctx.config.webDist) : undefined;
  const renderer = await drawer?.renderer();
  if (!drawer || !renderer) return undefined;
  const now = ctx.clock.now();
  // The squad the screen shows, and only its competitors and their scores: what the drawing shows
  // and the app's first render needs (a match of 400 is half a megabyte more); the app asks for
  // the whole match once it runs.
  const squad = shownSquad(squadNumbers(match, competitors), query.squad);
  const shown = competitors.filter((c) => c.squad === squad);
  if (shown.length > DRAWN_COMPETITORS_MAX) return undefined;
  const scores = await scoresOf(shown.map((c) => c.id));
  const snapshot = {
    eventUuid: eventId,
    match,
    competitors: shown,
    scores,
    officerUuid: member.id,
    savedAt: now.toISOString(),
  };
  const search = new URLSearchParams();
  if (query.stage !== undefined) search.set('stage', String(query.stage));
  if (query.squad !== undefined) search.set('squad', query.squad);
  const address = `/match/${eventId}/score${search.size > 0 ? `?${search}` : ''}`;
  const drawn = await renderer.renderPage(
    address,
    language,
    drawer.areasOf(language),
    'authenticated',
    now,
    undefined,
    {
      user: toUser(member),
      scoring: snapshot,
    },
  );
  return { markup: drawn.markup, areas: drawn.areas, snapshot };
}
