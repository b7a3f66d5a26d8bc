import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { roleForEventType } from '@club/contract/eligibility';
import { RoleStatus, ToastType } from '@club/contract/enums';
import { WAITING_ROLE_STATUS } from '@club/contract/schemas';
import { registrationStatusClass } from '../registration-status.ts';
import type { ClubEvent, Participant } from '@club/contract/schemas';
import { ApiCallError } from '../../../lib/http.ts';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useEvent } from '../api/event.ts';
import { useParticipantStatus } from '../api/participant-status.ts';
import { useSeatFromWaitlist } from '../api/waitlist.ts';
import { useEventPractice } from '../api/event-practice.ts';

interface ParticipantsDialogProps {
  event: ClubEvent;
  viewer: string;
  show: boolean;
  onClose(): void;
}


function registrationRole(event: ClubEvent, participant: Participant) {
  const roleId = roleForEventType(event.type);
  return participant.roles.find((role) => role.roleId === roleId) ?? participant.roles[0] ?? null;
}

/** Staff's attendee list (80 % of the width): who is coming, their details, and their status. */
export function ParticipantsDialog({ event, viewer, show, onClose }: ParticipantsDialogProps) {
  const { t } = useTranslation(['events-calendar', 'common']);
  const fresh = useEvent(event.uuid, viewer, show);
  const statusCall = useParticipantStatus();
  const seatCall = useSeatFromWaitlist();
  const current = fresh.data ?? event;
  const isWaiting = (p: Participant) => p.roles.some((role) => role.status === WAITING_ROLE_STATUS);
  // Registrations by name, then the waiting list in its own order (as the server sends it).
  const participants = [
    ...current.participantes.filter((p) => !isWaiting(p)).sort((a, b) => a.fullName.localeCompare(b.fullName)),
    ...current.participantes.filter(isWaiting),
  ];

  const seat = (participant: Participant) =>
    seatCall.mutate(
      { eventUuid: event.uuid, personUuid: participant.uuid },
      {
        onSuccess: () => {
          void fresh.refetch();
          showToast({
            type: ToastType.success,
            title: t('PARTICIPANTS.STATUS_TITLE'),
            message: toastMessage(t, 'PARTICIPANTS.SEATED', { name: participant.fullName }),
          });
        },
        onError: (error) =>
          showToast({
            type: ToastType.error,
            title: t('PARTICIPANTS.STATUS_TITLE'),
            message: t(`ERRORS.${error instanceof ApiCallError ? error.errorCode : 'UNKNOWN'}`, {
              defaultValue: t('PARTICIPANTS.STATUS_ERROR'),
            }),
          }),
      },
    );
  const practice = useEventPractice(event.uuid, show && Boolean(current.stageId));
  const practised = (uuid: string) => practice.data?.members.find((m) => m.uuid === uuid)?.sessions ?? 0;

  const mark = (participant: Participant, status: RoleStatus) => {
    statusCall.mutate(
      { eventUuid: event.uuid, personUuid: participant.uuid, status },
      {
        onSuccess: () => {
          void fresh.refetch();
          showToast({
            type: ToastType.success,
            title: t('PARTICIPANTS.STATUS_TITLE'),
            message: toastMessage(t, 'PARTICIPANTS.STATUS_SUCCESS', {
              name: participant.fullName,
              status: t(`common:ENUMS.ROLE_STATUS.${status}`),
            }),
          });
        },
        onError: (error) =>
          showToast({
            type: ToastType.error,
            title: t('PARTICIPANTS.STATUS_TITLE'),
            message: t(`ERRORS.${error instanceof ApiCallError ? error.errorCode : 'UNKNOWN'}`, {
              defaultValue: t('PARTICIPANTS.STATUS_ERROR'),
            }),
          }),
      },
    );
  };

  return (
    <Modal
      show={show}
      onHide={onClose}
      dialogClassName="modal-xxl"
      aria-labelledby="participants-title"
      scrollable
    >
      <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
        <Modal.Title id="participants-title" as="h2" className="h5">
          {t('PARTICIPANTS.TITLE', { event: event.evento })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">
          {t('CARD.SEATS_LEFT', { count: Math.max(0, current.plazasLibres), total: current.plazas })}
        </p>
        {fresh.isPending ? (
          <div className="d-flex justify-content-center py-4" role="status">
            <div className="spinner-border text-secondary" aria-hidden="true" />
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : participants.length === 0 ? (
          <p className="mb-0">{t('PARTICIPANTS.EMPTY')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle cal-participants">
              <thead>
                <tr>
                  <th scope="col">{t('PARTICIPANTS.NAME')}</th>
                  <th scope="col">{t('PARTICIPANTS.CATEGORY')}</th>
                  <th scope="col">{t('PARTICIPANTS.DIVISION')}</th>
                  <th scope="col">{t('PARTICIPANTS.FACTOR')}</th>
                  <th scope="col">{t('PARTICIPANTS.STATUS')}</th>
                  {current.stageId ? <th scope="col">{t('PARTICIPANTS.PRACTICE')}</th> : null}
                  <th scope="col">{t('PARTICIPANTS.CONTACT')}</th>
                  <th scope="col">{t('PARTICIPANTS.MEMBER')}</th>
                  <th scope="col">{t('PARTICIPANTS.ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {participants.map((participant) => {
                  const role = registrationRole(current, participant);
                  const status = role?.status ?? null;
                  const busy =
                    (statusCall.isPending && statusCall.variables?.personUuid === participant.uuid) ||
                    (seatCall.isPending && seatCall.variables?.personUuid === participant.uuid);
                  const waitingPlace = status === WAITING_ROLE_STATUS ? participants.indexOf(participant) - participants.filter((p) => !isWaiting(p)).length + 1 : null;
                  return (
                    <tr key={participant.uuid} data-person={participant.uuid}>
                      <th scope="row">
                        {participant.fullName}
                        {waitingPlace !== null ? (
                          <span className="d-block small text-body-secondary fw-normal">
                            {t('PARTICIPANTS.IN_LINE', { place: waitingPlace })}
                          </span>
                        ) : null}
                      </th>
                      <td>{t(`common:ENUMS.CATEGORY.${participant.categoria ?? 0}`)}</td>
                      <td>
                        {participant.division ? t(`common:ENUMS.DIVISION.${participant.division}`) : '—'}
                      </td>
                      <td>{participant.factor ? t(`common:ENUMS.FACTOR.${participant.factor}`) : '—'}</td>
                      <td>
                        {status ? (
                          <span className={`badge ${registrationStatusClass(status)}`}>
                            {t(`common:ENUMS.ROLE_STATUS.${status}`)}
                          </span>
                        ) : (
                          '—'
                        )}
                      </td>
                      {current.stageId ? <td data-testid="practice-count">{practised(participant.uuid)}</td> : null}
                      <td className="small">
                        {participant.email ? (
                          <a href={`mailto:${participant.email}`} className="d-block">
                            {participant.email}
                          </a>
                        ) : null}
                        {participant.mobil ? (
                          <a href={`tel:${participant.mobil}`}>{participant.mobil}</a>
                        ) : null}
                      </td>
                      <td className="small">
                        {participant.socio ? (
                          <span className="d-block">
                            {t('PARTICIPANTS.MEMBER_NO', { socio: participant.socio })}
                          </span>
                        ) : null}
                        {participant.licencia ? (
                          <span>{t('PARTICIPANTS.LICENCE', { licencia: participant.licencia })}</span>
                        ) : null}
                      </td>
                      <td>
                        <div className="d-flex gap-1 flex-wrap">
                          {status === WAITING_ROLE_STATUS ? (
                            <button
                              type="button"
                              className="btn btn-sm btn-accent"
                              disabled={busy}
                              onClick={() => seat(participant)}
                              aria-label={t('PARTICIPANTS.SEAT_FOR', { name: participant.fullName })}
                            >
                              {t('PARTICIPANTS.SEAT')}
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-success"
                            disabled={
                              busy ||
                              status === RoleStatus.confirmado ||
                              status === RoleStatus.anulado ||
                              status === WAITING_ROLE_STATUS
                            }
                            onClick={() => mark(participant, RoleStatus.confirmado)}
                            aria-label={t('PARTICIPANTS.CONFIRM_FOR', { name: participant.fullName })}
                          >
                            {t('PARTICIPANTS.CONFIRM')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            disabled={
                              busy ||
                              status === RoleStatus.finalizado ||
                              status === RoleStatus.anulado ||
                              status === WAITING_ROLE_STATUS
                            }
                            onClick={() => mark(participant, RoleStatus.finalizado)}
                            aria-label={t('PARTICIPANTS.FINALIZE_FOR', { name: participant.fullName })}
                          >
                            {t('PARTICIPANTS.FINALIZE')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('common:ACTIONS.CLOSE')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
