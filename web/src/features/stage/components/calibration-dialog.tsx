import { useEffect, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { StoredCalibration } from '../stage-storage.ts';
import { CardCalibration } from './card-calibration.tsx';

type MetreKey = 'imageWidthMetres' | 'simulatedDistanceMetres' | 'viewerDistanceMetres';

/** Real-size calibration: projected width, distance to simulate and the member's own distance. */
export function CalibrationDialog({
  show,
  calibration,
  onHide,
  onApply,
}: {
  show: boolean;
  calibration: StoredCalibration;
  onHide: () => void;
  onApply: (calibration: StoredCalibration) => void;
}) {
  const { t } = useTranslation('dry-training');
  const [draft, setDraft] = useState(calibration);
  const baseId = useId();
  useEffect(() => {
    if (show) setDraft(calibration);
  }, [show, calibration]);
  const valid = (['imageWidthMetres', 'simulatedDistanceMetres', 'viewerDistanceMetres'] as const).every(
    (key) => Number.isFinite(draft[key]) && draft[key] > 0 && draft[key] <= 1000,
  );
  const field = (key: MetreKey) => (
    <div className="drill-field">
      <label htmlFor={`${baseId}-${key}`} className="form-label">
        {t(`CALIBRATION.${key}`)}
      </label>
      <div className="input-group">
        <input
          id={`${baseId}-${key}`}
          name={key}
          type="number"
          className={`form-control${Number.isFinite(draft[key]) && draft[key] > 0 ? '' : ' is-invalid'}`}
          min={0.1}
          max={1000}
          step={0.01}
          value={Number.isFinite(draft[key]) ? draft[key] : ''}
          onChange={(event) => setDraft({ ...draft, [key]: event.target.valueAsNumber })}
        />
        <span className="input-group-text">m</span>
      </div>
    </div>
  );
  // What an IPSC target (58 cm tall) measures on the screen with these numbers.
  const targetCentimetres = valid ? (58 * draft.viewerDistanceMetres) / draft.simulatedDistanceMetres : null;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="calibration-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onApply({ ...draft, enabled: true });
        }}
      >
        <Modal.Header closeButton closeLabel={t('CLOSE')}>
          <Modal.Title id="calibration-title" as="h2" className="h5">
            {t('CALIBRATION.TITLE')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary small">{t('CALIBRATION.HELP')}</p>
          {/* The viewer's canvas spans the window's width, so the window's width is the picture's.
              Read only while the dialog shows: the viewer is drawn on the server too, where the
              closed dialog's body is never shown and there is no window. */}
          <CardCalibration
            canvasWidthPx={show ? window.innerWidth : 0}
            onMeasured={(metres) => setDraft({ ...draft, imageWidthMetres: metres })}
          />
          <div className="drill-grid">
            {field('imageWidthMetres')}
            {field('simulatedDistanceMetres')}
            {field('viewerDistanceMetres')}
          </div>
          {targetCentimetres !== null ? (
            <p className="calibration-result" role="status">
              {t('CALIBRATION.RESULT', { size: targetCentimetres.toFixed(1), distance: draft.simulatedDistanceMetres })}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          {calibration.enabled ? (
            <Button variant="outline-danger" className="me-auto" onClick={() => onApply({ ...draft, enabled: false })}>
              {t('CALIBRATION.OFF')}
            </Button>
          ) : null}
          <Button variant="outline-secondary" onClick={onHide}>
            {t('CANCEL')}
          </Button>
          <Button type="submit" disabled={!valid}>
            {t('CALIBRATION.APPLY')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
