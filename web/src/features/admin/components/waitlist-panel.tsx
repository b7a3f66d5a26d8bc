import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { ToastType } from '@club/contract/enums';
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useSeatFromWaitlist } from '../api/set-participant-status.ts';
import { errorMessageKey } from '../errors.ts';

/**
 * The event's waiting list in order, beside its attendees: who is next, how to reach them, and a
 * button to seat any of them (staff may seat out of order; a full event then gets one more seat).
 */
export function WaitlistPanel({ event, waiting }: { event: ClubEvent; waiting: Participant[] }) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const seat = useSeatFromWaitlist();
  if (waiting.length === 0) return null;

  const seatPerson = async (person: Participant) => {
    try {
      await seat.mutateAsync({ eventUuid: event.uuid, personUuid: person.uuid });
      showToast({
        title: t('admin:WAITLIST.TITLE'),
        message: toastMessage(t, 'admin:WAITLIST.SEATED', { name: person.fullName }),
      });
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    }
  };

  return (
    <section className="admin-waitlist" aria-labelledby={`${id}-title`} data-testid="staff-waitlist">
      <h3 id={`${id}-title`} className="h6 mb-1">
        {t('admin:WAITLIST.HEADING', { count: waiting.length })}
      </h3>
      <p className="small text-body-secondary mb-2">
        {event.plazasLibres > 0 ? t('admin:WAITLIST.HELP_FREE') : t('admin:WAITLIST.HELP_FULL')}
      </p>
      <ol className="admin-waitlist-list list-unstyled mb-0">
        {waiting.map((person, index) => (
          <li key={person.uuid} className="admin-waitlist-item" data-testid="staff-waitlist-item">
            <span className="admin-waitlist-place" aria-hidden="true">
              {index + 1}
            </span>
            <span className="admin-walk-in-who">
              <span className="fw-semibold">
                <span className="visually-hidden">{t('admin:WAITLIST.PLACE', { place: index + 1 })} </span>
                {person.fullName}
              </span>
              <span className="small text-body-secondary">
                {[person.socio, person.email, person.mobil].filter(Boolean).join(' · ')}
              </span>
            </span>
            <Button
              size="sm"
              variant={index === 0 ? 'primary' : 'outline-primary'}
              disabled={seat.isPending}
              aria-label={t('admin:ATTENDEES.SEAT_FOR', { name: person.fullName })}
              onClick={() => void seatPerson(person)}
            >
              {t('admin:ATTENDEES.SEAT')}
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}
