import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { POWER_FACTORS, shotTimes } from '@club/contract/scoring';
import type { PowerFactor, RepScore } from '@club/contract/scoring';
import type { ShotString } from './use-shot-session.ts';

/** How shots reach the player: pointer clicks on the stage, or a laser seen by the camera. */
export type ShootMode = 'click' | 'laser';

const seconds = (ms: number | null) => (ms === null ? '–' : (ms / 1000).toFixed(2));

/** Hit factor as shown and as tests read it: four decimals. */
export const formatHitFactor = (value: number) => value.toFixed(4);

/** The shot timer and score sheet of the player: mode, power factor, the shots of the string and its score. */
export function ScoringPanel({
  ref,
  mode,
  onModeChange,
  powerFactor,
  onPowerFactorChange,
  current,
  score,
  history,
  onNewString,
  children,
}: {
  mode: ShootMode;
  onModeChange: (mode: ShootMode) => void;
  powerFactor: PowerFactor;
  onPowerFactorChange: (value: PowerFactor) => void;
  current: ShotString | null;
  score: RepScore | null;
  history: readonly { repetition: number; score: RepScore }[];
  onNewString: () => void;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation('dry-training');
  const shots = current?.shots ?? [];
  const times = shotTimes(shots);
  return (
    <section ref={ref} className="scoring-panel" aria-labelledby="scoring-title">
      <div className="scoring-head">
        <h2 id="scoring-title" className="h6 mb-0">
          {t('SCORING.TITLE')}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('SCORING.MODE')}>
          {(['click', 'laser'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`btn ${mode === value ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={mode === value}
              onClick={() => onModeChange(value)}
            >
              {t(`SCORING.MODE_${value.toUpperCase()}`)}
            </button>
          ))}
        </div>
        <label className="scoring-factor">
          <span>{t('SCORING.POWER_FACTOR')}</span>
          <select
            className="form-select form-select-sm"
            name="powerFactor"
            value={powerFactor}
            onChange={(event) => onPowerFactorChange(event.target.value as PowerFactor)}
          >
            {POWER_FACTORS.map((value) => (
              <option key={value} value={value}>
                {t(`SCORING.${value.toUpperCase()}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onNewString}>
          {t('SCORING.NEW_STRING')}
        </button>
      </div>
      <p className="scoring-help small mb-2">
        {t(mode === 'click' ? 'SCORING.HELP_CLICK' : 'SCORING.HELP_LASER')}
      </p>
      <div className="scoring-body">
        <div className="scoring-sheet">
          <p className="small mb-1" data-testid="string-label">
            {current === null
              ? t('SCORING.NO_STRING')
              : current.repetition === null
                ? t('SCORING.FREE_STRING')
                : t('SCORING.REPETITION', { repetition: current.repetition })}
          </p>
          {score !== null ? (
            <dl
              className="scoring-summary"
              data-testid="score-summary"
              data-points={score.points}
              data-hit-factor={formatHitFactor(score.hitFactor)}
            >
              <div>
                <dt>{t('SCORING.POINTS')}</dt>
                <dd>{score.points}</dd>
              </div>
              <div>
                <dt>{t('SCORING.TIME')}</dt>
                <dd>{seconds(score.timeMs)}</dd>
              </div>
              <div>
                <dt>{t('SCORING.HIT_FACTOR')}</dt>
                <dd>{formatHitFactor(score.hitFactor)}</dd>
              </div>
              <div>
                <dt>{t('SCORING.FIRST')}</dt>
                <dd>{seconds(times.firstMs)}</dd>
              </div>
              <div className="scoring-counts">
                <dt>{t('SCORING.ZONES')}</dt>
                <dd>
                  {(['A', 'C', 'D', 'M', 'NS', 'P', 'HC'] as const)
                    .filter((zone) => score.counts[zone] > 0)
                    .map((zone) => `${t(`ZONE.${zone}`)} ${score.counts[zone]}`)
                    .join(' · ') || '–'}
                </dd>
              </div>
            </dl>
          ) : null}
          {shots.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t('SCORING.NO_SHOTS')}</p>
          ) : (
            <ol className="shot-list" data-testid="shot-list" aria-label={t('SCORING.SHOTS')}>
              {shots.map((shot, index) => (
                <li
                  key={shot.number}
                  data-zone={shot.zone}
                  data-time-ms={shot.tMs}
                  data-position={`${Math.round(shot.point.positionX)},${Math.round(shot.point.positionY)}`}
                >
                  <span className={`shot-zone shot-zone--${shot.zone.toLowerCase()}`}>
                    {t(`ZONE.${shot.zone}`)}
                  </span>
                  <span className="shot-time">{seconds(shot.tMs)} s</span>
                  <span className="shot-split">
                    {index === 0 ? t('SCORING.FIRST_SHOT') : `+${seconds(times.splitsMs[index - 1] ?? null)}`}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {history.length > 1 ? (
            <table className="table table-sm scoring-reps mt-2">
              <caption className="visually-hidden">{t('SCORING.REPETITIONS')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('SCORING.POINTS')}</th>
                  <th scope="col">{t('SCORING.TIME')}</th>
                  <th scope="col">{t('SCORING.HIT_FACTOR')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((row) => (
                  <tr key={row.repetition}>
                    <td>{row.repetition}</td>
                    <td>{row.score.points}</td>
                    <td>{seconds(row.score.timeMs)}</td>
                    <td>{formatHitFactor(row.score.hitFactor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}
