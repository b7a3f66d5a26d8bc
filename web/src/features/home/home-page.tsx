import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { prefersReducedMotion } from '../../lib/reduced-motion.ts';
import { HOME_AREAS } from './home-areas.ts';
import { useReveal } from './hooks/use-reveal.ts';
import { HeroSection } from './components/hero-section.tsx';
import { AboutSection } from './components/about-section.tsx';
import { TeamSection } from './components/team-section.tsx';
import { GallerySection } from './components/gallery-section.tsx';
import { PartnersSection } from './components/partners-section.tsx';
import { FeesSection } from './components/fees-section.tsx';
import { ContactSection } from './components/contact-section.tsx';
import { NewsSection } from './components/news-section.tsx';
import './home.css';

/**
 * The landing page (SPEC §2): hero, about, team, gallery, partners, fees and contact. It
 * scrolls to the section named in the URL fragment, or to the top when there is none or it
 * names nothing; sections fade in once as they scroll into view.
 */
export function HomePage() {
  // All areas at once, so their files load side by side rather than one section at a time.
  useTranslation([...HOME_AREAS]);
  usePageTitle(undefined);
  const root = useRef<HTMLDivElement>(null);
  const { hash, key } = useLocation();
  const arrived = useRef(false);
  useReveal(root);

  useEffect(() => {
    const smooth = !prefersReducedMotion();
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) {
      if (hash) window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
      return;
    }
    // Arriving with a fragment jumps there as browsers do on load; links on the page glide. A
    // glide the drawn page set off before the app started (build/starter-source.ts) is left to
    // end and then checked as the app's own: moving the page while the browser glides it leaves
    // it one step of the glide off.
    const arriving = !arrived.current;
    arrived.current = true;
    const gliding = arriving && document.documentElement.dataset.gliding === 'true';
    const behavior: ScrollBehavior = smooth && (!arriving || gliding) ? 'smooth' : 'instant';
    if (!gliding) target.scrollIntoView({ behavior, block: 'start' });
    // Parts above the target may still change as their code or pictures arrive, and that can
    // stop a smooth scroll half-way. Until the visitor takes over (a wheel, a touch, a key, a
    // press of the pointer or a field taking the focus) or three seconds pass, put the target
    // back where it was asked for: after a glide that stopped short, and whenever the page's
    // height changes. A jump cannot stop short, so a scroll that ends elsewhere after one is the
    // visitor's (the scrollbar, say): it is kept, and the page stops watching.
    const page = root.current;
    if (!page) return;
    const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const misaligned = () => {
      const top = target.getBoundingClientRect().top;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      return Math.abs(top - padding) > 2 && !(atBottom && top > padding);
    };
    let tries = 0;
    const onScrollEnd = () => {
      if (behavior === 'smooth' && misaligned() && tries++ < 3) target.scrollIntoView({ behavior, block: 'start' });
    };
    let height = page.offsetHeight;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
      if (page.offsetHeight === height) return;
      height = page.offsetHeight;
      target.scrollIntoView({ behavior: 'instant', block: 'start' });
    });
    observer?.observe(page);
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown', 'focusin'] as const;
    const stop = () => {
      observer?.disconnect();
      window.removeEventListener('scrollend', onScrollEnd);
      window.removeEventListener('scroll', onScroll);
      for (const type of events) window.removeEventListener(type, stop);
    };
    // After a jump, a scroll that leaves the target while the page kept its height is the
    // visitor's (the scrollbar sends no wheel, touch or key).
    const onScroll = () => {
      if (behavior !== 'smooth' && page.offsetHeight === height && misaligned()) stop();
    };
    window.addEventListener('scrollend', onScrollEnd);
    window.addEventListener('scroll', onScroll, { passive: true });
    for (const type of events) window.addEventListener(type, stop, { passive: true });
    const timer = window.setTimeout(stop, 3000);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
    // `key` changes on every navigation, so a second click on the same link scrolls again.
  }, [hash, key]);

  return (
    <div ref={root} className="home">
      <HeroSection />
      <NewsSection />
      <AboutSection />
      <TeamSection />
      <GallerySection />
      <PartnersSection />
      <FeesSection />
      <ContactSection />
    </div>
  );
}
