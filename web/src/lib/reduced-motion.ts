/**
 * True when the visitor asked the system for less motion. Read at the moment of moving (a
 * setting can change while the page is open); false where matchMedia is missing, as in jsdom.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** How to scroll: smoothly, unless the visitor asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
