import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_CARD_MM, canvasWidthMetresFromCard } from '@club/stage-engine/coordinates';
import { readCardWidthPx, writeCardWidthPx } from '../stage-storage.ts';

// A typical 96 dpi screen shows a card about 324 px wide: a start the member only fine-tunes.
const DEFAULT_CARD_PX = Math.round((BANK_CARD_MM.width / 25.4) * 96);

/**
 * Guided measuring of the screen: hold a bank card against the drawn rectangle, resize it until
 * both match, and the canvas width follows. The match is kept for this device.
 */
export function CardCalibration({ canvasWidthPx, onMeasured }: { canvasWidthPx: number; onMeasured: (imageWidthMetres: number) => void }) {
  const { t } = useTranslation('dry-training');
  const id = useId();
  const [width, setWidth] = useState(() => readCardWidthPx() ?? DEFAULT_CARD_PX);
  const height = (width * BANK_CARD_MM.height) / BANK_CARD_MM.width;
  return (
    <fieldset className="card-calibration">
      <legend className="h6">{t('CALIBRATION.CARD_TITLE')}</legend>
      <p className="small text-secondary mb-2">{t('CALIBRATION.CARD_HELP')}</p>
      <div className="card-calibration-frame" style={{ width: `${width}px`, height: `${height}px` }} aria-hidden="true" data-testid="card-rectangle" />
      <label htmlFor={`${id}-card`} className="form-label mt-2">
        {t('CALIBRATION.CARD_SIZE')}
      </label>
      <div className="d-flex gap-2 align-items-center">
        <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={t('CALIBRATION.CARD_SMALLER')} onClick={() => setWidth((w) => Math.max(100, w - 1))}>
          −
        </button>
        <input id={`${id}-card`} type="range" className="form-range" min={100} max={900} step={1} value={width} onChange={(e) => setWidth(e.target.valueAsNumber)} />
        <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={t('CALIBRATION.CARD_LARGER')} onClick={() => setWidth((w) => Math.min(900, w + 1))}>
          +
        </button>
      </div>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mt-2"
        onClick={() => {
          writeCardWidthPx(width);
          onMeasured(Math.round(canvasWidthMetresFromCard(canvasWidthPx, width) * 1000) / 1000);
        }}
      >
        {t('CALIBRATION.CARD_USE')}
      </button>
    </fieldset>
  );
}
