import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
