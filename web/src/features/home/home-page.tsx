import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { HOME_AREAS } from './home-areas.ts';
import { useReveal } from './hooks/use-reveal.ts';
import { HeroSection } from './components/hero-section.tsx';
import { AboutSection } from './components/about-section.tsx';
import { TeamSection } from './components/team-section.tsx';
import { GallerySection } from './components/gallery-section.tsx';
import { PartnersSection } from './components/partners-section.tsx';
import { FeesSection } from './components/fees-section.tsx';
import { ContactSection } from './components/contact-section.tsx';
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
  useReveal(root);

  useEffect(() => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    else if (hash) window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    // `key` changes on every navigation, so a second click on the same link scrolls again.
  }, [hash, key]);

  return (
    <div ref={root} className="home">
      <HeroSection />
      <AboutSection />
      <TeamSection />
      <GallerySection />
      <PartnersSection />
      <FeesSection />
      <ContactSection />
    </div>
  );
}
