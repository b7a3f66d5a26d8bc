import { useTranslation } from 'react-i18next';
import { checkRegistration, isRegistered } from '@club/contract/eligibility';
import { ToastType } from '@club/contract/enums';
import type { ClubEvent, User } from '@club/contract/schemas';
import { ApiCallError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toasts.ts';
import { personContext } from '../../../lib/person-context.ts';
import { useWaitlist } from '../api/waitlist.ts';
import type { WaitlistVariables } from '../api/waitlist.ts';

interface WaitlistPanelProps {
  event: ClubEvent;
  user: User;
  nowLocal: string;
}

/**
 * The waiting list of a full event: the member's place ("you are 2nd in line") with a leave
 * button, or a join button when they could register but for the seats.
 */
export function WaitlistPanel({ event, user, nowLocal }: WaitlistPanelProps) {
  const { t } = useTranslation(['events-calendar', 'common']);
  const waitlist = useWaitlist();
  const place = event.enEspera ?? null;
  const waiting = event.listaEspera ?? 0;
  // Everything registering needs, except a free seat: that is what the line is for.
  const eligible = checkRegistration({
    event: { ...event, plazasLibres: 1 },
    member: user,
    nowLocal,
    action: 'register',
  }).ok;
  const full = event.plazasLibres <= 0;
  if (place === null && (!full || !eligible || isRegistered(event, user.uuid))) return null;

  const act = (action: WaitlistVariables['action']) =>
    waitlist.mutate(
      { eventUuid: event.uuid, memberUuid: user.uuid, action },
      {
        onSuccess: () =>
          showToast({
            type: ToastType.success,
            title: t('WAITLIST.TITLE'),
            message: t(action === 'join' ? 'WAITLIST.JOINED' : 'WAITLIST.LEFT'),
          }),
        onError: (error) =>
          showToast({
            type: ToastType.error,
            title: t('WAITLIST.TITLE'),
            message: t(`ERRORS.${error instanceof ApiCallError ? error.errorCode : 'UNKNOWN'}`, {
              context: personContext(user.sexo),
              defaultValue: t('WAITLIST.ERROR'),
            }),
          }),
      },
    );

  return (
    <section className="cal-waitlist" aria-label={t('WAITLIST.TITLE')} data-testid="waitlist">
      {place !== null ? (
        <>
          <p className="mb-2 fw-semibold" data-testid="waitlist-place">
            {t('WAITLIST.PLACE', { count: place, ordinal: true, context: personContext(user.sexo) })}
          </p>
          <p className="small text-body-secondary mb-2">{t('WAITLIST.PROMISE')}</p>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={waitlist.isPending}
            onClick={() => act('leave')}
          >
            {t('WAITLIST.LEAVE')}
          </button>
        </>
      ) : (
        <>
          <p className="mb-2">
            {t('WAITLIST.FULL')} {waiting > 0 ? t('WAITLIST.WAITING', { count: waiting }) : null}
          </p>
          <button
            type="button"
            className="btn btn-accent btn-sm"
            disabled={waitlist.isPending}
            onClick={() => act('join')}
          >
            {t('WAITLIST.JOIN')}
          </button>
        </>
      )}
    </section>
  );
}
