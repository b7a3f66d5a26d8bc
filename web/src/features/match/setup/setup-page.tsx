import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchPath } from '@club/contract/routes';
import { PageHeader } from '../../../lib/page-title.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { useBriefingEvent } from '../../../lib/library/briefing-event.ts';
import { useMatch } from '../api/match.ts';
import { MatchForm } from './match-form.tsx';
import { CompetitorsPanel } from './competitors-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import '../match.css';

/** Staff's setup of an event's match (/match/{uuid}/setup): stages, squads, competitors, publishing. */
export function SetupPage() {
  const { uuid = '' } = useParams();
  // The import panel's texts load with the screen's, so it never suspends the screen on its own.
  const { t } = useTranslation(['match', 'match-import', 'common']);
  const event = useBriefingEvent(uuid);
  const match = useMatch(uuid);
  // The form starts again from the match an import left (its stages changed under it).
  const [imports, setImports] = useState(0);
  const notAMatch = match.error instanceof ApiCallError && match.error.errorCode === 'NOT_A_MATCH';
  return (
    <>
      <PageHeader title={t('SETUP.TITLE')} subtitle={event.data?.evento} />
      <div className="container-xl py-4 match-page">
        {match.isPending || event.isPending ? (
          <div className="spinner-border" role="status">
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : event.isError || (match.isError && !notAMatch) ? (
          <div className="alert alert-danger" role="alert">
            {t('ERROR.generic')}
          </div>
        ) : (
          <>
            {match.data ? (
              <nav className="d-flex flex-wrap gap-2 mb-3" aria-label={t('SETUP.LINKS')}>
                <Link className="btn btn-outline-primary" to={matchPath(uuid, 'score')}>
                  {t('SETUP.TO_SCORING')}
                </Link>
                <Link className="btn btn-outline-primary" to={matchPath(uuid, 'results')}>
                  {t('SETUP.TO_RESULTS')}
                </Link>
                <Link className="btn btn-outline-secondary" to={matchPath(uuid)}>
                  {t('SETUP.TO_MATCH')}
                </Link>
              </nav>
            ) : (
              <p className="alert alert-info">{t('SETUP.NEW')}</p>
            )}
            <MatchForm key={match.data ? `edit-${imports}` : 'new'} eventUuid={uuid} match={match.data ?? null} defaultName={event.data.evento} defaultStageId={event.data.stageId ?? null} />
            {match.data ? <CompetitorsPanel eventUuid={uuid} match={match.data} /> : null}
            {match.data ? <HistoryPanel eventUuid={uuid} match={match.data} /> : null}
            <ImportPanel eventUuid={uuid} onImported={() => setImports((n) => n + 1)} />
          </>
        )}
      </div>
    </>
  );
}
