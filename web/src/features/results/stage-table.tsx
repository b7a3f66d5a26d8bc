import { useTranslation } from 'react-i18next';
import type { StageResult } from '@club/contract/match';
import { formatNumber } from '../../lib/number-format.ts';

/** A column's heading: its whole name, or on a phone its short form (every column then fits). */
export function ColumnHead({ name }: { name: 'STAGE' | 'TIME' | 'POINTS' | 'HF' | 'STAGE_POINTS' | 'PLACE' | 'COMPETITOR' }) {
  const { t } = useTranslation('results');
  const full = t(name);
  // A heading short enough already has no short form of its own.
  const short = t(`SHORT.${name}`, { defaultValue: full });
  if (short === full) return <th scope="col">{full}</th>;
  // The whole name is what is read out everywhere; a phone shows the short one in its place.
  return (
    <th scope="col">
      <span className="results-head-full">{full}</span>
      <span className="results-head-short" aria-hidden="true">
        {short}
      </span>
    </th>
  );
}

/** One competitor's stages: time, points, hit factor, stage points and place on each. */
export function StageTable({
  stages,
  ipsc,
  caption,
}: {
  stages: readonly (StageResult & { name: string })[];
  ipsc: boolean;
  caption: string;
}) {
  const { t, i18n } = useTranslation('results');
  const n = (value: number | null, digits: number) => formatNumber(value, digits, i18n.language);
  return (
    <table className="table table-sm results-stage-table mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <ColumnHead name="STAGE" />
          {ipsc ? <ColumnHead name="TIME" /> : null}
          <ColumnHead name="POINTS" />
          {ipsc ? <ColumnHead name="HF" /> : null}
          {ipsc ? <ColumnHead name="STAGE_POINTS" /> : null}
          <ColumnHead name="PLACE" />
        </tr>
      </thead>
      <tbody>
        {stages.map((s) => (
          <tr key={s.stage}>
            <th scope="row">
              {s.stage}. {s.name}
            </th>
            {ipsc ? <td>{s.dnf ? t('DNF') : s.scored === false ? '–' : n(s.time, 2)}</td> : null}
            <td>{s.scored === false ? '–' : n(s.points, 0)}</td>
            {ipsc ? <td>{s.scored === false ? '–' : n(s.hitFactor, 4)}</td> : null}
            {ipsc ? <td>{s.scored === false ? '–' : n(s.stagePoints, 4)}</td> : null}
            <td>{s.place ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
