import { useEffect, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { normaliseDrillSettings } from '../stage-storage.ts';
import type { DrillSettings } from '../stage-storage.ts';

type NumericKey = Exclude<keyof DrillSettings, 'parTimeEnabled'>;

/** The drill player's settings: repetitions, random start delay, par time, duration and rest. */
export function DrillDialog({
  show,
  settings,
  onHide,
  onStart,
}: {
  show: boolean;
  settings: DrillSettings;
  onHide: () => void;
  onStart: (settings: DrillSettings) => void;
}) {
  const { t } = useTranslation('dry-training');
  const [draft, setDraft] = useState(settings);
  const baseId = useId();
  useEffect(() => {
    if (show) setDraft(settings);
  }, [show, settings]);

  const field = (key: NumericKey, min: number, max: number, step: number, disabled = false) => (
    <div className="drill-field">
      <label htmlFor={`${baseId}-${key}`} className="form-label">
        {t(`DRILL.${key}`)}
      </label>
      <input
        id={`${baseId}-${key}`}
        name={key}
        type="number"
        className="form-control"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.valueAsNumber })}
      />
    </div>
  );

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="drill-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onStart(normaliseDrillSettings(draft));
        }}
      >
        <Modal.Header closeButton closeLabel={t('CLOSE')}>
          <Modal.Title id="drill-title" as="h2" className="h5">
            {t('DRILL.TITLE')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary small">{t('DRILL.HELP')}</p>
          <div className="drill-grid">
            {field('repetitions', 1, 50, 1)}
            {field('repetitionSeconds', 1, 120, 0.5)}
            {field('delayMinSeconds', 0, 30, 0.5)}
            {field('delayMaxSeconds', 0, 30, 0.5)}
            {field('restSeconds', 0, 60, 0.5)}
            <div className="drill-field">
              <div className="form-check form-switch mt-4">
                <input
                  id={`${baseId}-par`}
                  name="parTimeEnabled"
                  type="checkbox"
                  role="switch"
                  className="form-check-input"
                  checked={draft.parTimeEnabled}
                  onChange={(event) => setDraft({ ...draft, parTimeEnabled: event.target.checked })}
                />
                <label htmlFor={`${baseId}-par`} className="form-check-label">
                  {t('DRILL.parTimeEnabled')}
                </label>
              </div>
            </div>
            {field('parTimeSeconds', 0.1, 60, 0.1, !draft.parTimeEnabled)}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('CANCEL')}
          </Button>
          <Button type="submit" variant="primary">
            {t('DRILL.START')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
