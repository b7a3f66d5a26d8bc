import { useTranslation } from 'react-i18next';
import type { LaserColour } from '@club/laser/detector';
import { MAX_ERROR_MM } from '@club/laser/markers';
import type { LaserCamera } from './use-laser-camera.ts';

/** The laser camera's controls: on and off, calibration and its quality, colour, sensitivity, live view. */
export function CameraPanel({
  camera,
  colour,
  onColourChange,
  sensitivity,
  onSensitivityChange,
}: {
  camera: LaserCamera;
  colour: LaserColour;
  onColourChange: (colour: LaserColour) => void;
  sensitivity: number;
  onSensitivityChange: (value: number) => void;
}) {
  const { t } = useTranslation('dry-training');
  const on = camera.status !== 'off' && camera.status !== 'error';
  const statusText = (() => {
    switch (camera.status) {
      case 'off':
        return t('CAMERA.OFF');
      case 'starting':
        return t('CAMERA.STARTING');
      case 'calibrating':
        // A refused calibration says why at once; marks not read say why after a few seconds.
        if (camera.problem === 'imprecise' && camera.rejected !== null)
          return t('CAMERA.PROBLEM.IMPRECISE', { max: camera.rejected.maxErrorMm.toFixed(1), limit: MAX_ERROR_MM });
        if (camera.calibrationSlow && camera.problem !== null)
          return t(`CAMERA.PROBLEM.${camera.problem.toUpperCase().replace('-', '_')}`, {
            found: camera.marksFound,
          });
        return t('CAMERA.CALIBRATING');
      case 'ready':
        return t('CAMERA.READY', {
          marks: camera.calibration?.markers.length ?? 0,
          error: camera.calibration?.meanErrorMm.toFixed(1) ?? '–',
          max: camera.calibration?.maxErrorMm.toFixed(1) ?? '–',
          limit: MAX_ERROR_MM,
        });
      case 'moved':
        return t('CAMERA.MOVED');
      case 'error':
        return t(`CAMERA.ERROR_${(camera.error ?? 'failed').toUpperCase()}`);
    }
  })();
  return (
    <div className="camera-panel">
      <div className="camera-actions">
        <button
          type="button"
          className={`btn btn-sm ${on ? 'btn-outline-secondary' : 'btn-primary'}`}
          onClick={on ? camera.stop : camera.start}
        >
          {on ? t('CAMERA.SWITCH_OFF') : t('CAMERA.SWITCH_ON')}
        </button>
        <button
          type="button"
          className={`btn btn-sm ${camera.status === 'moved' ? 'btn-warning' : 'btn-outline-secondary'}`}
          disabled={camera.status !== 'ready' && camera.status !== 'moved'}
          onClick={camera.recalibrate}
        >
          {t('CAMERA.RECALIBRATE')}
        </button>
        <label className="camera-field">
          <span>{t('CAMERA.COLOUR')}</span>
          <select
            className="form-select form-select-sm"
            name="laserColour"
            value={colour}
            onChange={(event) => onColourChange(event.target.value as LaserColour)}
          >
            <option value="red">{t('CAMERA.RED')}</option>
            <option value="green">{t('CAMERA.GREEN')}</option>
          </select>
        </label>
        <label className="camera-field camera-sensitivity">
          <span>{t('CAMERA.SENSITIVITY', { value: sensitivity })}</span>
          <input
            type="range"
            className="form-range"
            name="sensitivity"
            min={1}
            max={10}
            step={1}
            value={sensitivity}
            onChange={(event) => onSensitivityChange(Number(event.target.value))}
          />
        </label>
      </div>
      <p
        className={`camera-status small mb-2${camera.status === 'error' || camera.status === 'moved' || (camera.status === 'calibrating' && (camera.calibrationSlow || camera.problem === 'imprecise')) ? ' is-alert' : ''}`}
        role="status"
        data-testid="camera-status"
        data-status={camera.status}
        data-error-mm={camera.calibration?.meanErrorMm.toFixed(2)}
        data-max-error-mm={camera.calibration?.maxErrorMm.toFixed(2)}
        data-problem={camera.status === 'calibrating' ? (camera.problem ?? undefined) : undefined}
      >
        {statusText}
      </p>
      <div className={`camera-views${on ? '' : ' d-none'}`}>
        <figure>
          <video ref={camera.videoRef} muted playsInline aria-label={t('CAMERA.PREVIEW')} />
          <figcaption>{t('CAMERA.PREVIEW')}</figcaption>
        </figure>
        <figure>
          <canvas ref={camera.viewRef} width={160} height={120} aria-label={t('CAMERA.DETECTOR_VIEW')} />
          <figcaption>
            {t('CAMERA.DETECTOR_VIEW')}
            {camera.analysedFps !== null ? (
              <span data-testid="analysed-fps"> · {t('CAMERA.FPS', { fps: camera.analysedFps })}</span>
            ) : null}
          </figcaption>
        </figure>
      </div>
      <p className="small text-body-secondary mb-0">{t('CAMERA.PRIVACY')}</p>
    </div>
  );
}
