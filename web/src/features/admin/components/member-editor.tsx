import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { adminUserUpdateBodySchema } from '@club/contract/schemas';
import type { AdminUserUpdateBody, AdminUserUpdateInput, User } from '@club/contract/schemas';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { FormField, invalidProps } from '../../../lib/forms/form-field.tsx';
import { applyServerFieldErrors, showRefusalOnField } from '../../../lib/forms/server-errors.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { errorMessageKey } from '../errors.ts';
import { MEMBER_FLAGS } from '@club/contract/member-flags';
import { MemberRegistrations } from './member-registrations.tsx';
import { formatDay } from '../../../lib/membership/membership.ts';

const LIMITS = { socio: { max: 50 }, licencia: { max: 100 } } as const;

interface MemberFormValues {
  socio: string;
  licencia: string;
  curso: boolean;
  habilitado: boolean;
  arbitroIpsc: boolean;
  arbitroPrecision: boolean;
  entrenadorNacional: boolean;
  instructorMisia: boolean;
  autorizacionClub: boolean;
  staff: boolean;
  licenciaCaduca: string | null;
}

function valuesOf(user: User): MemberFormValues {
  return {
    socio: user.socio ?? '',
    licencia: user.licencia ?? '',
    curso: user.curso,
    habilitado: user.habilitado,
    arbitroIpsc: user.arbitroIpsc,
    arbitroPrecision: user.arbitroPrecision,
    entrenadorNacional: user.entrenadorNacional,
    instructorMisia: user.instructorMisia,
    autorizacionClub: user.autorizacionClub,
    staff: user.staff,
    licenciaCaduca: user.licenciaCaduca ?? null,
  };
}

/** Member number, licence, the flags the club vouches for, and the member's registrations. */
export function MemberEditor({ user, onClose }: { user: User; onClose(): void }) {
  const { t, i18n } = useTranslation(['admin', 'common', 'membership']);
  const id = useId();
  const session = useSession();
  const isSelf = session.user?.uuid === user.uuid;
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AdminUserUpdateInput, unknown, AdminUserUpdateBody>({
    resolver: zodResolver(adminUserUpdateBodySchema),
    defaultValues: valuesOf(user),
  });

  // A refusal no field speaks for, said once beside the submit button (decision 0030).
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (body: AdminUserUpdateBody) => {
    setRefusal(null);
    // Never send one's own staff flag: the server refuses its removal, and there is nothing to set.
    const { staff, ...rest } = body;
    const sent: AdminUserUpdateBody = isSelf ? rest : { ...rest, staff };
    try {
      const updated = await update.mutateAsync({ uuid: user.uuid, body: sent });
      if (isSelf) session.replaceUser(updated);
      showToast({ title: updated.fullName, message: t('admin:MEMBERS.SAVED') });
      onClose();
    } catch (error) {
      // Each refusal is said once (decision 0030), and what was typed stays: a number another
      // member holds, under the number; field errors under their fields; anything else beside
      // the submit button. No toast repeats it.
      if (error instanceof ApiCallError && error.errorCode === 'SOCIO_TAKEN') {
        showRefusalOnField(setError, setFocus, 'socio', t('admin:ERRORS.SOCIO_TAKEN'));
        return;
      }
      const fields = ['socio', 'licencia', 'licenciaCaduca'] as const;
      if (applyServerFieldErrors(error, setError, fields)) {
        const first = fields.find((name) => error instanceof ApiCallError && error.fields?.[name]?.length);
        if (first) setFocus(first);
        return;
      }
      setRefusal(t(errorMessageKey(error)));
    }
  };

  const textField = (name: 'socio' | 'licencia', label: string) => (
    <FormField formId={id} name={name} label={label} error={errors[name]} limits={LIMITS[name]} className="">
      <input
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        {...invalidProps(id, name, errors[name])}
        {...register(name)}
        maxLength={LIMITS[name].max}
        autoComplete="off"
      />
    </FormField>
  );

  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
        <div>
          <Modal.Title id={`${id}-title`} as="h2" className="h5 mb-0">
            {user.fullName}
          </Modal.Title>
          <p className="small text-body-secondary mb-0 text-break">
            {user.login} · {user.email} · {user.mobil}
          </p>
        </div>
      </Modal.Header>
      <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby={`${id}-title`}>
        <Modal.Body>
          <Row className="g-3">
            <Col xs={12} sm={6}>
              {textField('socio', t('admin:MEMBERS.SOCIO'))}
            </Col>
            <Col xs={12} sm={6}>
              {textField('licencia', t('admin:MEMBERS.LICENCIA'))}
            </Col>
            <Col xs={12} sm={6}>
              <FormField formId={id} name="licenciaCaduca" label={t('membership:STAFF.LICENCE_EXPIRY')} error={errors.licenciaCaduca} className="">
                <input
                  type="date"
                  className={`form-control${errors.licenciaCaduca ? ' is-invalid' : ''}`}
                  {...invalidProps(id, 'licenciaCaduca', errors.licenciaCaduca)}
                  {...register('licenciaCaduca', { setValueAs: (value: string | null) => (value ? value : null) })}
                />
              </FormField>
            </Col>
            <Col xs={12} sm={6} className="d-flex align-items-end">
              <p className="small text-body-secondary mb-0" data-testid="member-standing">
                {t('membership:STAFF.STANDING', {
                  dues: user.cuotaHasta ? formatDay(user.cuotaHasta, i18n.resolvedLanguage ?? 'es') : t('membership:STAFF.NOT_SET'),
                  classes: user.bonoClases ?? 0,
                })}
              </p>
            </Col>
            <Col xs={12}>
              <fieldset>
                <legend className="fs-6 fw-semibold">{t('admin:MEMBERS.FLAGS_LEGEND')}</legend>
                <div className="admin-flag-grid">
                  {MEMBER_FLAGS.map((flag) => (
                    <Form.Check
                      key={flag}
                      type="switch"
                      id={`${id}-${flag}`}
                      {...register(flag)}
                      label={t(`admin:MEMBERS.FLAGS.${flag}`)}
                    />
                  ))}
                </div>
              </fieldset>
            </Col>
            <Col xs={12}>
              <Form.Check
                type="switch"
                id={`${id}-staff`}
                {...register('staff')}
                disabled={isSelf}
                label={t('admin:MEMBERS.FLAGS.staff')}
                aria-describedby={isSelf ? `${id}-staff-help` : undefined}
              />
              {isSelf ? (
                <Form.Text id={`${id}-staff-help`} className="d-block">
                  {t('admin:MEMBERS.OWN_STAFF')}
                </Form.Text>
              ) : null}
            </Col>
          </Row>
          <MemberRegistrations uuid={user.uuid} />
        </Modal.Body>
        <Modal.Footer>
          {refusal !== null ? (
            <FormAlert testId="member-editor-refusal" className="w-100 mb-2">
              {refusal}
            </FormAlert>
          ) : null}
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common:ACTIONS.CANCEL')}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {t('common:ACTIONS.SAVE')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
