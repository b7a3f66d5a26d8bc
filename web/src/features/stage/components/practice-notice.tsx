import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { eventDayLabel, useBriefingEvent } from '../../../lib/library/briefing-event.ts';

/** "Practise before Thursday" over the player when it was opened from an event's homework (`?event=`). */
export function PracticeNotice() {
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation('library');
  const event = useBriefingEvent(params.get('event'));
  if (!event.data) return null;
  return (
    <div className="practice-notice" role="note" data-testid="practice-notice">
      {t('KEEP.PRACTICE_BEFORE', { event: event.data.evento, day: eventDayLabel(event.data.start, i18n.language) })}
    </div>
  );
}
