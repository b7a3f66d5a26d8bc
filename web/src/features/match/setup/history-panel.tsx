import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Match } from '@club/contract/match';
import { useCompetitors } from '../api/competitors.ts';
import { useScoreHistory } from '../api/score-history.ts';
import { useRunText } from '../scoring/outbox-panel.tsx';

/** Staff's view of every change of the scores of a stage: what, who and when, newest first. */
export function HistoryPanel({ eventUuid, match }: { eventUuid: string; match: Match }) {
  const { t, i18n } = useTranslation(['match', 'common']);
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState(match.stages[0]?.number);
  const history = useScoreHistory(eventUuid, stage, open);
  const competitors = useCompetitors(eventUuid);
  const runText = useRunText();
  const nameOf = (id: string) => competitors.data?.find((c) => c.id === id)?.fullName ?? id;
  const rows = [...(history.data ?? [])].sort((a, b) => b.scoredAt.localeCompare(a.scoredAt) || b.revision - a.revision);
  return (
    <section className="mt-4" aria-labelledby="match-history-title">
      <h2 id="match-history-title" className="h4">
        {t('HISTORY.TITLE')}
      </h2>
      {!open ? (
        <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(true)}>
          {t('HISTORY.SHOW')}
        </button>
      ) : (
        <>
          <label className="d-inline-flex flex-column mb-2">
            <span className="small fw-semibold">{t('SCORE.STAGE')}</span>
            <select className="form-select" name="historyStage" value={stage} onChange={(e) => setStage(Number(e.target.value))}>
              {match.stages.map((s) => (
                <option key={s.number} value={s.number}>
                  {s.number}. {s.name}
                </option>
              ))}
            </select>
          </label>
          {history.isPending ? (
            <div className="spinner-border" role="status">
              <span className="visually-hidden">{t('common:loading')}</span>
            </div>
          ) : history.isError ? (
            <div className="alert alert-danger">{t('ERROR.generic')}</div>
          ) : rows.length === 0 ? (
            <p>{t('HISTORY.NONE')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm" data-testid="score-history">
                <thead>
                  <tr>
                    <th scope="col">{t('COMPETITORS.NAME')}</th>
                    <th scope="col">{t('HISTORY.REVISION')}</th>
                    <th scope="col">{t('HISTORY.RUN')}</th>
                    <th scope="col">{t('HISTORY.WHO')}</th>
                    <th scope="col">{t('HISTORY.WHEN')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.competitorId}-${r.revision}`}>
                      <th scope="row">{nameOf(r.competitorId)}</th>
                      <td>{r.revision}</td>
                      <td>{runText(r)}</td>
                      <td>
                        {r.scoredBy}
                        {r.source === 'import' ? ` (${t('HISTORY.IMPORT')})` : ''}
                      </td>
                      <td>{new Date(r.scoredAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
