import { useTranslation } from 'react-i18next';
import { EventStatus } from '@club/contract/enums';
import type { EventStyle } from '@club/contract/enums';
import type { ClubEvent } from '@club/contract/schemas';
import { Icon } from '../../../lib/icons.tsx';
import { timeOf } from '../calendar-model.ts';

interface EventChipProps {
  event: ClubEvent;
  styleId: EventStyle;
  open: boolean;
  panelId: string;
  variant: 'chip' | 'row';
  onToggle(event: ClubEvent): void;
}

/** An event in the month: time, title, a lock when private; opens its details under the week. */
export function EventChip({ event, styleId, open, panelId, variant, onToggle }: EventChipProps) {
  const { t } = useTranslation('events-calendar');
  return (
    <button
      type="button"
      className={`cal-chip cal-chip-${variant} event-style-${styleId}${open ? ' is-open' : ''}`}
      data-style={styleId}
      title={variant === 'chip' ? `${timeOf(event.start)} ${event.evento}` : undefined}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => onToggle(event)}
    >
      {/* A real space: screen readers (and copy) read "18:00 Title", not "18:00Title". */}
      <span className="cal-chip-time">{timeOf(event.start)}</span>{' '}
      <span className="cal-chip-title">{event.evento}</span>
      {event.status === EventStatus.privado ? (
        <Icon
          name="lock"
          size={variant === 'chip' ? 12 : 16}
          className="cal-chip-lock"
          title={t('PRIVATE')}
        />
      ) : null}
    </button>
  );
}
