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
        <QueryState
          loading={participants.isPending}
          error={participants.error}
          onRetry={() => void participants.refetch()}
        />
        {participants.isSuccess && people.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('admin:ATTENDEES.EMPTY')}</p>
        ) : null}
        {people.length > 0 ? (
          <div
            className="admin-table-scroll"
            role="region"
            aria-labelledby={titleId}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must be reachable by keyboard
            tabIndex={0}
          >
            <table className="table table-sm align-middle admin-table mb-0">
              <thead>
                <tr>
                  <th scope="col">{labels.headers.name}</th>
                  <th scope="col">{labels.headers.status}</th>
                  <th scope="col">{labels.headers.email}</th>
                  <th scope="col">{labels.headers.mobile}</th>
                  <th scope="col">{labels.headers.memberNumber}</th>
                  <th scope="col">{labels.headers.licence}</th>
                  <th scope="col">{labels.headers.category}</th>
                  <th scope="col">{labels.headers.division}</th>
                  <th scope="col">{labels.headers.factor}</th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => {
                  const role = registrationRole(event, person);
                  return (
                    <tr key={person.uuid} data-testid="attendee-row">
                      <th scope="row">{person.fullName}</th>
                      <td>
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
                      </td>
                      <td>{person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : null}</td>
                      <td className="text-nowrap">
                        {person.mobil ? <a href={`tel:${person.mobil}`}>{person.mobil}</a> : null}
                      </td>
                      <td>{person.socio ?? ''}</td>
                      <td>{person.licencia ?? ''}</td>
                      <td>{labels.category(person.categoria)}</td>
                      <td>{labels.division(person.division)}</td>
                      <td>{labels.factor(person.factor)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
