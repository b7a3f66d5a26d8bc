import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clubToday } from '@club/contract/club-time';
import { ToastType } from '@club/contract/enums';
import type { TrainingSession } from '@club/contract/library';
import { PageHeader } from '../../lib/page-title.tsx';
import { showToast } from '../../lib/toasts.ts';
import { withSpinner } from '../../lib/spinner.ts';
import { libraryText, useLibrary } from '../../lib/library/library-stage.ts';
import { useDeleteSession, useTrainingLog } from './api/training-log.ts';
import { WeeklyChart } from './components/weekly-chart.tsx';
import { sessionsCsv, weeklyTotals } from './training-stats.ts';
import './training.css';

/** Where a session's stage opens again: the library stage, the member's own, or nowhere. */
function stageLink(session: Pick<TrainingSession, 'libraryStageId' | 'stageId'>): string | null {
  if (session.libraryStageId) return `/dry-training?library=${session.libraryStageId}`;
  if (session.stageId) return `/dry-training/${session.stageId}`;
  return null;
}

/** The member's training log (/training): streak, weekly totals, bests per stage, sessions, CSV. */
export function TrainingPage() {
  const { t, i18n } = useTranslation('library');
  const log = useTrainingLog();
  const remove = useDeleteSession();
  const library = useLibrary();
  // A library stage is named in the reader's language; others by the name kept with the session.
  const nameOf = (entry: { libraryStageId: string | null; stageName: string | null }) => {
    const shared = entry.libraryStageId ? library.data?.find((s) => s.id === entry.libraryStageId) : undefined;
    return shared ? libraryText(shared, i18n.language).name : (entry.stageName ?? t('TRAINING.UNNAMED'));
  };
  // The club's today, as the server counts the sessions' days and the streak.
  const today = clubToday(new Date());
  const weeks = useMemo(() => weeklyTotals(log.data?.sessions ?? [], today), [log.data, today]);
  const formatDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const hf = (value: number | null) => (value === null ? '–' : value.toFixed(2));

  const exportCsv = () => {
    const csv = sessionsCsv(log.data?.sessions ?? [], t('TRAINING.CSV_HEADERS', { returnObjects: true }) as string[]);
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `training-${today}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const onDelete = async (id: string) => {
    try {
      await withSpinner(remove.mutateAsync(id));
    } catch {
      showToast({ title: t('TRAINING.TITLE'), message: t('TRAINING.DELETE_ERROR'), type: ToastType.error });
    }
  };

  return (
    <>
      <PageHeader title={t('TRAINING.TITLE')} subtitle={t('TRAINING.SUBTITLE')} />
      <div className="container-xl py-4 training-page">
        {/* Keyed, so the log is drawn as new nodes rather than as the spinner's node moved (a layout shift). */}
        {log.isPending ? (
          <div key="loading" className="text-center py-5" role="status">
            <div className="spinner-border" aria-hidden="true" />
            <span className="visually-hidden">{t('LOADING')}</span>
          </div>
        ) : log.isError ? (
          <div key="error" className="alert alert-danger">{t('TRAINING.LOAD_ERROR')}</div>
        ) : (
          <Fragment key="log">
            <div className="row g-3 mb-4">
              <div className="col-6 col-lg-3">
                <div className="training-stat card card-body h-100" data-testid="streak">
                  <span className="training-stat-value">{log.data.streakDays}</span>
                  <span className="training-stat-label">{t('TRAINING.STREAK', { count: log.data.streakDays })}</span>
                </div>
              </div>
              <div className="col-6 col-lg-3">
                <div className="training-stat card card-body h-100">
                  <span className="training-stat-value">{log.data.sessions.length}</span>
                  <span className="training-stat-label">{t('TRAINING.SESSIONS_KEPT', { count: log.data.sessions.length })}</span>
                </div>
              </div>
              <div className="col-12 col-lg-6">
                <div className="card card-body h-100">
                  <WeeklyChart totals={weeks} />
                </div>
              </div>
            </div>

            <h2 className="h4">{t('TRAINING.BESTS')}</h2>
            {log.data.bestByStage.length === 0 ? (
              <p className="text-body-secondary">{t('TRAINING.NO_BESTS')}</p>
            ) : (
              <div className="table-responsive mb-4">
                <table className="table table-sm align-middle">
                  <thead>
                    <tr>
                      <th scope="col">{t('TRAINING.STAGE')}</th>
                      <th scope="col" className="text-end">{t('TRAINING.HIT_FACTOR')}</th>
                      <th scope="col">{t('TRAINING.DAY')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.data.bestByStage.map((best) => (
                      <tr key={best.key}>
                        <td>{nameOf(best)}</td>
                        <td className="text-end">{hf(best.hitFactor)}</td>
                        <td>{formatDay(best.day)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}

            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
              <h2 className="h4 mb-0">{t('TRAINING.SESSIONS_TITLE')}</h2>
              <button type="button" className="btn btn-outline-secondary btn-sm" disabled={log.data.sessions.length === 0} onClick={exportCsv}>
                {t('TRAINING.EXPORT')}
              </button>
            </div>
            {log.data.sessions.length === 0 ? (
              <div className="training-empty">
                <p>{t('TRAINING.EMPTY')}</p>
                <Link className="btn btn-primary" to="/stages">
                  {t('TRAINING.GO_LIBRARY')}
                </Link>
              </div>
            ) : (
              <ul className="list-group training-sessions" data-testid="training-sessions">
                {log.data.sessions.map((session) => {
                  const link = stageLink(session);
                  return (
                    <li key={session.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-testid="training-session">
                      <div className="flex-grow-1">
                        <div className="fw-semibold">
                          {link ? <Link to={link}>{nameOf(session)}</Link> : nameOf(session)}
                        </div>
                        <div className="small text-body-secondary">
                          {formatDay(session.day)} · {t('TRAINING.REPS_COUNT', { count: session.reps.length })}
                          {session.passed + session.failed > 0 ? ` · ${t('TRAINING.PASSED_OF', { passed: session.passed, total: session.passed + session.failed })}` : ''}
                          {session.shots > 0 ? ` · ${t('TRAINING.SHOTS', { count: session.shots })}` : ''}
                          {session.parMs !== null ? ` · ${t('TRAINING.PAR', { seconds: session.parMs / 1000 })}` : ''}
                          {session.bestHitFactor !== null ? ` · ${t('TRAINING.HF', { value: hf(session.bestHitFactor) })}` : ''}
                        </div>
                      </div>
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        aria-label={t('TRAINING.DELETE', { name: session.stageName ?? '' })}
                        onClick={() => void onDelete(session.id)}
                      >
                        {t('DELETE')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </Fragment>
        )}
      </div>
    </>
  );
}
