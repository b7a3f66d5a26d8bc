/**
 * The footer's id: a drawn page's head asks the browser to paint nothing before the element with
 * this id has been read (web/build/prerender-pages.ts), so the footer must keep it.
 */
export const FOOTER_ID = 'site-footer';
