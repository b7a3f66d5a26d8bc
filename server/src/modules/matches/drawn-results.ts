import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { clubMonth, formatYearMonth } from '@club/contract/club-time';
import { RESULTS_HEAD_ELEMENT_ID } from '@club/contract/content-view';
import type { DrawnResultsHead } from '@club/contract/content-view';
import { EventStatus } from '@club/contract/enums';
import type { Language } from '@club/contract/languages';
import { DRAWN_FRAMES } from '@club/contract/routes';
import { formatWall } from '@club/contract/wall-format';
import { compressedPage, jsonBlock, pageDrawer } from '../../lib/page-drawing.ts';
import type { DrawnPage } from '../../lib/page-drawing.ts';
import { prerenderedPage } from '../../plugins/web-app.ts';
import { findMatchWithVersions } from './repository.ts';
import { eventHeader } from './service.ts';

const RESULTS_FRAME = DRAWN_FRAMES.find((frame) => frame.name === 'match-results')!;
const KEPT_MAX = 200;

/** The page header as the web app's PageHeader writes it in the build's results frame. */
const FRAME_HEADER = /(<div class="page-header"><div class="container-xl"><h1 class="mb-1">)[^<]*(<\/h1><p class="lead mb-0">)[^<]*(<\/p>)/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The results page's header as the app writes it once it has the match and its event
 * (web/src/features/results/results-page.tsx; the day as `eventDayLabel` writes it).
 */
export function resultsHeading(head: DrawnResultsHead, language: Language, resultsWord: string): { title: string; subtitle: string } {
  const day = formatWall(head.start, language, { weekday: 'long', day: 'numeric', month: 'long' });
  return { title: head.name, subtitle: `${resultsWord} · ${day}` };
}

/**
 * A match's published results page with its header drawn from the event (decision 0075): the
 * build's frame of the results page, the same for every match, heads it "Results" until the app
 * has the match; the app then heads it with the match's name and day, which can take a line
 * more on a phone and pushed the results down as they were shown. The server writes that header
 * into the frame, and the page carries what it was written from (`RESULTS_HEAD_ELEMENT_ID`) for
 * the app's first render, so the page keeps its height from the first paint. Only for a match a
 * visitor may read (a public event, results published): the page is the same for anyone who
 * asks. Undefined leaves the build's frame to go out.
 */
export function resultsPages(app: FastifyInstance, webDist: string) {
  const drawer = pageDrawer(webDist);
  const kept = new Map<string, Promise<DrawnPage | undefined>>();

  async function draw(pathname: string, language: Language, head: DrawnResultsHead, heading: { title: string; subtitle: string }) {
    const month = formatYearMonth(clubMonth(app.ctx.clock.now(), app.ctx.config.clubTimezone));
    const file = prerenderedPage(webDist, pathname, 200, language, month);
    const frame = file ? fs.readFileSync(file, 'utf8') : undefined;
    if (!frame || !FRAME_HEADER.test(frame)) return undefined;
    const html = frame
      .replace(FRAME_HEADER, (_all, open: string, middle: string, close: string) => `${open}${escapeText(heading.title)}${middle}${escapeText(heading.subtitle)}${close}`)
      .replace('</body>', `${jsonBlock(RESULTS_HEAD_ELEMENT_ID, head)}</body>`);
    return compressedPage(200, html, 5);
  }

  return {
    handles: (pathname: string) => RESULTS_FRAME.pattern.test(pathname.replace(/\/+$/, '')),
    async page(_request: unknown, pathname: string, language: Language): Promise<DrawnPage | undefined> {
      const eventId = RESULTS_FRAME.pattern.exec(pathname.replace(/\/+$/, ''))?.[1];
      if (!eventId) return undefined;
      const match = await findMatchWithVersions(app.ctx.db.kysely, eventId);
      if (!match || !match.published) return undefined;
      const event = await eventHeader(app.ctx, eventId, match.events_version);
      if (!event || event.status !== EventStatus.publico) return undefined;
      const resultsWord = (drawer.areasOf(language).results as { TITLE?: string } | undefined)?.TITLE;
      if (!resultsWord) return undefined;
      const head: DrawnResultsHead = { eventUuid: eventId, name: match.name, start: event.startAt };
      const heading = resultsHeading(head, language, resultsWord);
      const key = [eventId, language, heading.title, heading.subtitle].join('\u0000');
      let drawn = kept.get(key);
      if (!drawn) {
        drawn = draw(pathname, language, head, heading);
        drawn.catch(() => kept.delete(key));
        if (kept.size >= KEPT_MAX) kept.clear();
        kept.set(key, drawn);
      }
      return drawn;
    },
  };
}
