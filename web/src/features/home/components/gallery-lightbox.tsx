import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { Picture } from '../images.ts';

/**
 * The gallery's pictures full size, with keyboard and swipe navigation, the position ("3 / 8";
 * screen readers hear each slide's "3 of 8") and the picture's translated caption.
 */
export function GalleryLightbox({
  slides,
  index,
  onClose,
}: {
  slides: Array<{ picture: Picture; alt: string }>;
  index: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('home/trainings');
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      plugins={[Counter, Captions]}
      counter={{ container: { className: 'gallery-lightbox-counter', 'data-testid': 'lightbox-counter' } as Record<string, string> }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      labels={{
        Previous: t('GALLERY.PREV'),
        Next: t('GALLERY.NEXT'),
        Close: t('GALLERY.CLOSE'),
        Lightbox: t('GALLERY.TITLE'),
        'Photo gallery': t('GALLERY.TITLE'),
        Carousel: t('GALLERY.ROLE'),
        Slide: t('GALLERY.ITEM_ROLE'),
        // i18next would read {index} itself, so the template keeps its own placeholders.
        '{index} of {total}': t('GALLERY.COUNTER', { index: '{index}', total: '{total}' }),
      }}
      slides={slides.map(({ picture, alt }) => ({
        src: picture.srcSet.split(', ').at(-1)!.split(' ')[0],
        alt,
        description: alt,
        width: picture.width,
        height: picture.height,
        srcSet: picture.srcSet.split(', ').map((entry) => {
          const [src, w] = entry.split(' ');
          const width = Number.parseInt(w, 10);
          return { src, width, height: Math.round((width * picture.height) / picture.width) };
        }),
      }))}
    />
  );
}
