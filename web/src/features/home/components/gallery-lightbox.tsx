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
 * screen readers hear each slide's "3 of 8") and the picture's translated caption. A caption
 * written in another language than the page's says so (`lang` on the picture and the caption).
 */
export function GalleryLightbox({
  slides,
  index,
  onClose,
}: {
  slides: Array<{ picture: Picture; alt: string; lang?: string }>;
  index: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('home/trainings');
  const languageOf = new Map(slides.map(({ picture, lang }) => [largest(picture), lang]));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      plugins={[Counter, Captions]}
      counter={{ container: { className: 'gallery-lightbox-counter', 'data-testid': 'lightbox-counter' } as Record<string, string> }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      carousel={{ imageProps: (slide) => ({ lang: languageOf.get((slide as { src: string }).src) }) }}
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
      slides={slides.map(({ picture, alt, lang }) => ({
        src: largest(picture),
        alt,
        description: lang ? <span lang={lang}>{alt}</span> : alt,
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

/** The address of a picture's largest size. */
function largest(picture: Picture): string {
  return picture.srcSet.split(', ').at(-1)!.split(' ')[0]!;
}
