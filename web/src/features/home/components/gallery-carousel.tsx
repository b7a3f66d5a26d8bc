import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import './swiper-core.css';
import { Icon } from '../../../lib/icons.tsx';
import { prefersReducedMotion } from '../../../lib/reduced-motion.ts';
import type { PhotoInfo } from '@club/contract/content';
import { ContentPicture } from '../../../lib/content/picture.tsx';
import type { Picture } from '../images.ts';

export interface GallerySlide {
  id: string;
  info: PhotoInfo;
  picture: Picture;
  alt: string;
  /** The language of `alt` where it is not the page's. */
  lang?: string;
}

const GalleryLightbox = lazy(() => import('./gallery-lightbox.tsx').then((m) => ({ default: m.GalleryLightbox })));

// SPEC §9: 400 ms transitions, loop, autoplay every 5000 ms that goes on after the visitor
// touches it, centred, 1/2/3/5 pictures from 320/575/768/992 px wide, 20 px apart.
export const CAROUSEL = {
  speed: 400,
  autoplayMs: 5000,
  spaceBetween: 20,
  breakpoints: { 320: { slidesPerView: 1 }, 575: { slidesPerView: 2 }, 768: { slidesPerView: 3 }, 992: { slidesPerView: 5 } },
} as const;

/** The gallery carousel with its own controls (previous, pause, next) and a lightbox. */
export function GalleryCarousel({ slides }: { slides: readonly GallerySlide[] }) {
  const { t } = useTranslation('home/trainings');
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  // The picture that opened the lightbox gets the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (open !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [open]);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(!reducedMotion);


  const togglePlay = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };

  return (
    <div className="gallery-carousel">
      <Swiper
        modules={[Autoplay, A11y]}
        speed={CAROUSEL.speed}
        loop
        centeredSlides
        spaceBetween={CAROUSEL.spaceBetween}
        slidesPerView={1}
        breakpoints={CAROUSEL.breakpoints}
        autoplay={reducedMotion ? false : { delay: CAROUSEL.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        a11y={{
          prevSlideMessage: t('GALLERY.PREV'),
          nextSlideMessage: t('GALLERY.NEXT'),
          slideLabelMessage: t('GALLERY.SLIDE_LABEL', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
          containerRoleDescriptionMessage: t('GALLERY.ROLE'),
          itemRoleDescriptionMessage: t('GALLERY.ITEM_ROLE'),
        }}
        // Only the pictures in view take the keyboard's focus: focusing one out of view would
        // bring it into view, and in a looping carousel that moves the slides in the page, so Tab
        // would go round the pictures for ever and never reach what follows. The other pictures
        // come into view with the previous and next buttons.
        watchSlidesProgress
        onProgress={syncTabStops}
        onResize={syncTabStops}
        onSwiper={(instance) => {
          syncTabStops(instance);
          setSwiper(instance);
        }}
        data-testid="gallery-carousel"
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.id} data-gallery-id={slide.id}>
            <button
              type="button"
              className="gallery-open"
              onClick={(clickEvent) => {
                opener.current = clickEvent.currentTarget;
                setOpen(index);
              }}
            >
              <ContentPicture
                info={slide.info}
                sizes="(min-width: 992px) 20vw, (min-width: 768px) 33vw, (min-width: 575px) 50vw, 100vw"
                alt={slide.alt}
                lang={slide.lang}
              />
              <span className="visually-hidden"> ({t('GALLERY.OPEN')})</span>
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="gallery-controls">
        <button type="button" className="btn btn-round" onClick={() => swiper?.slidePrev()} aria-label={t('GALLERY.PREV')}>
          <Icon name="chevronLeft" />
        </button>
        <button type="button" className="btn btn-round" onClick={togglePlay} aria-pressed={!playing} aria-label={t('GALLERY.PAUSE')}>
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" className="btn btn-round" onClick={() => swiper?.slideNext()} aria-label={t('GALLERY.NEXT')}>
          <Icon name="chevronRight" />
        </button>
      </div>
      {open !== null ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            index={open}
            onClose={() => setOpen(null)}
            slides={slides.map((slide) => ({ picture: slide.picture, alt: slide.alt, lang: slide.lang }))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Gives a picture's button a place in the Tab order while its slide is in view, and none otherwise. */
function syncTabStops(swiper: SwiperInstance): void {
  // Kept by Swiper with `watchSlidesProgress` before each `progress` event (not in its types).
  const { visibleSlides } = swiper as SwiperInstance & { visibleSlides?: HTMLElement[] };
  for (const slide of swiper.slides) {
    const button = slide.querySelector<HTMLButtonElement>('button.gallery-open');
    if (button) button.tabIndex = visibleSlides?.includes(slide) ? 0 : -1;
  }
}
