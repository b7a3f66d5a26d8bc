// What pages need to show the club's content (content.ts holds its schemas): pure functions and
// types only, no zod, so the public pages that import them carry no schema code.
import { LANGUAGES, CLUB_LANGUAGE } from './languages.ts';
import type { Language } from './languages.ts';
import type { NewsItem, PhotoInfo, RenderedContent } from './content.ts';
import type { ScoringSnapshot } from './match.ts';
import type { Event, User } from './schemas.ts';

export type LocalizedText = Record<Language, string>;

/**
 * What the build's drawing code (web/src/prerender/page-shell.tsx, built to dist-ssr) offers:
 * the build draws each page with it, and the server draws the content pages again with the live
 * content.
 */
export interface PageDrawing {
  renderPage(
    path: string,
    language: string,
    areas: Record<string, object>,
    session: string,
    now?: Date,
    content?: RenderedContent,
    signedIn?: SignedInDrawing,
    month?: DrawnMonth,
  ): Promise<{ markup: string; areas: string[] }>;
}

/**
 * A month of the calendar with its events as a visitor is answered them (GET /api/{year}/{month}/):
 * the server draws the visitor's calendar with it (decision 0073) and puts it in the page
 * (`MONTH_ELEMENT_ID`), so the app's first render shows the same events.
 */
export interface DrawnMonth {
  year: number;
  month: number;
  events: Event[];
}

/** The id of the script element in which the drawn calendar carries the month it was drawn with. */
export const MONTH_ELEMENT_ID = 'club-month';

/**
 * What the server heads a published match's results page with (decision 0075): the match's name
 * and the event's start ('YYYY-MM-DD HH:MM:SS', club time). The page carries it
 * (`RESULTS_HEAD_ELEMENT_ID`), so the app heads its first render alike before its own data is in.
 */
export interface DrawnResultsHead {
  eventUuid: string;
  name: string;
  start: string;
}

/** The id of the script element in which a drawn results page carries its header's data. */
export const RESULTS_HEAD_ELEMENT_ID = 'club-results-head';

/**
 * A screen drawn for one member (the server draws the scoring screen for the range officer who
 * asks, decision 0068): the session as the app will hold it, and the screen's data.
 */
export interface SignedInDrawing {
  user: User;
  scoring?: ScoringSnapshot;
}

/** The id of the script element in which a drawn page carries the content it was drawn from. */
export const CONTENT_ELEMENT_ID = 'club-content';

/**
 * A text in a language, or where that language is missing the club's own language, or else the
 * first language written: never an empty box.
 */
export function textIn(text: LocalizedText, language: Language): string {
  return text[languageIn(text, language)] ?? '';
}

/**
 * The language textIn shows a text in: `language` where it is written, else the club's own, else
 * the first written (`language` when none is). A page marks a text shown in another language
 * than its own with it (`lang`), so a screen reader reads it with the right voice.
 */
export function languageIn(text: LocalizedText, language: Language): Language {
  if (text[language]) return language;
  if (text[CLUB_LANGUAGE]) return CLUB_LANGUAGE;
  return LANGUAGES.find((other) => text[other]) ?? language;
}

/** A comma-separated text (an instructor's specialities) as its words, in a language as textIn reads it. */
export function listIn(text: LocalizedText | undefined, language: Language): string[] {
  if (!text) return [];
  return textIn(text, language)
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

/** The languages a text still lacks (the editor marks them). */
export const missingLanguages = (text: LocalizedText): Language[] => LANGUAGES.filter((language) => !text[language]);

/** News visible at `now`: published, pinned first, newest first. */
export function publishedNews(news: readonly NewsItem[], now: Date): NewsItem[] {
  return news
    .filter((item) => Date.parse(item.publishAt) <= now.getTime())
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || Date.parse(b.publishAt) - Date.parse(a.publishAt));
}

/** Items in the order staff set. */
export const byOrder = <T extends { order: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.order - b.order);

/** Path of a news item's page in a language. */
export const newsPath = (id: string, language: Language): string => `/news/${id}/${language}`;

/** The widths photos are kept in (never wider than the original). */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** `src`, `srcSet` and size of a photo in one format, from its info. */
export function photoSources(info: PhotoInfo, format: PhotoInfo['formats'][number]): { src: string; srcSet: string } {
  if (format === 'svg') return { src: `${info.base}.svg`, srcSet: '' };
  const widths = info.widths;
  return {
    src: `${info.base}-${widths[0]}.${format}`,
    srcSet: widths.map((width) => `${info.base}-${width}.${format} ${width}w`).join(', '),
  };
}

