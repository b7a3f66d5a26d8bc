import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { GalleryLightbox } from './gallery-lightbox.tsx';

const picture = (name: string) => ({
  src: `/media/${name}-640.webp`,
  srcSet: `/media/${name}-640.webp 640w, /media/${name}-1280.webp 1280w`,
  width: 1280,
  height: 853,
});

describe('GalleryLightbox', () => {
  it('marks a caption shown in another language than the page, on the picture and under it', async () => {
    renderWithProviders(
      <GalleryLightbox
        index={0}
        onClose={() => {}}
        slides={[
          { picture: picture('bay'), alt: 'Tirada social de primavera', lang: 'es' },
          { picture: picture('line'), alt: 'The firing line at dawn' },
        ]}
      />,
      { language: 'en', areas: ['home/trainings'] },
    );
    const shown = await screen.findByRole('img', { name: 'Tirada social de primavera' });
    expect(shown).toHaveAttribute('lang', 'es');
    expect(screen.getAllByText('Tirada social de primavera').some((node) => node.closest('[lang="es"]'))).toBe(true);
    // The next picture (drawn ahead) is captioned in the page's own language: no mark.
    const next = screen.getAllByRole('img', { hidden: true }).find((img) => img.getAttribute('alt') === 'The firing line at dawn');
    expect(next).toBeDefined();
    expect(next).not.toHaveAttribute('lang');
  });
});
