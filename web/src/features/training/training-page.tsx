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
import { fetchWholeLog, useDeleteSession, useTrainingLog } from './api/training-log.ts';
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
  // The first page brings the figures of the whole log; each page after it, older sessions.
  const first = log.data?.pages[0];
  const sessions = useMemo(() => log.data?.pages.flatMap((page) => page.sessions) ?? [], [log.data]);
  const totalSessions = first?.totalSessions ?? sessions.length;
  const remove = useDeleteSession();
  const library = useLibrary();
  // A library stage is named in the reader's language; others by the name kept with the session.
  const nameOf = (entry: { libraryStageId: string | null; stageName: string | null }) => {
    const shared = entry.libraryStageId
      ? library.data?.find((s) => s.id === entry.libraryStageId)
      : undefined;
    return shared ? libraryText(shared, i18n.language).name : (entry.stageName ?? t('TRAINING.UNNAMED'));
  };
  // The club's today, as the server counts the sessions' days and the streak.
  const today = clubToday(new Date());
  const weeks = useMemo(() => first?.weeks ?? weeklyTotals(sessions, today), [first, sessions, today]);
  const formatDay = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const hf = (value: number | null) => (value === null ? '–' : value.toFixed(2));

  const exportCsv = async () => {
    let all: TrainingSession[];
    try {
      // The file holds the whole log, not only the pages on screen.
      all = await withSpinner(fetchWholeLog());
    } catch {
      showToast({ title: t('TRAINING.TITLE'), message: t('TRAINING.EXPORT_ERROR'), type: ToastType.error });
      return;
    }
    const csv = sessionsCsv(all, t('TRAINING.CSV_HEADERS', { returnObjects: true }) as string[]);
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
        ) : log.isError && !first ? (
          <div key="error" className="alert alert-danger">
            {t('TRAINING.LOAD_ERROR')}
          </div>
        ) : first ? (
          <Fragment key="log">
            <div className="row g-3 mb-4">
              <div className="col-6 col-lg-3">
                <div className="training-stat card card-body h-100" data-testid="streak">
                  <span className="training-stat-value">{first.streakDays}</span>
                  <span className="training-stat-label">
                    {t('TRAINING.STREAK', { count: first.streakDays })}
                  </span>
                </div>
              </div>
              <div className="col-6 col-lg-3">
                <div className="training-stat card card-body h-100" data-testid="sessions-kept">
                  <span className="training-stat-value">{totalSessions}</span>
                  <span className="training-stat-label">
                    {t('TRAINING.SESSIONS_KEPT', { count: totalSessions })}
                  </span>
                </div>
              </div>
              <div className="col-12 col-lg-6">
                <div className="card card-body h-100">
                  <WeeklyChart totals={weeks} />
                </div>
              </div>
            </div>

            <h2 className="h4">{t('TRAINING.BESTS')}</h2>
            {first.bestByStage.length === 0 ? (
              <p className="text-body-secondary">{t('TRAINING.NO_BESTS')}</p>
            ) : (
              <div className="table-responsive mb-4">
                <table className="table table-sm align-middle">
                  <thead>
                    <tr>
                      <th scope="col">{t('TRAINING.STAGE')}</th>
                      <th scope="col" className="text-end">
                        {t('TRAINING.HIT_FACTOR')}
                      </th>
                      <th scope="col">{t('TRAINING.DAY')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {first.bestByStage.map((best) => (
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
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={totalSessions === 0}
                onClick={() => void exportCsv()}
              >
                {t('TRAINING.EXPORT')}
              </button>
            </div>
            {sessions.length === 0 ? (
              <div className="training-empty">
                <p>{t('TRAINING.EMPTY')}</p>
                <Link className="btn btn-primary" to="/stages">
                  {t('TRAINING.GO_LIBRARY')}
                </Link>
              </div>
            ) : (
              <>
                <ul className="list-group training-sessions" data-testid="training-sessions">
                  {sessions.map((session) => {
                    const link = stageLink(session);
                    return (
                      <li
                        key={session.id}
                        className="list-group-item d-flex flex-wrap gap-2 align-items-center"
                        data-testid="training-session"
                      >
                        <div className="flex-grow-1">
                          <div className="fw-semibold">
                            {link ? <Link to={link}>{nameOf(session)}</Link> : nameOf(session)}
                          </div>
                          <div className="small text-body-secondary">
                            {formatDay(session.day)} ·{' '}
                            {t('TRAINING.REPS_COUNT', { count: session.reps.length })}
                            {session.passed + session.failed > 0
                              ? ` · ${t('TRAINING.PASSED_OF', { passed: session.passed, total: session.passed + session.failed })}`
                              : ''}
                            {session.shots > 0 ? ` · ${t('TRAINING.SHOTS', { count: session.shots })}` : ''}
                            {session.parMs !== null
                              ? ` · ${t('TRAINING.PAR', { seconds: session.parMs / 1000 })}`
                              : ''}
                            {session.bestHitFactor !== null
                              ? ` · ${t('TRAINING.HF', { value: hf(session.bestHitFactor) })}`
                              : ''}
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
                <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
                  <p
                    className="small text-body-secondary mb-0"
                    aria-live="polite"
                    data-testid="sessions-shown"
                  >
                    {t('TRAINING.SHOWN', { shown: sessions.length, total: totalSessions })}
                  </p>
                  {log.hasNextPage ? (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={log.isFetchingNextPage}
                      onClick={() => void log.fetchNextPage()}
                    >
                      {log.isFetchingNextPage ? t('TRAINING.LOADING_OLDER') : t('TRAINING.OLDER')}
                    </button>
                  ) : null}
                </div>
                {log.isFetchNextPageError ? (
                  <div className="alert alert-danger mt-2" role="alert">
                    {t('TRAINING.OLDER_ERROR')}
                  </div>
                ) : null}
              </>
            )}
          </Fragment>
        ) : null}
      </div>
    </>
  );
}
