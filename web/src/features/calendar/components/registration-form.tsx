import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { categoryFor } from '@club/contract/category';
import {
  checkRegistration,
  isRegistered,
  membershipNeedsFor,
  ownRegistration,
  roleForEventType,
} from '@club/contract/eligibility';
import type { RegistrationAction, RegistrationCheck } from '@club/contract/eligibility';
import { DIVISIONS, FACTORS, RoleStatus } from '@club/contract/enums';
import type { Division, Factor } from '@club/contract/enums';
import type { ClubEvent, User } from '@club/contract/schemas';
import { ToastType } from '@club/contract/enums';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField, fieldIds } from '../../../lib/forms/form-field.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useSubscribe } from '../api/subscribe.ts';
import { asksDivisionAndFactor } from '../calendar-model.ts';
import { formatDay, useMembership } from '../../../lib/membership/membership.ts';
import { APP_ROUTES } from '@club/contract/routes';
import { Link } from 'react-router';
import { personContext } from '../../../lib/person-context.ts';
import { NextSteps } from './next-steps.tsx';

// Refusals of the club's dues and pack rules and of the licence's date: texts of the membership area.
const MEMBERSHIP_REASONS = new Set(['MEMBERSHIP_LAPSED', 'PACK_EMPTY', 'LICENCE_EXPIRED']);

interface RegistrationFormProps {
  event: ClubEvent;
  user: User;
  nowLocal: string;
}

interface RegistrationValues {
  division: string;
  factor: string;
}

const TOAST_KEY: Record<RegistrationAction, string> = {
  register: 'SUBSCRIBE',
  update: 'UPDATE',
  cancel: 'UNSUBSCRIBE',
};

function toNumber<T extends number>(value: string): T | null {
  return value === '' ? null : (Number(value) as T);
}

/**
 * The member's registration for one event: category as the rules compute it, division and factor
 * for IPSC competitions, and register, update and cancel enabled exactly as the contract allows.
 */
