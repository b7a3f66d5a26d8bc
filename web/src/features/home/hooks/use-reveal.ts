import { useEffect } from 'react';
import type { RefObject } from 'react';
import { prefersReducedMotion } from '../../../lib/reduced-motion.ts';

/** SPEC §9: scroll animations last 1000 ms, ease-in-out, and run once (timing lives in home.css). */
export const REVEAL_MS = 1000;

/**
 * Fades in every `[data-reveal]` element under `root` the first time it scrolls into view; one
 * already in view or above it when the page starts is left as it is.
 * Nothing is hidden where the visitor prefers reduced motion or IntersectionObserver is missing.
 */
export function useReveal(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = root.current;
    if (!container || typeof IntersectionObserver === 'undefined') return;
    if (prefersReducedMotion()) return;
    const targets = [...container.querySelectorAll<HTMLElement>('[data-reveal]')];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add('is-revealed');
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.12, rootMargin: '0px 0px -40px 0px' },
    );
    // What the visitor already sees (or has scrolled past) stays as it is: the page may come
    // drawn whole and the app start only once the visitor scrolls (decision 0052); hiding it then
    // to fade it in again would make it blink.
    for (const target of targets) {
      if (target.getBoundingClientRect().top < window.innerHeight) continue;
      target.classList.add('reveal');
      observer.observe(target);
    }
    return () => observer.disconnect();
  }, [root]);
}
