import type { PhotoInfo } from '@club/contract/content';
import { photoSources } from '@club/contract/content-view';

/** `src`, `srcSet` and size of a photo in WebP (every photo has it), for the lightbox and `<img>`. */
export function webpPicture(info: PhotoInfo): { src: string; srcSet: string; width: number; height: number } {
  const format = info.formats.includes('webp') ? 'webp' : info.formats[0]!;
  return { ...photoSources(info, format), width: info.width, height: info.height };
}

interface Props {
  info: PhotoInfo | undefined;
  alt: string;
  /** The language of `alt` where it is not the page's. */
  lang?: string;
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * A content photo in the formats it is kept in (AVIF, then WebP, then JPEG for the rest), each
 * with every width in `srcset`, so the browser takes the smallest copy that fills `sizes`.
 */
export function ContentPicture({ info, alt, lang, sizes, className, loading = 'lazy', fetchPriority }: Props) {
  if (!info) return null;
  if (info.formats.includes('svg')) {
    return <img className={className} src={`${info.base}.svg`} width={info.width} height={info.height} alt={alt} lang={lang} loading={loading} />;
  }
  const fallback = info.formats.includes('jpg') ? 'jpg' : 'webp';
  const img = photoSources(info, fallback);
  return (
    <picture>
      {info.formats.includes('avif') ? <source type="image/avif" srcSet={photoSources(info, 'avif').srcSet} sizes={sizes} /> : null}
      {fallback !== 'webp' ? <source type="image/webp" srcSet={photoSources(info, 'webp').srcSet} sizes={sizes} /> : null}
      <img
        className={className}
        src={img.src}
        srcSet={img.srcSet}
        sizes={sizes}
        width={info.width}
        height={info.height}
        alt={alt}
        lang={lang}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
      />
    </picture>
  );
}
