import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { changePasswordFormSchema } from '@club/contract/forms';
import type { ChangePasswordForm } from '@club/contract/forms';
import { APP_ROUTES } from '@club/contract/routes';
import { useSession } from '../../lib/session.tsx';
import { showToast } from '../../lib/toasts.ts';
import { FormField, invalidProps } from '../../lib/forms/form-field.tsx';
import { PasswordInput } from '../../lib/forms/password-input.tsx';
import { FormAlert } from '../../lib/forms/form-alert.tsx';
import { applyServerFieldErrors, errorCodeOf, showRefusalOnField } from '../../lib/forms/server-errors.ts';
import { AuthCard } from './components/auth-card.tsx';
import { useChangePasswordMutation } from './api/change-password.ts';

const FORM_ID = 'change-password';
const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirm'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Change password (SPEC §2, §4, §5 strict reading): three fields, one click shows or hides
 * all three; a loading indicator during the call; success toasts, signs out and goes to login;
 * a refusal shows CHANGE_PASSWORD.ERRORS.{CODE} once: a wrong current password under that
 * field (which takes the focus), anything else beside the submit button; no toast repeats it.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['change-password', 'common']);
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  const change = useChangePasswordMutation();
  const [visible, setVisible] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitted },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', newPasswordConfirm: '' },
  });
  const errorOf = (name: FieldName) => (isSubmitted ? errors[name] : undefined);

  const onSubmit = async (values: ChangePasswordForm) => {
    if (!user) return;
    setErrorText(null);
    try {
      await change.mutateAsync({ uuid: user.uuid, oldPassword: values.oldPassword, newPassword: values.newPassword });
      showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_MESSAGE'), type: ToastType.success });
      // The change revoked every token of the member: forget this one, nothing to call.
      await signOut({ revoke: false });
      navigate(APP_ROUTES.login);
    } catch (err) {
      const code = errorCodeOf(err);
      const text = t(`CHANGE_PASSWORD.ERRORS.${code}`, { defaultValue: t('CHANGE_PASSWORD.ERRORS.DEFAULT') });
      if (code === 'WRONG_PASSWORD') {
        showRefusalOnField(setError, setFocus, 'oldPassword', text);
      } else {
        applyServerFieldErrors(err, setError, FIELDS);
        setErrorText(text);
      }
    }
  };

  const field = (name: FieldName, labelKey: string, autoComplete: string, hint?: string) => (
    <FormField formId={FORM_ID} name={name} label={t(labelKey)} error={errorOf(name)} hint={hint}>
      <PasswordInput
        visible={visible}
        // Every field has its toggle; one click shows or hides all three (SPEC §2).
        onToggleVisible={() => setVisible((v) => !v)}
        invalid={Boolean(errorOf(name))}
        autoComplete={autoComplete}
        {...invalidProps(FORM_ID, name, errorOf(name))}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <AuthCard title={t('TITLE')} lead={t('LEAD')} icon="lock">
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={change.isPending}>
        {field('oldPassword', 'OLD_PASSWORD', 'current-password')}
        {field('newPassword', 'NEW_PASSWORD', 'new-password', t('PASSWORD_HINT'))}
        {field('newPasswordConfirm', 'NEW_PASSWORD_CONFIRM', 'new-password')}
        {errorText ? <FormAlert>{errorText}</FormAlert> : null}
        <button type="submit" className="btn auth-submit w-100 mt-2" disabled={change.isPending}>
          {change.isPending ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('LOADING')}
            </>
          ) : (
            t('SUBMIT')
          )}
        </button>
      </form>
    </AuthCard>
  );
}
