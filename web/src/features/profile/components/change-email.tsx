import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changeEmailBodySchema } from '@club/contract/forms';
import type { ChangeEmailBody, ChangeEmailForm } from '@club/contract/forms';
import type { User } from '@club/contract/schemas';
import { withSpinner } from '../../../lib/spinner.ts';
import { FormField, invalidProps } from '../../../lib/forms/form-field.tsx';
import { PasswordInput } from '../../../lib/forms/password-input.tsx';
import { applyServerFieldErrors, errorCodeOf } from '../../../lib/forms/server-errors.ts';
import { useChangeEmailMutation } from '../api/change-email.ts';

const FORM_ID = 'change-email';

/**
 * A new e-mail address, confirmed with the password: a link goes to the new address and the
 * change happens when it is followed; the old address is told.
 */
export function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const change = useChangeEmailMutation();
  const [visible, setVisible] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<ChangeEmailForm, unknown, ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const errorOf = (name: 'email' | 'password') => (isSubmitted ? errors[name] : undefined);

  const onSubmit = async (body: ChangeEmailBody) => {
    setErrorText(null);
    setSentTo(null);
    try {
      await withSpinner(change.mutateAsync({ uuid: user.uuid, body }));
      setSentTo(body.email);
      reset({ email: '', password: '' });
    } catch (err) {
      applyServerFieldErrors(err, setError, ['email', 'password']);
      setErrorText(t(`EMAIL_CHANGE.ERRORS.${errorCodeOf(err)}`, { defaultValue: t('EMAIL_CHANGE.ERRORS.DEFAULT') }));
    }
  };

  return (
    <div className="card profile-card profile-email">
      <div className="card-body">
        <h2 className="profile-section-title">{t('EMAIL_CHANGE.TITLE')}</h2>
        <p className="small text-secondary">{t('EMAIL_CHANGE.LEAD', { email: user.email })}</p>
        <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
          {sentTo ? (
            <div className="alert alert-success py-2" role="status">
              {t('EMAIL_CHANGE.SENT', { email: sentTo })}
            </div>
          ) : null}
          {errorText ? (
            <div className="alert alert-danger py-2" role="alert">
              {errorText}
            </div>
          ) : null}
          <FormField formId={FORM_ID} name="email" label={t('EMAIL_CHANGE.NEW_EMAIL')} error={errorOf('email')}>
            <input
              type="email"
              className={`form-control${errorOf('email') ? ' is-invalid' : ''}`}
              autoComplete="email"
              {...invalidProps(FORM_ID, 'email', errorOf('email'))}
              {...register('email')}
            />
          </FormField>
          <FormField formId={FORM_ID} name="password" label={t('EMAIL_CHANGE.PASSWORD')} error={errorOf('password')}>
            <PasswordInput
              visible={visible}
              onToggleVisible={() => setVisible((v) => !v)}
              invalid={Boolean(errorOf('password'))}
              autoComplete="current-password"
              {...invalidProps(FORM_ID, 'password', errorOf('password'))}
              {...register('password')}
            />
          </FormField>
          <button type="submit" className="btn btn-outline-primary w-100" disabled={change.isPending}>
            {t('EMAIL_CHANGE.SUBMIT')}
          </button>
        </form>
      </div>
    </div>
  );
}
