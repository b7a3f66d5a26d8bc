import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { byOrder } from '@club/contract/content-view';
import { useContent } from '../../../lib/content/content.ts';
import { webpPicture } from '../../../lib/content/picture.tsx';
import { useContentLanguage, useContentText } from '../../../lib/content/text.ts';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import type { GallerySlide } from './gallery-carousel.tsx';
import { SectionHeading } from './section-heading.tsx';

const GalleryCarousel = lazy(() => import('./gallery-carousel.tsx').then((m) => ({ default: m.GalleryCarousel })));

/** The pictures of club life staff keep in the gallery; the carousel's code loads as the visitor approaches. */
export function GallerySection() {
  const { t } = useTranslation('home/trainings');
  const content = useContent();
  const text = useContentText();
  const shownIn = useContentLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const slides: GallerySlide[] = byOrder(content?.gallery ?? []).flatMap((item) => {
    const info = content?.photos[item.photoId];
    return info ? [{ id: item.photoId, info, picture: webpPicture(info), alt: text(item.caption), lang: shownIn(item.caption) }] : [];
  });
  // Until the carousel arrives, its first pictures hold its place (same height, no shift).
  const placeholder = (
    <div className="gallery-placeholder" aria-hidden="true">
      {slides.slice(0, 5).map((slide) => (
        <img key={slide.id} src={slide.picture.src} width={slide.picture.width} height={slide.picture.height} alt="" loading="lazy" />
      ))}
    </div>
  );
  return (
    <section id="gallery" className="home-section gallery" aria-labelledby="gallery-title">
      <div className="container-xl">
        <SectionHeading id="gallery-title" title={t('GALLERY.TITLE')} subtitle={t('GALLERY.SUBTITLE')} light />
      </div>
      <div ref={ref} className="gallery-frame">
        {near ? (
          <Suspense fallback={placeholder}>
            <GalleryCarousel slides={slides} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
