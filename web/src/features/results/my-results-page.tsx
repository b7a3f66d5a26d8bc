import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, matchPath } from '@club/contract/routes';
import { PageHeader } from '../../lib/page-title.tsx';
import { useSession } from '../../lib/session.tsx';
import { eventDayLabel } from '../../lib/library/briefing-event.ts';
import { useMyResults } from './api/results.ts';
import { formatNumber } from '../../lib/number-format.ts';
import './results.css';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { StageTable } from './stage-table.tsx';

/** The member's matches (/my-results), beside the training log: place, percent and each stage. */
export function MyResultsPage() {
  const { t, i18n } = useTranslation(['results', 'common']);
  const { user } = useSession();
  const results = useMyResults(user?.uuid);
  const n = (value: number | null | undefined, digits: number) => formatNumber(value, digits, i18n.language);
  return (
    <>
      <PageHeader title={t('MINE.TITLE')} subtitle={t('MINE.SUBTITLE')} />
      <div className="container-xl py-4 results-page">
        <p className="no-print">
          <Link to={APP_ROUTES.training}>{t('MINE.TRAINING')}</Link>
        </p>
        {results.isPending ? (
          <div key="loading" className="spinner-border" role="status">
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : results.isError ? (
          <div key="error" className="alert alert-danger" role="alert">
            {t('LOAD_ERROR')}
          </div>
        ) : results.data.length === 0 ? (
          <p key="empty">{t('MINE.NONE')}</p>
        ) : (
          <div key="list" className="results-mine">
            {results.data.map((m) => (
              <article key={m.eventUuid} className="card mb-3" aria-labelledby={`mine-${m.eventUuid}`} data-testid="my-match">
                <div className="card-body">
                  <h2 id={`mine-${m.eventUuid}`} className="h5 card-title">
                    <Link to={matchPath(m.eventUuid, 'results')}>{m.matchName}</Link>
                  </h2>
                  <p className="text-body-secondary mb-2">
                    {eventDayLabel(m.start, i18n.language)} · {t(`common:ENUMS.DIVISION.${m.division}`)} · {t(`common:ENUMS.FACTOR.${m.factor}`)}
                  </p>
                  <p className="results-mine-place" data-testid="my-place">
                    {m.dq ? t('DQ') : t('MINE.PLACE', { place: m.place, of: m.of })}
                    {!m.dq ? (
                      <>
                        {' · '}
                        {n(m.percent, 2)} % · {n(m.matchPoints, m.scoring === 'ipsc' ? 4 : 0)} {t('MINE.POINTS')}
                      </>
                    ) : null}
                  </p>
                  <ScrollTable label={t('STAGES_OF', { name: m.matchName })}>
                    <StageTable stages={m.stages} ipsc={m.scoring === 'ipsc'} caption={t('STAGES_OF', { name: m.matchName })} />
                  </ScrollTable>
                </div>
              </article>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