export function RegistrationForm({ event, user, nowLocal }: RegistrationFormProps) {
  const { t, i18n } = useTranslation(['events-calendar', 'common', 'membership']);
  // The club's rules and the member's standing, so the card says what the server would refuse.
  const membership = useMembership(user.uuid);
  const rules = membership.data?.rules ?? null;
  const standing = membership.data
    ? { ...user, cuotaHasta: membership.data.cuotaHasta, bonoClases: membership.data.bonoClases, licenciaCaduca: membership.data.licenciaCaduca }
    : user;
  const licenceDate = standing.licenciaCaduca ? formatDay(standing.licenciaCaduca, i18n.resolvedLanguage ?? 'es') : '';
  const subscribe = useSubscribe({
    onSuccess: (_event, variables) => {
      const keyPrefix = `TOAST.${TOAST_KEY[variables.action]}`;
      showToast({
        type: ToastType.success,
        title: t(`${keyPrefix}_TITLE`),
        message: toastMessage(t, `${keyPrefix}_SUCCESS`, { event: variables.title }),
      });
    },
    onError: (error, variables) => {
      const keyPrefix = `TOAST.${TOAST_KEY[variables.action]}`;
      const code = error instanceof ApiCallError ? error.errorCode : 'UNKNOWN';
      showToast({
        type: ToastType.error,
        title: t(`${keyPrefix}_TITLE`),
        message: MEMBERSHIP_REASONS.has(code)
          ? t(`membership:REASON.${code}`, { date: licenceDate })
          : t(`ERRORS.${code}`, { context: personContext(user.sexo), defaultValue: t(`${keyPrefix}_ERROR`) }),
      });
    },
  });
  const [confirming, setConfirming] = useState(false);
  const formId = `registration-${event.uuid}`;
  const own = event.participantes.find((participant) => participant.uuid === user.uuid);
  const registered = isRegistered(event, user.uuid);
  const competition = asksDivisionAndFactor(event.type);
  const { register, getValues } = useForm<RegistrationValues>({
    // The form is keyed by the registration, so these defaults follow it.
    defaultValues: {
      division: String((registered ? own?.division : null) ?? user.division ?? ''),
      factor: String((registered ? own?.factor : null) ?? user.factor ?? ''),
    },
  });

  const check = (action: RegistrationAction): RegistrationCheck =>
    checkRegistration({ event, member: standing, nowLocal, action, rules });
  const needs = membershipNeedsFor(event.type, rules);
  const canRegister = check('register');
  const canUpdate = check('update');
  const canCancel = check('cancel');
  const busy = subscribe.isPending;
  // Only what can apply is offered: register to someone who may, update and cancel to someone
  // registered who may still change it. Division and factor can be chosen only with one of them.
  const showRegister = !registered && canRegister.ok;
  const showUpdate = registered && competition && canUpdate.ok;
  const showCancel = registered && canCancel.ok;
  const fieldsDisabled = busy || !(showRegister || showUpdate);
  const category = categoryFor(user.sexo, user.nacimiento, event.start);
  const role = ownRegistration(event, user.uuid);

  // The reason that matters to this member now: why they cannot register, or why their
  // registration can no longer be changed.
  let reason: RegistrationCheck | null = null;
  // A full event is said once, by the waiting list under the form.
  if (!registered && !canRegister.ok) reason = canRegister.reason === 'EVENT_FULL' ? null : canRegister;
  else if (registered && !canCancel.ok) reason = canCancel;
  else if (registered && competition && !canUpdate.ok) reason = canUpdate;
  // An event that is over says so by its badge; "it has started" beside it says nothing more.
  const over = event.end <= nowLocal;
  if (over && reason && !reason.ok && reason.reason === 'EVENT_EXPIRED') reason = null;
  // Division and factor are asked only where they can still be chosen; otherwise the member's
  // registration shows what it holds.
  const held = competition && registered && !(showRegister || showUpdate) ? [own?.division, own?.factor] : null;
  const choosing = competition && !held && !over;

  const send = (action: RegistrationAction) => {
    const values = getValues();
    subscribe.mutate({
      uuid: event.uuid,
      action,
      title: event.evento,
      body: {
        uuid: user.uuid,
        categoria: category,
        division: toNumber<Division>(competition ? values.division : String(user.division ?? '')),
        factor: toNumber<Factor>(competition ? values.factor : String(user.factor ?? '')),
        roles: [
          {
            roleId: roleForEventType(event.type),
            status: action === 'cancel' ? RoleStatus.anulado : RoleStatus.reservado,
          },
        ],
      },
    });
  };

  return (
    <form
      className="cal-registration"
      aria-label={t('FORM.TITLE')}
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        if (!registered && canRegister.ok) send('register');
      }}
    >
      <div className="cal-registration-fields">
        <div className="cal-field">
          <span className="form-label" id={`category-${event.uuid}`}>
            {t('FORM.CATEGORY')}
          </span>
          <output className="cal-category" aria-labelledby={`category-${event.uuid}`}>
            {t(`common:ENUMS.CATEGORY.${category ?? 0}`)}
          </output>
        </div>
        {held ? (
          <div className="cal-field">
            <span className="form-label" id={`held-${event.uuid}`}>
              {t('FORM.DIVISION_FACTOR')}
            </span>
            <output className="cal-category" aria-labelledby={`held-${event.uuid}`}>
              {[
                held[0] == null ? null : t(`common:ENUMS.DIVISION.${held[0]}`),
                held[1] == null ? null : t(`common:ENUMS.FACTOR.${held[1]}`),
              ]
                .filter(Boolean)
                .join(' · ') || '—'}
            </output>
          </div>
        ) : null}
        {choosing ? (
          <>
            <FormField formId={formId} name="division" label={t('FORM.DIVISION')} className="cal-field">
              <select
                id={fieldIds(formId, 'division').control}
                className="form-select form-select-sm"
                disabled={fieldsDisabled}
                {...register('division')}
              >
                <option value="">{t('FORM.CHOOSE')}</option>
                {DIVISIONS.map((division) => (
                  <option key={division} value={division}>
                    {t(`common:ENUMS.DIVISION.${division}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField formId={formId} name="factor" label={t('FORM.FACTOR')} className="cal-field">
              <select
                id={fieldIds(formId, 'factor').control}
                className="form-select form-select-sm"
                disabled={fieldsDisabled}
                {...register('factor')}
              >
                <option value="">{t('FORM.CHOOSE')}</option>
                {FACTORS.map((factor) => (
                  <option key={factor} value={factor}>
                    {t(`common:ENUMS.FACTOR.${factor}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </>
        ) : null}
      </div>
      {registered && role ? (
        <p className="cal-own-status">
          {t('FORM.YOUR_STATUS', { status: t(`common:ENUMS.ROLE_STATUS.${role.status}`) })}
        </p>
      ) : null}
      {reason && !reason.ok ? (
        <div className="cal-reason" role="note" data-reason={reason.reason}>
          <p className="mb-0">
            {MEMBERSHIP_REASONS.has(reason.reason)
              ? t(`membership:REASON.${reason.reason}`, { date: licenceDate })
              : t(`REASON.${reason.reason}`, { context: personContext(user.sexo) })}
          </p>
          {MEMBERSHIP_REASONS.has(reason.reason) ? <Link to={APP_ROUTES.myMembership}>{t('membership:CARD.MY_MEMBERSHIP')}</Link> : null}
          {reason.missing && reason.missing.length > 0 ? <NextSteps missing={reason.missing} user={user} /> : null}
        </div>
      ) : null}
      {!registered && (needs.dues || needs.pack) && !(reason && !reason.ok && MEMBERSHIP_REASONS.has(reason.reason)) ? (
        <div className="cal-membership-hint small" role="note" data-testid="membership-hint">
          {needs.dues ? <p className="mb-0">{t('membership:CARD.NEEDS_DUES')}</p> : null}
          {needs.pack ? <p className="mb-0">{t('membership:CARD.NEEDS_PACK', { count: standing.bonoClases ?? 0 })}</p> : null}
          <Link to={APP_ROUTES.myMembership}>{t('membership:CARD.MY_MEMBERSHIP')}</Link>
        </div>
      ) : null}
      {showRegister || showUpdate || showCancel ? (
        <div className="cal-actions">
          {showRegister ? (
            <button type="submit" className="btn btn-accent btn-sm" disabled={busy}>
              {t('FORM.REGISTER')}
            </button>
          ) : null}
          {showUpdate ? (
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={() => send('update')}>
              {t('FORM.UPDATE')}
            </button>
          ) : null}
          {showCancel ? (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t('FORM.CANCEL')}
            </button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        show={confirming}
        dialogClassName="modal-md-40"
        title={t('CONFIRM_CANCEL.TITLE')}
        confirmLabel={t('CONFIRM_CANCEL.YES')}
        cancelLabel={t('CONFIRM_CANCEL.NO')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          send('cancel');
        }}
      >
        {t('CONFIRM_CANCEL.MESSAGE', { event: event.evento })}
      </ConfirmDialog>
    </form>
  );
}
