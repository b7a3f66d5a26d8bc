import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchPath } from '@club/contract/routes';
import type { Competitor } from '@club/contract/match';
import { PageHeader } from '../../../lib/page-title.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.tsx';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { errorCodeOf } from '../../../lib/forms/server-errors.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { eventDayLabel, useBriefingEvent } from '../../../lib/library/briefing-event.ts';
import { useMatch } from '../api/match.ts';
import { useCompetitors, useSelfSquad } from '../api/competitors.ts';
import '../match.css';

/**
 * A match's page (/match/{uuid}): its stages (with their briefings), its squads and who is in
 * each; a registered competitor squads themselves here while their squad has room.
 */
export function MatchPage() {
  const { uuid = '' } = useParams();
  const { t, i18n } = useTranslation(['match', 'common']);
  const { user } = useSession();
  const event = useBriefingEvent(uuid);
  const match = useMatch(uuid);
  const competitors = useCompetitors(uuid, match.isSuccess);
  const selfSquad = useSelfSquad(uuid);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notAMatch = match.error instanceof ApiCallError && ['NOT_A_MATCH', 'NOT_FOUND'].includes(match.error.errorCode);
  const mine: Competitor | undefined = user ? competitors.data?.find((c) => c.personUuid === user.uuid) : undefined;
  const officer = user !== null && (user.staff || user.arbitroIpsc);
  // Who is in none of the match's squads is listed too, so the page names every competitor.
  const squadNumbers = new Set(match.data?.squads.map((squad) => squad.number) ?? []);
  const unsquadded = (competitors.data ?? []).filter((c) => c.squad === null || !squadNumbers.has(c.squad));

  const join = async (squad: number | null) => {
    setRefusal(null);
    try {
      await withSpinner(selfSquad.mutateAsync({ squad }));
    } catch (error) {
      setRefusal(errorCodeOf(error));
    }
  };

  const title = match.data?.name ?? event.data?.evento ?? t('PAGE.TITLE');
  return (
    <>
      <PageHeader title={title} subtitle={event.data ? eventDayLabel(event.data.start, i18n.language) : undefined} />
      <div className="container-xl py-4 match-page">
        {match.isPending ? (
          <div className="spinner-border" role="status">
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : notAMatch ? (
          <p className="alert alert-info">{t('PAGE.NOT_A_MATCH')}</p>
        ) : match.isError ? (
          <div className="alert alert-danger" role="alert">
            {t('ERROR.generic')}
          </div>
        ) : (
          <>
            <nav className="d-flex flex-wrap gap-2 mb-4" aria-label={t('PAGE.LINKS')}>
              {match.data.published || officer ? (
                <Link className="btn btn-primary" to={matchPath(uuid, 'results')}>
                  {match.data.published ? t('PAGE.RESULTS') : t('PAGE.LIVE_RESULTS')}
                </Link>
              ) : null}
              {officer ? (
                <Link className="btn btn-outline-primary" to={matchPath(uuid, 'score')}>
                  {t('PAGE.SCORE')}
                </Link>
              ) : null}
              {user?.staff ? (
                <Link className="btn btn-outline-secondary" to={matchPath(uuid, 'setup')}>
                  {t('PAGE.SETUP')}
                </Link>
              ) : null}
            </nav>

            <section aria-labelledby="match-stages-title" className="mb-4">
              <h2 id="match-stages-title" className="h4">
                {t('PAGE.STAGES')}
              </h2>
              <ul className="list-group">
                {match.data.stages.map((stage) => (
                  <li key={stage.number} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
                    <span>
                      <strong>
                        {stage.number}. {stage.name}
                      </strong>{' '}
                      <span className="text-body-secondary">
                        {match.data.scoring === 'ipsc'
                          ? t('PAGE.STAGE_FACTS', { rounds: stage.minRounds, points: stage.maxPoints })
                          : t('PAGE.STAGE_FACTS_PRECISION', { series: stage.series, shots: stage.shotsPerSeries })}
                      </span>
                    </span>
                    {stage.libraryStageId ? (
                      <Link to={`/stages/${stage.libraryStageId}/briefing?event=${uuid}`}>{t('PAGE.BRIEFING')}</Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="match-squads-title">
              <h2 id="match-squads-title" className="h4">
                {t('PAGE.SQUADS')}
              </h2>
              {match.data.squads.length === 0 ? <p data-testid="no-squads">{t('PAGE.NO_SQUADS')}</p> : null}
              {mine && match.data.squads.length > 0 ? (
                <p className="alert alert-light border" data-testid="my-squad">
                  {mine.squad === null ? t('PAGE.YOU_NO_SQUAD') : t('PAGE.YOU_IN_SQUAD', { squad: match.data.squads.find((s) => s.number === mine.squad)?.name ?? t('SQUAD', { n: mine.squad }) })}
                </p>
              ) : null}
              {refusal ? <FormAlert>{t(`ERROR.${refusal}`, { defaultValue: t('ERROR.generic') })}</FormAlert> : null}
              <div className="match-squads">
                {match.data.squads.map((squad) => {
                  const members = (competitors.data ?? []).filter((c) => c.squad === squad.number);
                  const full = squad.capacity !== null && members.length >= squad.capacity;
                  const label = squad.name ?? t('SQUAD', { n: squad.number });
                  return (
                    <article key={squad.number} className="card" aria-labelledby={`squad-${squad.number}`} data-squad={squad.number}>
                      <div className="card-body">
                        <h3 id={`squad-${squad.number}`} className="h5 card-title">
                          {label}{' '}
                          <small className="text-body-secondary">
                            {squad.capacity === null ? t('PAGE.COUNT', { count: members.length }) : t('PAGE.COUNT_OF', { count: members.length, capacity: squad.capacity })}
                          </small>
                        </h3>
                        <CompetitorList competitors={members} className="mb-2" />
                        {mine && mine.squad !== squad.number ? (
                          <button type="button" className="btn btn-sm btn-outline-primary" disabled={full} onClick={() => void join(squad.number)}>
                            {full ? t('PAGE.FULL') : t('PAGE.JOIN', { squad: label })}
                          </button>
                        ) : null}
                        {mine && mine.squad === squad.number ? (
                          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void join(null)}>
                            {t('PAGE.LEAVE')}
                          </button>
                        ) : null}
                      </div>
                    </article>
                  );
                })}
                {unsquadded.length > 0 ? (
                  <article className="card" aria-labelledby="squad-none" data-squad="none">
                    <div className="card-body">
                      <h3 id="squad-none" className="h5 card-title">
                        {t('SCORE.NO_SQUAD')} <small className="text-body-secondary">{t('PAGE.COUNT', { count: unsquadded.length })}</small>
                      </h3>
                      <CompetitorList competitors={unsquadded} className="mb-0" />
                    </div>
                  </article>
                ) : null}
              </div>
            </section>
          </>
        )}
      </div>
    </>
  );
}

/** Competitors by name, each with their division and a DQ mark. */
function CompetitorList({ competitors, className }: { competitors: readonly Competitor[]; className: string }) {
  const { t } = useTranslation(['match', 'common']);
  return (
    <ul className={`list-unstyled ${className}`}>
      {competitors.map((c) => (
        <li key={c.id}>
          {c.fullName} <small className="text-body-secondary">· {t(`common:ENUMS.DIVISION.${c.division}`)}</small>
          {c.dq ? <span className="badge text-bg-danger ms-1">{t('STATUS.DQ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}
