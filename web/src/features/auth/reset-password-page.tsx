import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { resetPasswordFormSchema } from '@club/contract/forms';
import type { ResetPasswordForm } from '@club/contract/forms';
import { APP_ROUTES } from '@club/contract/routes';
import { showToast } from '../../lib/toasts.ts';
import { withSpinner } from '../../lib/spinner.ts';
import { FormField, invalidProps } from '../../lib/forms/form-field.tsx';
import { PasswordInput } from '../../lib/forms/password-input.tsx';
import { FormAlert } from '../../lib/forms/form-alert.tsx';
import { applyServerFieldErrors, errorCodeOf } from '../../lib/forms/server-errors.ts';
import { AuthCard } from './components/auth-card.tsx';
import { useResetPasswordMutation } from './api/reset-password.ts';

const FORM_ID = 'reset-password';

/**
 * Reset password (SPEC §2, §4, §8): new password and confirmation with one toggle; hash and
 * token come from the link; success toasts and goes to login; a refusal shows
 * RESET_PASSWORD.ERRORS.{CODE} once, beside the submit button with a link for a new one (a used
 * or expired link), and no toast repeats it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['reset-password', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = useResetPasswordMutation();
  const [visible, setVisible] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const errorOf = (name: 'password' | 'passwordConfirm') => (isSubmitted ? errors[name] : undefined);

  const onSubmit = async (values: ResetPasswordForm) => {
    setErrorText(null);
    try {
      await withSpinner(
        reset.mutateAsync({ hash: params.get('hash') ?? '', token: params.get('token') ?? '', password: values.password }),
      );
      showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_MESSAGE'), type: ToastType.success });
      navigate(APP_ROUTES.login);
    } catch (err) {
      applyServerFieldErrors(err, setError, ['password']);
      setErrorText(t(`RESET_PASSWORD.ERRORS.${errorCodeOf(err)}`, { defaultValue: t('RESET_PASSWORD.ERRORS.DEFAULT') }));
    }
  };

  return (
    <AuthCard title={t('TITLE')} lead={t('LEAD')} icon="lock">
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField formId={FORM_ID} name="password" label={t('PASSWORD')} error={errorOf('password')} hint={t('PASSWORD_HINT')}>
          <PasswordInput
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            invalid={Boolean(errorOf('password'))}
            autoComplete="new-password"
            {...invalidProps(FORM_ID, 'password', errorOf('password'))}
            {...register('password')}
          />
        </FormField>
        <FormField formId={FORM_ID} name="passwordConfirm" label={t('PASSWORD_CONFIRM')} error={errorOf('passwordConfirm')}>
          <PasswordInput
            visible={visible}
            invalid={Boolean(errorOf('passwordConfirm'))}
            autoComplete="new-password"
            {...invalidProps(FORM_ID, 'passwordConfirm', errorOf('passwordConfirm'))}
            {...register('passwordConfirm')}
          />
        </FormField>
        {errorText ? (
          <FormAlert testId="reset-error">
            {errorText}{' '}
            <Link to={APP_ROUTES.forgotten} className="alert-link">
              {t('NEW_LINK')}
            </Link>
          </FormAlert>
        ) : null}
        <button type="submit" className="btn auth-submit w-100 mt-2" disabled={reset.isPending}>
          {reset.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {t('SUBMIT')}
        </button>
      </form>
    </AuthCard>
  );
}
