import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_ELEMENT_ID } from '@club/contract/content-view';
import type { RenderedContent } from '@club/contract/content';
import { LANGUAGES } from '@club/contract/languages';
import type { Language } from '@club/contract/languages';
import { compressedPage, drawnRoot, hasRoot, jsonBlock, pageDrawer, replaceRoot } from '../../lib/page-drawing.ts';
import type { DrawnPage } from '../../lib/page-drawing.ts';

/** What `page` answers for an instructor or news item the content does not hold. */
export const NOT_IN_CONTENT = 'not-in-content';

const TEAM = /^\/team\/([a-z0-9][a-z0-9-]{0,63})$/;
const NEWS = /^\/news\/([a-z0-9][a-z0-9-]{0,63})\/(es|ca|en)$/;
const KEPT_MAX = 200;
const dataBlock = (content: RenderedContent) => jsonBlock(CONTENT_ELEMENT_ID, content);

/**
 * The pages that show the club's content (home, each instructor's, each news item's), drawn
 * again from the live content (decision 0041; home whole, decision 0052): once per content version, page and language in
 * each process, then kept with their compressed copies until the version moves. The page's
 * build-time drawing is the model: its inlined styles, starter and head stay; `#root` gets the
 * new drawing and the version of the content it was drawn from (`data-content`), which the app
 * asks for before it replaces the drawing (decision 0062). Without the drawing code the model
 * goes out with the content itself in the page.
 */
export function createDrawnPages(webDist: string) {
  const drawer = pageDrawer(webDist);
  const kept = new Map<string, DrawnPage>();
  let keptVersion = -1;

  const model = (name: string, language: Language): string | undefined => {
    const file = path.join(webDist, 'pages', `${name}.${language}.html`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  };

  /** The build-time drawing any instructor's page was made from (its styles fit every one). */
  const teamModel = (slug: string, language: Language) => {
    const own = model(`team/${slug}`, language);
    if (own) return own;
    const dir = path.join(webDist, 'pages', 'team');
    const first = fs.existsSync(dir) ? fs.readdirSync(dir).find((file) => file.endsWith(`.${language}.html`)) : undefined;
    return first ? fs.readFileSync(path.join(dir, first), 'utf8') : undefined;
  };

  // The page is compressed once per content version, at brotli's best: a tenth of a second of
  // one thread buys about 1.8 KB of home's first bytes.
  const finish = (status: number, html: string) => compressedPage(status, html, 11);

  async function draw(
    pathname: string,
    language: Language,
    content: RenderedContent,
    now: Date,
  ): Promise<DrawnPage | typeof NOT_IN_CONTENT | undefined> {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const home = trimmed === '/' || trimmed === '/home';
    const team = TEAM.exec(trimmed);
    const news = NEWS.exec(trimmed);
    if (!home && !team && !news) return undefined;
    const known = home || (team ? content.team.some((m) => m.slug === team[1]) : content.news.some((item) => item.id === news![1]));
    if (!known) return NOT_IN_CONTENT;
    const page = home ? model('home', language) : team ? teamModel(team[1]!, language) : model('news', language);
    const renderer = await drawer.renderer();
    if (!page || !hasRoot(page)) return undefined;
    // Without the drawing code (a build that skipped it) the model goes out with the live content
    // beside it: the app shows that content once it starts.
    if (!renderer) return finish(200, page.replace('</body>', `${dataBlock(content)}</body>`));
    const drawn = await renderer.renderPage(trimmed, language, drawer.areasOf(language), 'anonymous', now, content);
    // The page names the content version it was drawn from and does not carry the content: the
    // app asks for it when it starts (a page's first 14 KB arrive in the first round trip).
    const root = drawnRoot(drawn, ` data-content="${content.version}"`);
    const html = replaceRoot(page, root);
    return html ? finish(200, html) : undefined;
  }

  return {
    /** True for a path whose page shows the content. */
    handles(pathname: string): boolean {
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      return trimmed === '/' || trimmed === '/home' || TEAM.test(trimmed) || NEWS.test(trimmed);
    },
    /**
     * The page drawn from `content` (whose `version` names it); `NOT_IN_CONTENT` when the path
     * names no instructor or published item (the caller answers 404); undefined when the build
     * holds no drawing to draw it on (the caller sends the build's page, which the app fills in).
     */
    async page(
      pathname: string,
      language: Language,
      content: RenderedContent,
      now: Date,
    ): Promise<DrawnPage | typeof NOT_IN_CONTENT | undefined> {
      if (content.version !== keptVersion) {
        kept.clear();
        keptVersion = content.version;
      }
      const key = `${pathname.replace(/\/+$/, '') || '/'} ${language}`;
      const hit = kept.get(key);
      if (hit) return hit;
      const drawn = await draw(pathname, language, content, now);
      if (drawn && drawn !== NOT_IN_CONTENT && kept.size < KEPT_MAX) kept.set(key, drawn);
      return drawn;
    },
    languages: LANGUAGES,
  };
}

export type DrawnPages = ReturnType<typeof createDrawnPages>;
