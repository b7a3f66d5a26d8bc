import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClubEvent } from '@club/contract/schemas';
import { StageThumbnail } from './stage-thumbnail.tsx';
import { drawableIn, libraryText, useLibraryStage } from '../lib/library/library-stage.ts';
import { eventDayLabel } from '../lib/library/briefing-event.ts';

/**
 * The library stage an event carries as its briefing: thumbnail, rounds, "practise it at home"
 * (the drill player on it) and the printable briefing; a member registered for an event still
 * to come reads it as homework, "practise before <day>".
 */
export function EventBriefing({ event, stageId, registered, upcoming }: { event: ClubEvent; stageId: string; registered: boolean; upcoming: boolean }) {
  const { t, i18n } = useTranslation('library');
  const stage = useLibraryStage(stageId);
  if (!stage.data) return null;
  const text = libraryText(stage.data, i18n.language);
  const query = `library=${stage.data.id}&event=${event.uuid}`;
  return (
    <section className="event-briefing" aria-label={t('EVENT.BRIEFING')} data-testid="event-briefing">
      <h4 className="event-briefing-title">{t('EVENT.BRIEFING')}</h4>
      <div className="event-briefing-body">
        <Link to={`/dry-training?${query}`} className="event-briefing-thumb" tabIndex={-1} aria-hidden="true">
          <StageThumbnail stage={drawableIn(stage.data, i18n.language)} label={t('THUMBNAIL', { name: text.name })} />
        </Link>
        <div className="event-briefing-text">
          <p className="mb-1 fw-semibold">{text.name}</p>
          <p className="mb-1 small">{t('ROUNDS', { count: stage.data.rounds })}</p>
          {registered && upcoming ? (
            <p className="event-homework small mb-1" data-testid="homework">
              {t('EVENT.HOMEWORK', { day: eventDayLabel(event.start, i18n.language) })}
            </p>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-sm btn-primary" to={`/dry-training?${query}`}>
              {t('EVENT.PRACTISE')}
            </Link>
            <Link className="btn btn-sm btn-outline-secondary" to={`/stages/${stage.data.id}/briefing?event=${event.uuid}`}>
              {t('EVENT.PRINT')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
