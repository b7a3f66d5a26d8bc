import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { galleryPicture } from '../images.ts';
import { SectionHeading } from './section-heading.tsx';

const GalleryCarousel = lazy(() => import('./gallery-carousel.tsx').then((m) => ({ default: m.GalleryCarousel })));

/** A few pictures of club life; the carousel's code loads as the visitor approaches. */
export function GallerySection() {
  const { t } = useTranslation('home/trainings');
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  // Until the carousel arrives, its first pictures hold its place (same height, no shift).
  const placeholder = (
    <div className="gallery-placeholder" aria-hidden="true">
      {siteSettings.gallery.slice(0, 5).map((id) => {
        const picture = galleryPicture(id);
        return <img key={id} src={picture.src} width={picture.width} height={picture.height} alt="" loading="lazy" />;
      })}
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
            <GalleryCarousel ids={siteSettings.gallery} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
