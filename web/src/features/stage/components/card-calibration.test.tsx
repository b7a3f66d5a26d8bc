import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { CARD_WIDTH_KEY } from '../stage-storage.ts';
import { CardCalibration } from './card-calibration.tsx';

describe('CardCalibration', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('keeps the card rectangle at the card aspect, and its match gives the canvas width and is kept for the device', async () => {
    localStorage.setItem(CARD_WIDTH_KEY, '342');
    const onMeasured = vi.fn();
    renderWithProviders(<CardCalibration canvasWidthPx={1600} onMeasured={onMeasured} />, { language: 'en', areas: ['dry-training'] });
    const rectangle = await screen.findByTestId('card-rectangle');
    expect(rectangle.style.width).toBe('342px');
    fireEvent.click(screen.getByRole('button', { name: 'Larger' }));
    // 343 px wide: 53.98 / 85.60 of it tall.
    expect(rectangle.style.width).toBe('343px');
    expect(parseFloat(rectangle.style.height)).toBeCloseTo((343 * 53.98) / 85.6, 3);
    fireEvent.click(screen.getByRole('button', { name: 'It matches the card: use it' }));
    // 343 px per 85.6 mm: a 1600 px canvas is 399.3 mm wide.
    expect(onMeasured).toHaveBeenCalledWith(0.399);
    expect(localStorage.getItem(CARD_WIDTH_KEY)).toBe('343');
  });
});
