import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MATCH_LIMITS, PRECISION_SHOT_MAX } from '@club/contract/match';
import type { MatchStage } from '@club/contract/match';
import { NO_HITS } from '@club/contract/match-scoring';

export const HIT_FIELDS = ['a', 'c', 'd', 'm', 'ns', 'procedurals'] as const;
export type HitField = (typeof HIT_FIELDS)[number];

/** A run being entered: counts, the time as typed, DNF; precision series as typed. */
export interface RunDraft {
  a: number;
  c: number;
  d: number;
  m: number;
  ns: number;
  procedurals: number;
  /** As typed ("12.34", "12,34"); read by `parseTime`. */
  time: string;
  dnf: boolean;
  series: string[];
  x: number;
}

export const emptyDraft = (stage: MatchStage): RunDraft => ({
  ...NO_HITS,
  time: '',
  dnf: false,
  series: Array.from({ length: stage.series ?? 0 }, () => ''),
  x: 0,
});

/** Seconds from what the officer typed (a comma or a point), two decimals; null when not a time. */
export function parseTime(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value <= MATCH_LIMITS.time.max ? value : null;
}

/** Points of a precision series from what was typed; null when not a whole number in range. */
export function parseSeries(text: string, shotsPerSeries: number): number | null {
  const clean = text.trim();
  if (!/^\d{1,3}$/.test(clean)) return null;
  const value = Number(clean);
  return value <= shotsPerSeries * PRECISION_SHOT_MAX ? value : null;
}

function Counter({
  label,
  hint,
  value,
  onChange,
  tone,
}: {
  label: string;
  hint: string;
  value: number;
  onChange(next: number): void;
  tone: string;
}) {
  const { t } = useTranslation('match');
  const id = useId();
  return (
    <div className={`score-counter score-counter-${tone}`} role="group" aria-labelledby={id}>
      <span className="score-counter-label" id={id}>
        <span className="score-counter-code">{label}</span>
        <span className="score-counter-hint">{hint}</span>
      </span>
      <button
        type="button"
        className="score-step score-step-minus"
        aria-label={t('SCORE.LESS', { field: hint })}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </button>
      <output className="score-counter-value" aria-live="polite" data-testid={`count-${tone}`}>
        {value}
      </output>
      <button
        type="button"
        className="score-step score-step-plus"
        aria-label={t('SCORE.MORE', { field: hint })}
        disabled={value >= MATCH_LIMITS.count.max}
        onClick={() => onChange(Math.min(MATCH_LIMITS.count.max, value + 1))}
      >
        +
      </button>
    </div>
  );
}

/** The IPSC run: time, A, C, D, miss, no-shoot and procedural counters, DNF. */
export function IpscEntry({ draft, onChange, timeInvalid }: { draft: RunDraft; onChange(next: RunDraft): void; timeInvalid: boolean }) {
  const { t } = useTranslation('match');
  const timeId = useId();
  return (
    <div className="score-entry">
      <div className="score-time">
        <label htmlFor={timeId} className="score-time-label">
          {t('SCORE.TIME')}
        </label>
        <input
          id={timeId}
          name="time"
          className={`form-control score-time-input${timeInvalid ? ' is-invalid' : ''}`}
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          placeholder="0.00"
          value={draft.time}
          disabled={draft.dnf}
          aria-invalid={timeInvalid || undefined}
          aria-describedby={timeInvalid ? `${timeId}-error` : undefined}
          onChange={(e) => onChange({ ...draft, time: e.target.value })}
        />
        {timeInvalid ? (
          <div id={`${timeId}-error`} className="invalid-feedback d-block">
            {t('SCORE.TIME_INVALID')}
          </div>
        ) : null}
      </div>
      {HIT_FIELDS.map((field) => (
        <Counter
          key={field}
          tone={field}
          label={t(`SCORE.CODE.${field}`)}
          hint={t(`SCORE.FIELD.${field}`)}
          value={draft[field]}
          onChange={(value) => onChange({ ...draft, [field]: value })}
        />
      ))}
      <DnfSwitch draft={draft} onChange={onChange} />
    </div>
  );
}

function DnfSwitch({ draft, onChange }: { draft: RunDraft; onChange(next: RunDraft): void }) {
  const { t } = useTranslation('match');
  const id = useId();
  return (
    <div className="form-check form-switch score-dnf">
      <input
        id={id}
        name="dnf"
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={draft.dnf}
        onChange={(e) => onChange({ ...draft, dnf: e.target.checked })}
      />
      <label className="form-check-label" htmlFor={id}>
        {t('SCORE.DNF')}
      </label>
    </div>
  );
}

/** A precision stage: points of each series and the inner tens. */
export function PrecisionEntry({
  stage,
  draft,
  onChange,
  invalid,
}: {
  stage: MatchStage;
  draft: RunDraft;
  onChange(next: RunDraft): void;
  invalid: ReadonlySet<number>;
}) {
  const { t } = useTranslation('match');
  const baseId = useId();
  const shots = stage.shotsPerSeries ?? 1;
  return (
    <div className="score-entry">
      <div className="score-series">
        {draft.series.map((value, i) => (
          <div key={i} className="score-series-item">
            <label htmlFor={`${baseId}-${i}`}>{t('SCORE.SERIES', { n: i + 1 })}</label>
            <input
              id={`${baseId}-${i}`}
              name={`series.${i}`}
              className={`form-control score-time-input${invalid.has(i) ? ' is-invalid' : ''}`}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              aria-invalid={invalid.has(i) || undefined}
              aria-describedby={`${baseId}-${i}-hint`}
              onChange={(e) => onChange({ ...draft, series: draft.series.map((s, j) => (j === i ? e.target.value : s)) })}
            />
            <small id={`${baseId}-${i}-hint`} className={invalid.has(i) ? 'text-danger' : 'text-body-secondary'}>
              {t('SCORE.SERIES_HINT', { max: shots * PRECISION_SHOT_MAX })}
            </small>
          </div>
        ))}
      </div>
      <Counter
        tone="x"
        label="X"
        hint={t('SCORE.FIELD.x')}
        value={draft.x}
        onChange={(value) => onChange({ ...draft, x: Math.min(value, (stage.series ?? 1) * shots) })}
      />
      <DnfSwitch draft={draft} onChange={onChange} />
    </div>
  );
}
