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
import { userSearchQuery } from '../api/search-users.ts';
import { errorMessageKey } from '../errors.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { registrationRole } from '../participants.ts';

const MIN_SEARCH = 2;
const SHOWN_RESULTS = 8;

/**
 * Seats a member who came without booking: search by name, login, e-mail or member number, then
 * add. Staff decide, so a full event takes them too (the server adds a seat).
 */
export function WalkInPanel({ event, people }: { event: ClubEvent; people: Participant[] }) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useQuery({ ...userSearchQuery(q), enabled: q.length >= MIN_SEARCH });
  const add = useAddParticipant();
  const results = q.length >= MIN_SEARCH ? (search.data ?? []).slice(0, SHOWN_RESULTS) : [];
  const seated = new Set(
    people
      .filter((person) => {
        const status = registrationRole(event, person)?.status;
        return status !== undefined && status !== RoleStatus.anulado && status !== WAITING_ROLE_STATUS;
      })
      .map((person) => person.uuid),
  );

  const seat = async (uuid: string, name: string) => {
    try {
      await add.mutateAsync({ eventUuid: event.uuid, personUuid: uuid });
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
                      disabled={add.isPending}
                      aria-label={t('admin:ATTENDEES.ADD.BUTTON_FOR', { name })}
                      onClick={() => void seat(user.uuid, name)}
                    >
                      {t('admin:ATTENDEES.ADD.BUTTON')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
