import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchPath } from '@club/contract/routes';
import type { MatchStage, Results } from '@club/contract/match';
import { PageHeader } from '../../lib/page-title.tsx';
import { ApiCallError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.tsx';
import { eventDayLabel, useBriefingEvent } from '../../lib/library/briefing-event.ts';
import { downloadResultsCsv, drawnResultsHead, resultsCsvPath, useMatchOfResults, useResults } from './api/results.ts';
import { formatNumber } from '../../lib/number-format.ts';
import './results.css';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { ColumnHead, StageTable } from './stage-table.tsx';

function ByDivision({ results, stages, ipsc }: { results: Results; stages: MatchStage[]; ipsc: boolean }) {
  const { t, i18n } = useTranslation(['results', 'common']);
  const n = (value: number | null, digits: number) => formatNumber(value, digits, i18n.language);
  return (
    <>
      {results.divisions.map((division) => (
        <section key={division.division} className="results-division" aria-labelledby={`division-${division.division}`} data-division={division.division}>
          <h2 id={`division-${division.division}`} className="h4">
            {t(`common:ENUMS.DIVISION.${division.division}`)}
          </h2>
          <ol className="results-list">
            {division.competitors.map((c) => (
              <li key={c.competitorId} className="results-row" data-competitor={c.fullName}>
                <details>
                  <summary>
                    <span className="results-place">{c.dq ? t('DQ') : c.place}</span>
                    <span className="results-name">
                      {c.fullName}
                      <small>{t(`common:ENUMS.FACTOR.${c.factor}`)}</small>
                    </span>
                    <span className="results-percent">{c.dq ? '–' : `${n(c.percent, 2)} %`}</span>
                    <span className="results-points">{n(c.matchPoints, ipsc ? 4 : 0)}</span>
                  </summary>
                  <ScrollTable label={t('STAGES_OF', { name: c.fullName })}>
                    <StageTable
                      stages={c.stages.map((s) => ({ ...s, name: stages.find((stage) => stage.number === s.stage)?.name ?? '' }))}
                      ipsc={ipsc}
                      caption={t('STAGES_OF', { name: c.fullName })}
                    />
                  </ScrollTable>
                </details>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function ByStage({ results, stages, ipsc }: { results: Results; stages: MatchStage[]; ipsc: boolean }) {
  const { t, i18n } = useTranslation(['results', 'common']);
  const [params, setParams] = useSearchParams();
  const numbers = stages.length > 0 ? stages.map((s) => s.number) : [...new Set(results.divisions.flatMap((d) => d.competitors.flatMap((c) => c.stages.map((s) => s.stage))))];
  const chosen = Number(params.get('stage')) || numbers[0];
  const n = (value: number | null, digits: number) => formatNumber(value, digits, i18n.language);
  return (
    <>
      <label className="results-stage-pick no-print">
        <span>{t('STAGE')}</span>
        <select
          className="form-select"
          name="stage"
          value={chosen}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('stage', e.target.value);
            setParams(next, { replace: true });
          }}
        >
          {numbers.map((number) => (
            <option key={number} value={number}>
              {number}. {stages.find((s) => s.number === number)?.name ?? ''}
            </option>
          ))}
        </select>
      </label>
      {results.divisions.map((division) => {
        const rows = division.competitors
          .map((c) => ({ c, s: c.stages.find((s) => s.stage === chosen) }))
          .filter((row) => row.s)
          .sort((a, b) => (a.s?.place ?? Number.MAX_SAFE_INTEGER) - (b.s?.place ?? Number.MAX_SAFE_INTEGER));
        return (
          <section key={division.division} className="results-division" aria-labelledby={`stage-division-${division.division}`}>
            <h2 id={`stage-division-${division.division}`} className="h4">
              {t(`common:ENUMS.DIVISION.${division.division}`)}
            </h2>
            <ScrollTable label={`${t('RESULTS_TABLE')} · ${t(`common:ENUMS.DIVISION.${division.division}`)}`}>
              <table className="table table-sm results-table">
                <thead>
                  <tr>
                    <ColumnHead name="PLACE" />
                    <ColumnHead name="COMPETITOR" />
                    {ipsc ? <ColumnHead name="TIME" /> : null}
                    <ColumnHead name="POINTS" />
                    {ipsc ? <ColumnHead name="HF" /> : null}
                    {ipsc ? <ColumnHead name="STAGE_POINTS" /> : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ c, s }) => (
                    <tr key={c.competitorId}>
                      <td>{c.dq ? t('DQ') : (s?.place ?? '–')}</td>
                      <th scope="row">{c.fullName}</th>
                      {ipsc ? <td>{s?.dnf ? t('DNF') : n(s?.time ?? null, 2)}</td> : null}
                      <td>{n(s?.points ?? null, 0)}</td>
                      {ipsc ? <td>{n(s?.hitFactor ?? null, 4)}</td> : null}
                      {ipsc ? <td>{n(s?.stagePoints ?? null, 4)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          </section>
        );
      })}
    </>
  );
}

/**
 * A match's results (/match/{uuid}/results): by division and by stage, readable on a phone and
 * printable, with the CSV. Anyone once published; staff and range officers see them live.
 */
export function ResultsPage() {
  const { uuid = '' } = useParams();
  const { t, i18n } = useTranslation(['results', 'common']);
  const { user } = useSession();
  const [view, setView] = useState<'division' | 'stage'>('division');
  const event = useBriefingEvent(uuid);
  const results = useResults(uuid, user?.uuid ?? 'anonymous');
  const needsMatch = results.isSuccess && !results.data.stages;
  const match = useMatchOfResults(uuid, needsMatch);
  const stages = results.data?.stages ?? match.data?.stages ?? [];
  const ipsc = (results.data?.scoring ?? match.data?.scoring ?? 'ipsc') === 'ipsc';
  const code = results.error instanceof ApiCallError ? results.error.errorCode : null;
  // Until the match and its event have come, the header the server drew the page with.
  const drawn = drawnResultsHead(uuid);
  const title = results.data?.name ?? match.data?.name ?? drawn?.name ?? event.data?.evento ?? t('TITLE');
  const start = event.data?.start ?? drawn?.start;
  const fileName = `results-${uuid.slice(0, 8)}.csv`;

  return (
    <>
      <PageHeader title={title} subtitle={start ? `${t('TITLE')} · ${eventDayLabel(start, i18n.language)}` : t('TITLE')} />
      <div className="container-xl py-4 results-page">
        {results.isPending ? (
          <div className="spinner-border" role="status">
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : results.isError ? (
          <div className="alert alert-info" role="alert">
            {code === 'RESULTS_NOT_PUBLISHED' ? t('NOT_PUBLISHED') : code === 'NOT_A_MATCH' ? t('NOT_A_MATCH') : t('LOAD_ERROR')}
          </div>
        ) : (
          <>
            {!results.data.published ? (
              <p className="alert alert-warning" role="status" data-testid="live-results">
                {t('LIVE', { time: new Date(results.data.computedAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' }) })}
              </p>
            ) : null}
            <div className="results-tools no-print">
              <div className="btn-group" role="group" aria-label={t('VIEW')}>
                <button type="button" className={`btn ${view === 'division' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={view === 'division'} onClick={() => setView('division')}>
                  {t('BY_DIVISION')}
                </button>
                <button type="button" className={`btn ${view === 'stage' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={view === 'stage'} onClick={() => setView('stage')}>
                  {t('BY_STAGE')}
                </button>
              </div>
              <div className="d-flex flex-wrap gap-2">
                {results.data.published ? (
                  <a className="btn btn-outline-secondary" href={resultsCsvPath(uuid)} download={fileName}>
                    {t('CSV')}
                  </a>
                ) : (
                  <button type="button" className="btn btn-outline-secondary" onClick={() => void downloadResultsCsv(uuid, fileName).catch(() => undefined)}>
                    {t('CSV')}
                  </button>
                )}
                <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
                  {t('PRINT')}
                </button>
                <Link className="btn btn-link" to={matchPath(uuid)}>
                  {t('MATCH_PAGE')}
                </Link>
              </div>
            </div>
            {results.data.divisions.length === 0 ? <p>{t('EMPTY')}</p> : null}
            {view === 'division' ? <ByDivision results={results.data} stages={stages} ipsc={ipsc} /> : <ByStage results={results.data} stages={stages} ipsc={ipsc} />}
          </>
        )}
      </div>
    </>
  );
}
