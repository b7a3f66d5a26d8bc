import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { RoleStatus, ToastType } from '@club/contract/enums';
import { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useAddParticipant } from '../api/add-participant.ts';
import { useSeatFromWaitlist } from '../api/set-participant-status.ts';
import { userSearchQuery } from '../api/search-users.ts';
import { errorMessageKey } from '../errors.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { registrationRole } from '../participants.ts';

const MIN_SEARCH = 2;
const SHOWN_RESULTS = 8;

/**
 * Seats a member who came without booking: search by name, login, e-mail or member number, then
 * add. Staff decide, so a full event takes them too (the server adds a seat); when people wait
 * for a seat, staff are told first that the walk-in would pass them, and may seat the next in
 * line instead. Someone who is on the list is seated from it.
 */
export function WalkInPanel({
  event,
  people,
  waiting,
}: {
  event: ClubEvent;
  people: Participant[];
  waiting: Participant[];
}) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useQuery({ ...userSearchQuery(q), enabled: q.length >= MIN_SEARCH });
  const add = useAddParticipant();
  const seatWaiting = useSeatFromWaitlist();
  const [ahead, setAhead] = useState<{ uuid: string; name: string } | null>(null);
  const busy = add.isPending || seatWaiting.isPending;
  const placeOf = new Map(waiting.map((person, index) => [person.uuid, index + 1]));
  const results = q.length >= MIN_SEARCH ? (search.data ?? []).slice(0, SHOWN_RESULTS) : [];
  const seated = new Set(
    people
      .filter((person) => {
        const status = registrationRole(event, person)?.status;
        return status !== undefined && status !== RoleStatus.anulado && status !== WAITING_ROLE_STATUS;
      })
      .map((person) => person.uuid),
  );

  const seat = async (uuid: string, name: string, passing = false) => {
    if (!passing && !placeOf.has(uuid) && waiting.length > 0 && event.plazasLibres === 0) {
      setAhead({ uuid, name });
      return;
    }
    setAhead(null);
    try {
      if (placeOf.has(uuid)) await seatWaiting.mutateAsync({ eventUuid: event.uuid, personUuid: uuid });
      else await add.mutateAsync({ eventUuid: event.uuid, personUuid: uuid });
      showToast({
        title: t('admin:ATTENDEES.ADD.TITLE'),
        message: toastMessage(t, 'admin:ATTENDEES.ADD.DONE', { name }),
      });
      setText('');
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    }
  };

  return (
    <section className="admin-walk-in" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6 mb-2">
        {t('admin:ATTENDEES.ADD.TITLE')}
      </h3>
      <Form role="search" onSubmit={(e) => e.preventDefault()}>
        <Form.Label htmlFor={`${id}-q`} className="small mb-1">
          {t('admin:ATTENDEES.ADD.SEARCH')}
        </Form.Label>
        <Form.Control
          id={`${id}-q`}
          type="search"
          size="sm"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          maxLength={100}
          aria-describedby={`${id}-help`}
        />
        <Form.Text id={`${id}-help`}>
          {t('admin:ATTENDEES.ADD.SEARCH_HELP')}
          {event.plazasLibres === 0 ? ` ${t('admin:ATTENDEES.ADD.FULL')}` : ''}
          {waiting.length > 0 ? ` ${t('admin:WAITLIST.WALK_IN_HELP', { count: waiting.length })}` : ''}
        </Form.Text>
      </Form>
      <div aria-live="polite">
        {search.isSuccess && q.length >= MIN_SEARCH && results.length === 0 ? (
          <p className="small text-body-secondary mt-2 mb-0">{t('admin:ATTENDEES.ADD.NONE')}</p>
        ) : null}
        {results.length > 0 ? (
          <ul className="list-unstyled admin-walk-in-results mt-2 mb-0" aria-label={t('admin:ATTENDEES.ADD.RESULTS')}>
            {results.map((user) => {
              const name = `${user.nombre} ${user.apellidos}`;
              const already = seated.has(user.uuid);
              return (
                <li key={user.uuid} className="admin-walk-in-result" data-testid="walk-in-result">
                  <span className="admin-walk-in-who">
                    <span className="fw-semibold">{name}</span>
                    <span className="small text-body-secondary">
                      {[user.socio, user.email].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {already ? (
                    <span className="small text-body-secondary">{t('admin:ATTENDEES.ADD.REGISTERED')}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={busy}
                      aria-label={
                        placeOf.has(user.uuid)
                          ? t('admin:WAITLIST.SEAT_WAITING_FOR', { name, place: placeOf.get(user.uuid) })
                          : t('admin:ATTENDEES.ADD.BUTTON_FOR', { name })
                      }
                      onClick={() => void seat(user.uuid, name)}
                    >
                      {placeOf.has(user.uuid)
                        ? t('admin:WAITLIST.SEAT_WAITING', { place: placeOf.get(user.uuid) })
                        : t('admin:ATTENDEES.ADD.BUTTON')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        {ahead && waiting[0] ? (
          <div className="admin-walk-in-ahead" role="alert" data-testid="walk-in-ahead">
            <p className="small mb-2">
              {t('admin:WAITLIST.AHEAD', { count: waiting.length, name: ahead.name, first: waiting[0].fullName })}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button size="sm" variant="primary" disabled={busy} onClick={() => void seat(waiting[0].uuid, waiting[0].fullName)}>
                {t('admin:WAITLIST.SEAT_FIRST', { name: waiting[0].fullName })}
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={busy}
                onClick={() => void seat(ahead.uuid, ahead.name, true)}
              >
                {t('admin:WAITLIST.ADD_ANYWAY', { name: ahead.name })}
              </Button>
              <Button size="sm" variant="link" onClick={() => setAhead(null)}>
                {t('common:ACTIONS.CANCEL')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
