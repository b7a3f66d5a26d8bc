import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PageDrawing } from '@club/contract/content-view';
import type { Language } from '@club/contract/languages';

export interface PageDrawer {
  /** The build's drawing code (`dist-ssr/page-shell.js` beside the web build), if the build has it. */
  renderer(): Promise<PageDrawing | undefined>;
  /** Every translation area of the build in one language, as the drawing code takes them. */
  areasOf(language: Language): Record<string, object>;
}

const drawers = new Map<string, PageDrawer>();

/**
 * The web build's drawing code and texts, loaded once per build folder and process: the pages
 * drawn from the club's content (decision 0041) and the scoring screen drawn for a range officer
 * (decision 0068) share them.
 */
export function pageDrawer(webDist: string): PageDrawer {
  const known = drawers.get(webDist);
  if (known) return known;
  const shellFile = path.join(webDist, '..', 'dist-ssr', 'page-shell.js');
  let shell: Promise<PageDrawing | undefined> | undefined;
  const areasByLanguage = new Map<Language, Record<string, object>>();
  const drawer: PageDrawer = {
    renderer() {
      shell ??= fs.existsSync(shellFile)
        ? (import(pathToFileURL(shellFile).href) as Promise<PageDrawing>).catch(() => undefined)
        : Promise.resolve(undefined);
      return shell;
    },
    areasOf(language) {
      const areas = areasByLanguage.get(language);
      if (areas) return areas;
      const found: Record<string, object> = {};
      const base = path.join(webDist, 'assets', 'i18n');
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(path.join(base, dir), { withFileTypes: true })) {
          const area = dir ? `${dir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) walk(area);
          else if (entry.name === `${language}.json`)
            found[dir] = JSON.parse(fs.readFileSync(path.join(base, area), 'utf8')) as object;
        }
      };
      if (fs.existsSync(base)) walk('');
      areasByLanguage.set(language, found);
      return found;
    },
  };
  drawers.set(webDist, drawer);
  return drawer;
}

/** A page drawn by the server, in each encoding it is sent in. */
export interface DrawnPage {
  status: number;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const ROOT_START = '<div id="root" data-areas="';

export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** True when `page` (a build's drawing) has the `#root` element `replaceRoot` replaces. */
export const hasRoot = (page: string) => page.includes(ROOT_START);

/** `page` with its `#root` element (from its start to the last `</div>` before `</body>`) replaced. */
export function replaceRoot(page: string, root: string): string | undefined {
  const start = page.indexOf(ROOT_START);
  const end = page.lastIndexOf('</div>', page.lastIndexOf('</body>'));
  if (start < 0 || end < start) return undefined;
  return page.slice(0, start) + root + page.slice(end + '</div>'.length);
}

/** `#root` drawn: the markup and the translation areas it shows (the app loads them before replacing it). */
export function drawnRoot(drawn: { markup: string; areas: string[] }, attributes = ''): string {
  return `<div id="root" data-areas="${escapeAttribute(drawn.areas.join(','))}"${attributes}>${drawn.markup}</div>`;
}

/**
 * JSON in a script element of the page (read by the app, never run): `<` is written as \u003c, so
 * no `</script>` or `<!--` in any text ends it.
 */
export const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * A drawn page with its compressed copies, made off the event loop (zlib's threads). `brotli` is
 * the quality: 11 (a tenth of a second of a thread for home) where the page is drawn again
 * seldom and its first bytes count most.
 */
export async function compressedPage(status: number, html: string, brotli: number): Promise<DrawnPage> {
  const bytes = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    compressBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotli, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    compressGzip(bytes, { level: brotli >= 9 ? 9 : 6 }),
  ]);
  return { status, html: bytes, br, gzip: gzipped };
}
