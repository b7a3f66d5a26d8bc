import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ROLE_STATUSES, ToastType } from '@club/contract/enums';
import type { RoleStatus } from '@club/contract/enums';
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { fetchAllParticipants, useEventParticipants } from '../api/event-participants.ts';
import { useSetParticipantStatus } from '../api/set-participant-status.ts';
import { errorMessageKey } from '../errors.ts';
import { formatEventWhen } from '../format.ts';
import { activeRegistrations, registrationRole } from '../participants.ts';
import { attendeeRows, csvFileName, downloadCsv, toCsv } from './attendees-csv.ts';
import { QueryState } from './query-state.tsx';
import { WalkInPanel } from './walk-in-panel.tsx';
import { WaitlistPanel } from './waitlist-panel.tsx';
import { useEventWaitlist } from '../api/event-waitlist.ts';
import { Icon } from '../../../lib/icons.tsx';
import type { AttendeeSheetLabels } from './attendees-csv.ts';

/**
 * The participants of one event with their contact details, status changes and the CSV sheet.
 * They are read when the dialog opens, a page at a time (by surname), not with the month.
 */
export function AttendeesModal({ event, onClose }: { event: ClubEvent; onClose(): void }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const language = i18n.resolvedLanguage ?? 'es';
  const setStatus = useSetParticipantStatus();
  const participants = useEventParticipants(event.uuid);
  const people = participants.data?.pages.flatMap((page) => page.participantes) ?? [];
  const total = participants.data?.pages[0]?.total ?? 0;
  const waitlist = useEventWaitlist(event.uuid);
  const waiting = waitlist.data ?? [];
  const [exporting, setExporting] = useState(false);
  const when = formatEventWhen(event.start, event.end, language);

  const labels: AttendeeSheetLabels = {
    headers: {
      name: t('admin:ATTENDEES.COLUMNS.NAME'),
      email: t('admin:ATTENDEES.COLUMNS.EMAIL'),
      mobile: t('admin:ATTENDEES.COLUMNS.MOBILE'),
      memberNumber: t('admin:ATTENDEES.COLUMNS.SOCIO'),
      licence: t('admin:ATTENDEES.COLUMNS.LICENCIA'),
      category: t('admin:ATTENDEES.COLUMNS.CATEGORY'),
      division: t('admin:ATTENDEES.COLUMNS.DIVISION'),
      factor: t('admin:ATTENDEES.COLUMNS.FACTOR'),
      status: t('admin:ATTENDEES.COLUMNS.STATUS'),
    },
    category: (value) => t(`common:ENUMS.CATEGORY.${value ?? 0}`),
    division: (value) => (value === null ? '' : t(`common:ENUMS.DIVISION.${value}`)),
    factor: (value) => (value === null ? '' : t(`common:ENUMS.FACTOR.${value}`)),
    status: (value) => (value === null ? '' : t(`common:ENUMS.ROLE_STATUS.${value}`)),
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const everyone = await fetchAllParticipants(event.uuid);
      downloadCsv(
        toCsv(attendeeRows(event, everyone, labels)),
        csvFileName(event, t('admin:ATTENDEES.FILE_PREFIX')),
      );
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    } finally {
      setExporting(false);
    }
  };

  const change = async (person: Participant, status: RoleStatus) => {
    try {
      await setStatus.mutateAsync({ eventUuid: event.uuid, personUuid: person.uuid, status });
      showToast({
        title: t('admin:ATTENDEES.TITLE'),
        message: toastMessage(t, 'admin:ATTENDEES.STATUS_SAVED', {
          name: person.fullName,
          status: t(`common:ENUMS.ROLE_STATUS.${status}`),
        }),
      });
    } catch (error) {
      showToast({
        title: t('common:ERRORS.GENERIC_TITLE'),
        message: t(errorMessageKey(error)),
        type: ToastType.error,
      });
    }
  };

  const statusSelect = (person: Participant) => {
    const role = registrationRole(event, person);
    return (
      <Form.Select
        size="sm"
        value={role ? String(role.status) : ''}
        aria-label={t('admin:ATTENDEES.STATUS_LABEL', { name: person.fullName })}
        disabled={setStatus.isPending}
        onChange={(e) => void change(person, Number(e.target.value) as RoleStatus)}
        className={`admin-status status-${role?.status ?? 0}`}
      >
        {ROLE_STATUSES.map((status) => (
          <option key={status} value={String(status)}>
            {t(`common:ENUMS.ROLE_STATUS.${status}`)}
          </option>
        ))}
      </Form.Select>
    );
  };
  const divisionFactor = (person: Participant) =>
    [labels.division(person.division), labels.factor(person.factor)].filter(Boolean).join(' · ');

  return (
    <Modal show onHide={onClose} size="xl" fullscreen="lg-down" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
        <div>
          <Modal.Title id={titleId} as="h2" className="h5 mb-0">
            {t('admin:ATTENDEES.TITLE')}: {event.evento}
          </Modal.Title>
          <p className="small text-body-secondary mb-0">
            {when} ·{' '}
            {t('admin:ATTENDEES.COUNT', { count: activeRegistrations(event), free: event.plazasLibres })}
          </p>
        </div>
      </Modal.Header>
      <Modal.Body>
        <WalkInPanel event={event} people={people} waiting={waiting} />
        <WaitlistPanel event={event} waiting={waiting} />
        <QueryState
          loading={participants.isPending}
          error={participants.error}
          onRetry={() => void participants.refetch()}
        />
        {participants.isSuccess && people.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('admin:ATTENDEES.EMPTY')}</p>
        ) : null}
        {people.length > 0 ? (
          <>
            {/* From 992 px: a table that fits the dialog; below, one card per person. */}
            <div className="admin-attendees-wide">
              <table className="table table-sm align-middle admin-table admin-attendees-table mb-0">
                <caption className="visually-hidden">{t('admin:ATTENDEES.LIST', { title: event.evento })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{labels.headers.name}</th>
                    <th scope="col">{labels.headers.status}</th>
                    <th scope="col">{t('admin:ATTENDEES.COLUMNS.CONTACT')}</th>
                    <th scope="col">{labels.headers.memberNumber}</th>
                    <th scope="col">{labels.headers.licence}</th>
                    <th scope="col">{labels.headers.category}</th>
                    <th scope="col">{t('admin:ATTENDEES.COLUMNS.DIVISION_FACTOR')}</th>
                  </tr>
                </thead>
                <tbody>
                  {people.map((person) => (
                    <tr key={person.uuid} data-testid="attendee-row">
                      <th scope="row">{person.fullName}</th>
                      <td>{statusSelect(person)}</td>
                      <td className="admin-attendee-contact">
                        {person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : null}
                        {person.mobil ? <a href={`tel:${person.mobil}`}>{person.mobil}</a> : null}
                      </td>
                      <td>{person.socio ?? ''}</td>
                      <td>{person.licencia ?? ''}</td>
                      <td>{labels.category(person.categoria)}</td>
                      <td>{divisionFactor(person)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="admin-attendee-cards list-unstyled mb-0" aria-label={t('admin:ATTENDEES.LIST', { title: event.evento })}>
              {people.map((person) => (
                <li key={person.uuid} className="admin-attendee-card" data-testid="attendee-card">
                  <h3 className="h6 mb-1">{person.fullName}</h3>
                  <dl className="admin-attendee-facts small mb-2">
                    <div>
                      <dt>{labels.headers.memberNumber}</dt>
                      <dd>{person.socio || '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('admin:ATTENDEES.COLUMNS.DIVISION_FACTOR')}</dt>
                      <dd>{divisionFactor(person) || '—'}</dd>
                    </div>
                    <div>
                      <dt>{labels.headers.category}</dt>
                      <dd>{labels.category(person.categoria)}</dd>
                    </div>
                  </dl>
                  <div className="admin-attendee-actions">
                    {statusSelect(person)}
                    {person.email ? (
                      <a className="btn btn-sm btn-outline-secondary" href={`mailto:${person.email}`}>
                        <Icon name="mail" size={16} className="me-1" />
                        {labels.headers.email}
                      </a>
                    ) : null}
                    {person.mobil ? (
                      <a className="btn btn-sm btn-outline-secondary" href={`tel:${person.mobil}`}>
                        <Icon name="phone" size={16} className="me-1" />
                        {person.mobil}
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {participants.hasNextPage ? (
          <div className="d-flex justify-content-center mt-3">
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => void participants.fetchNextPage()}
              disabled={participants.isFetchingNextPage}
            >
              {t('admin:ATTENDEES.MORE', { shown: people.length, total })}
            </Button>
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('common:ACTIONS.CLOSE')}
        </Button>
        <Button variant="primary" onClick={() => void exportCsv()} disabled={total === 0 || exporting}>
          {t('admin:ATTENDEES.EXPORT')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
