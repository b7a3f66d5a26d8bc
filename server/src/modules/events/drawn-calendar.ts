import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clampMonth, clubMonth, clubWallTime, compareMonths, formatYearMonth, parseYearMonth } from '@club/contract/club-time';
import type { YearMonth } from '@club/contract/club-time';
import { MONTH_ELEMENT_ID } from '@club/contract/content-view';
import { eventStyle } from '@club/contract/eligibility';
import type { Language } from '@club/contract/languages';
import { APP_ROUTES } from '@club/contract/routes';
import type { ClubEvent } from '@club/contract/schemas';
import { compressedPage, drawnRoot, hasRoot, jsonBlock, pageDrawer, replaceRoot } from '../../lib/page-drawing.ts';
import type { DrawnPage } from '../../lib/page-drawing.ts';
import { prerenderedPage } from '../../plugins/web-app.ts';
import { monthBody } from './month-cache.ts';

const KEPT_MAX = 100;

/**
 * The visitor's calendar, drawn by the server with the month's public events (decision 0073), so
 * the page shows them from its first paint and needs no app until the visitor acts on it. The
 * month is the one the app would show for the address (`?month=`, within the months that may be
 * opened; the club's current one by default). A drawing is kept per month and language until the
 * events change, the day changes, or an event of the month passes (its chip's colour changes);
 * with it goes the month's events as the visitor's app holds them, so the app's first render
 * shows the same. A member's app starts at once on it and shows their own month.
 */
export function calendarPages(app: FastifyInstance, webDist: string) {
  const drawer = pageDrawer(webDist);
  const kept = new Map<string, Promise<DrawnPage | undefined>>();
  let keptVersion = '';

  async function draw(view: YearMonth, current: YearMonth, language: Language, events: ClubEvent[], now: Date) {
    // The build's drawing of the calendar for the month, the page the server would send without
    // this one (any month's serves as the model: their styles are alike).
    const file = prerenderedPage(webDist, APP_ROUTES.calendar, 200, language, formatYearMonth(view));
    const page = file ? fs.readFileSync(file, 'utf8') : undefined;
    const renderer = await drawer.renderer();
    // Without the drawing code the build's page goes out, and the app fills in the events.
    if (!page || !hasRoot(page) || !renderer) return undefined;
    const address = compareMonths(view, current) === 0 ? APP_ROUTES.calendar : `${APP_ROUTES.calendar}?month=${formatYearMonth(view)}`;
    const month = { ...view, events };
    const drawn = await renderer.renderPage(address, language, drawer.areasOf(language), 'anonymous', now, undefined, undefined, month);
    const html = replaceRoot(page, drawnRoot(drawn))?.replace('</body>', `${jsonBlock(MONTH_ELEMENT_ID, month)}</body>`);
    // Drawn again at every change of the month's events: a quick brotli, not the best.
    return html ? compressedPage(200, html, 5) : undefined;
  }

  return {
    handles: (pathname: string) => pathname.replace(/\/+$/, '') === APP_ROUTES.calendar,
    async page(request: FastifyRequest, _pathname: string, language: Language): Promise<DrawnPage | undefined> {
      const { clock, config } = app.ctx;
      const now = clock.now();
      const current = clubMonth(now, config.clubTimezone);
      const asked = parseYearMonth(new URLSearchParams(request.url.split('?')[1] ?? '').get('month'));
      const view = clampMonth(asked ?? current, current);
      const { events: version } = await request.versions();
      if (version !== keptVersion) {
        kept.clear();
        keptVersion = version;
      }
      const events = JSON.parse((await monthBody(app.ctx, view, null, false, version)).toString('utf8')) as ClubEvent[];
      // What else the drawing shows from the clock: today, and each event's colour (past or not).
      const nowLocal = clubWallTime(now, config.clubTimezone);
      const key = [formatYearMonth(view), formatYearMonth(current), language, nowLocal.slice(0, 10), events.map((event) => eventStyle(event, nowLocal)).join()].join(' ');
      let drawn = kept.get(key);
      if (!drawn) {
        drawn = draw(view, current, language, events, now);
        // A drawing that failed is tried again by the next request.
        drawn.catch(() => kept.delete(key));
        if (kept.size >= KEPT_MAX) kept.clear();
        kept.set(key, drawn);
      }
      return drawn;
    },
  };
}
