import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StageIcon } from '../components/stage-icons.tsx';
import type { StageIconName } from '../components/stage-icons.tsx';
import type { RunState } from './use-drill-player.ts';

export interface ViewerBarProps {
  /** The stage's name (or "untitled"). */
  title: string;
  elementCount: number;
  runState: RunState;
  scoring: boolean;
  calibrated: boolean;
  fullscreen: boolean;
  onPlay(): void;
  onPause(): void;
  onStop(): void;
  onOpenDrill(): void;
  onToggleScoring(): void;
  onOpenCalibration(): void;
  onToggleFullscreen(): void;
}

/** A bar button that is on or off (aria-pressed); a lit one shows it in its colour too. */
function BarToggle({
  label,
  icon,
  pressed,
  lit,
  onClick,
}: {
  label: string;
  icon: StageIconName;
  pressed: boolean;
  lit: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-bar${lit ? ' is-on' : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
    >
      <StageIcon name={icon} />
    </button>
  );
}

/** The viewer's bar: the stage's name, play/pause/stop, the drill, scoring, real size, full screen, the designer. */
export function ViewerBar({
  title,
  elementCount,
  runState,
  scoring,
  calibrated,
  fullscreen,
  onPlay,
  onPause,
  onStop,
  onOpenDrill,
  onToggleScoring,
  onOpenCalibration,
  onToggleFullscreen,
}: ViewerBarProps) {
  const { t } = useTranslation('dry-training');
  return (
    <div className="viewer-bar">
      <div className="viewer-title">
        <h1 className="h6 mb-0">{t('TITLE')}</h1>
        <span className="viewer-stage-name" title={title}>
          {title} · {t('ELEMENTS', { count: elementCount })}
        </span>
      </div>
      <div className="viewer-actions">
        {runState === 'running' ? (
          <button type="button" className="btn btn-bar" aria-label={t('PAUSE')} title={t('PAUSE')} onClick={onPause}>
            <StageIcon name="pause" />
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-bar"
            aria-label={runState === 'paused' ? t('RESUME') : t('PLAY')}
            title={runState === 'paused' ? t('RESUME') : t('PLAY')}
            disabled={elementCount === 0}
            onClick={onPlay}
          >
            <StageIcon name="play" />
          </button>
        )}
        <button
          type="button"
          className="btn btn-bar"
          aria-label={t('STOP')}
          title={t('STOP')}
          disabled={runState === 'stopped'}
          onClick={onStop}
        >
          <StageIcon name="stop" />
        </button>
        <button type="button" className="btn btn-drill" disabled={elementCount === 0} onClick={onOpenDrill}>
          <StageIcon name="timer" size={18} />
          <span>{t('DRILL.OPEN')}</span>
        </button>
        <BarToggle label={t('SCORING.OPEN')} icon="target" pressed={scoring} lit={scoring} onClick={onToggleScoring} />
        <BarToggle
          label={t('CALIBRATION.OPEN')}
          icon="ruler"
          pressed={calibrated}
          lit={calibrated}
          onClick={onOpenCalibration}
        />
        <BarToggle
          label={fullscreen ? t('EXIT_FULLSCREEN') : t('FULLSCREEN')}
          icon={fullscreen ? 'shrink' : 'expand'}
          pressed={fullscreen}
          lit={false}
          onClick={onToggleFullscreen}
        />
        <Link className="btn btn-bar" to="/stage-designer" aria-label={t('OPEN_DESIGNER')} title={t('OPEN_DESIGNER')}>
          <StageIcon name="edit" />
        </Link>
      </div>
    </div>
  );
}
