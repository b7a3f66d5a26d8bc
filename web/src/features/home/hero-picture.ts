import { createContext } from 'react';
import { heroPicture } from './images.ts';
import type { Picture } from './images.ts';

/**
 * The hero's backdrop as a screen draws it. The drawing of the home page carries the phone's
 * picture in the page itself (web/src/prerender/page-shell.tsx), so a phone paints the hero whole
 * with the page's first paint instead of after one more request; the app, whose code should not
 * carry the picture, draws the same element when it replaces the drawing (`drawnHeroPicture`),
 * and the backdrop's files when it draws home later.
 */
export const HeroPictureContext = createContext<Picture>(heroPicture);

/** The backdrop the drawing on the page shows, while the drawing is still there. */
export function drawnHeroPicture(): Picture | undefined {
  if (typeof document === 'undefined') return undefined;
  const drawn = document.querySelector<HTMLImageElement>('img.hero-backdrop');
  const src = drawn?.getAttribute('src');
  const srcSet = drawn?.getAttribute('srcset');
  return src && srcSet ? { ...heroPicture, src, srcSet } : undefined;
}
