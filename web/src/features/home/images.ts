// Our generated illustrations (web/build/generate-images.mjs), as WebP at two or three widths.

export interface Picture {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

function picture(base: string, widths: number[], ratio: number): Picture {
  const largest = widths[widths.length - 1];
  return {
    src: `${base}-${widths[0]}.webp`,
    srcSet: widths.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
    width: largest,
    height: Math.round(largest * ratio),
  };
}

/** The hero's backdrop at 640, 1280 and 1920 px. */
export const heroPicture = picture('/images/hero/range-dawn', [640, 1280, 1920], 2 / 3);

/** A gallery scene (3:2) at 480 and 960 px. */
export const galleryPicture = (id: string): Picture => picture(`/images/gallery/gallery-${id}`, [480, 960], 2 / 3);

/** An instructor's portrait (4:5) at 320 and 640 px. */
export const portraitPicture = (slug: string): Picture => picture(`/images/team/${slug}`, [320, 640], 5 / 4);

/** An instructor on the range (3:2) at 480 and 960 px. */
export const rangePicture = (slug: string): Picture => picture(`/images/team/${slug}-range`, [480, 960], 2 / 3);

/** A partner's mark (SVG, any size). */
export const partnerLogo = (id: string): string => `/images/partners/${id}.svg`;
