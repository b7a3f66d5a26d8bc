import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, matchPath } from '@club/contract/routes';
import { PageHeader } from '../../../lib/page-title.tsx';
import { keepForOffline } from '../scoring/keep-offline.ts';
import { listOutbox, listSnapshots } from '../scoring/score-outbox.ts';
import '../match.css';

interface KeptMatch {
  eventUuid: string;
  name: string;
  savedAt: string;
  waiting: number;
}

/**
 * Match day (/match): where the installed app opens. Lists the matches this phone keeps for
 * scoring with no network (and how many scores each still has to send).
 */
export function MatchDayPage() {
  const { t, i18n } = useTranslation('match');
  const [kept, setKept] = useState<KeptMatch[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const snapshots = await listSnapshots().catch(() => []);
      const rows = await Promise.all(
        snapshots.map(async (s) => ({
          eventUuid: s.eventUuid,
          name: s.match.name,
          savedAt: s.savedAt,
          waiting: (await listOutbox(s.eventUuid).catch(() => [])).length,
        })),
      );
      if (!cancelled) setKept(rows.sort((a, b) => b.savedAt.localeCompare(a.savedAt)));
    })();
    const stop = keepForOffline();
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  return (
    <>
      <PageHeader title={t('HUB.TITLE')} subtitle={t('HUB.SUBTITLE')} />
      <div className="container-xl py-4 match-page">
        <h2 className="h4">{t('HUB.ON_THIS_PHONE')}</h2>
        {kept === null ? (
          // The phone's copies are read after the first paint (also drawn at build time): the
          // line "none kept" takes its place meanwhile, so the page below does not jump.
          <p className="match-hub-pending" aria-hidden="true" />
        ) : kept.length === 0 ? (
          <p>{t('HUB.NONE')}</p>
        ) : (
          <ul className="list-group mb-4">
            {kept.map((m) => (
              <li key={m.eventUuid} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto">
                  <strong>{m.name}</strong>
                  <br />
                  <small>
                    {t('HUB.KEPT', { time: new Date(m.savedAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) })}
                    {m.waiting > 0 ? ` · ${t('OUTBOX.WAITING', { count: m.waiting })}` : ''}
                  </small>
                </span>
                <Link className="btn btn-primary" to={matchPath(m.eventUuid, 'score')}>
                  {t('PAGE.SCORE')}
                </Link>
                <Link className="btn btn-outline-secondary" to={matchPath(m.eventUuid)}>
                  {t('HUB.OPEN')}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p>
          {t('HUB.FIND')} <Link to={APP_ROUTES.calendar}>{t('HUB.CALENDAR')}</Link>
        </p>
      </div>
    </>
  );
}
