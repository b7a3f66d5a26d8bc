import siteSettings from '../site-settings.json' with { type: 'json' };

/** The languages of the site (SPEC §1): Spanish by default, Catalan and English. */
export const LANGUAGES = ['es', 'ca', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The cookie in which the web app keeps the visitor's language, so that the server can send the
 * home page already drawn in it (a preference only: no identifier).
 */
export const LANGUAGE_COOKIE = 'ipsc-club.lang';

/** The club's own language (site settings): what the club's copies of visitors' mails are in. */
export const CLUB_LANGUAGE: Language = isLanguage(siteSettings.language) ? siteSettings.language : DEFAULT_LANGUAGE;
