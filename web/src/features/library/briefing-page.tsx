import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { StageThumbnail } from '../../components/stage-thumbnail.tsx';
import { drawableIn, libraryText, useLibraryStage } from '../../lib/library/library-stage.ts';
import { eventDayLabel, useBriefingEvent } from '../../lib/library/briefing-event.ts';
import siteSettings from '@club/contract/site-settings.json';
import { StageElementType } from '@club/contract/stage';
import { clubToday } from '@club/contract/club-time';
import { formatDay } from '../../lib/membership/membership.ts';
import { useTargetShapes } from '../../lib/target-dimensions.ts';
import { BriefingTargets } from './components/briefing-targets.tsx';
import './library.css';

/**
 * The printable briefing of a library stage (/stages/{id}/briefing, `?event=` adds the event):
 * the stage drawn to scale across an A4 page, the round count, the description and the date.
 */
export function BriefingPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation('library');
  const stage = useLibraryStage(id);
  const event = useBriefingEvent(params.get('event'));
  // The targets drawn and described at the club's sizes, as the dry-training viewer draws and scores them.
  const targets = useTargetShapes();
  const text = stage.data ? libraryText(stage.data, i18n.language) : null;
  usePageTitle(text ? t('BRIEFING.TITLE', { name: text.name }) : t('TITLE'));

  if (stage.isPending) {
    return (
      <div className="container-xl py-5 text-center" role="status">
        <div className="spinner-border" aria-hidden="true" />
        <span className="visually-hidden">{t('LOADING')}</span>
      </div>
    );
  }
  if (stage.isError || !text)
    return <div className="container-xl py-5 alert alert-danger">{t('LOAD_ERROR')}</div>;
  const entry = stage.data;
  const todayIso = clubToday(new Date());
  return (
    <article className="briefing-page container-xl py-4" data-testid="briefing">
      <div className="briefing-actions d-flex flex-wrap gap-2 mb-3">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('BRIEFING.PRINT')}
        </button>
        <Link
          className="btn btn-outline-secondary"
          to={`/dry-training?library=${entry.id}${event.data ? `&event=${event.data.uuid}` : ''}`}
        >
          {t('OPEN_PLAYER')}
        </Link>
        <Link className="btn btn-link" to="/stages">
          {t('BACK')}
        </Link>
      </div>
      <header className="briefing-head">
        {/* On paper the site's header is gone: the sheet names the club, the event and the day itself. */}
        <p className="briefing-club mb-1" data-testid="briefing-club">
          {siteSettings.clubName}
        </p>
        <p className="briefing-kicker mb-1">{t('BRIEFING.KICKER')}</p>
        <h1 className="mb-1">{text.name}</h1>
        {event.data ? (
          <p className="briefing-event mb-0" data-testid="briefing-event">
            {event.data.evento} · {eventDayLabel(event.data.start, i18n.language)}{' '}
            {event.data.start.slice(0, 4)} · {event.data.start.slice(11, 16)}
          </p>
        ) : (
          <p className="briefing-event mb-0" data-testid="briefing-event">
            {t('BRIEFING.PRINTED', { date: formatDay(todayIso, i18n.language) })}
          </p>
        )}
      </header>
      <figure className="briefing-figure">
        <StageThumbnail
          stage={drawableIn(entry, i18n.language)}
          label={t('THUMBNAIL', { name: text.name })}
          shapes={targets.shapes}
        />
        <figcaption className="small">{t('BRIEFING.SCALE')}</figcaption>
      </figure>
      <dl className="briefing-facts">
        <div>
          <dt>{t('BRIEFING.ROUNDS')}</dt>
          <dd data-testid="briefing-rounds">{entry.rounds}</dd>
        </div>
        <div>
          <dt>{t('BRIEFING.TARGETS')}</dt>
          <dd>{entry.stage.elements.length}</dd>
        </div>
        {entry.tags.length > 0 ? (
          <div>
            <dt>{t('TAGS')}</dt>
            <dd>
              {[...new Set(entry.tags.map((tag) => t(`TAG.${tag}`, { defaultValue: tag })))].join(', ')}
            </dd>
          </div>
        ) : null}
      </dl>
      <section>
        <h2 className="h5">{t('BRIEFING.DESCRIPTION')}</h2>
        <p className="briefing-description">{text.description}</p>
      </section>
      <BriefingTargets
        dimensions={targets.dimensions}
        shapes={targets.shapes}
        measured={targets.measured}
        hasPopper={entry.stage.elements.some((element) => element.type === StageElementType.popperIpsc)}
      />
    </article>
  );
}
