import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { forgottenSchema } from '@club/contract/forms';
import type { ForgottenForm, ForgottenQuery } from '@club/contract/forms';
import { APP_ROUTES } from '@club/contract/routes';
import { showToast } from '../../lib/toasts.ts';
import { withSpinner } from '../../lib/spinner.ts';
import { FormField, invalidProps } from '../../lib/forms/form-field.tsx';
import { FormAlert } from '../../lib/forms/form-alert.tsx';
import { errorCodeOf } from '../../lib/forms/server-errors.ts';
import { AuthCard } from './components/auth-card.tsx';
import { useForgottenPasswordMutation } from './api/forgotten-password.ts';

const FORM_ID = 'forgoten';

/**
 * Forgotten password (SPEC §2, §4, §8): one e-mail field; nothing is sent while invalid;
 * success toasts and goes to login; an error shows CHANGE_PASSWORD.ERRORS.{CODE} (or the
 * default text) once, under the form, and no toast repeats it.
 */
export function ForgottenPage() {
  const { t } = useTranslation(['forgoten', 'change-password', 'common']);
  const navigate = useNavigate();
  const forgotten = useForgottenPasswordMutation();
  const [errorText, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = useForm<ForgottenForm, unknown, ForgottenQuery>({
    resolver: zodResolver(forgottenSchema),
    defaultValues: { email: '' },
  });
  const error = isSubmitted ? errors.email : undefined;

  const onSubmit = async (query: ForgottenQuery) => {
    setErrorText(null);
    try {
      await withSpinner(forgotten.mutateAsync(query), 'loading');
      showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_MESSAGE'), type: ToastType.success });
      navigate(APP_ROUTES.login);
    } catch (err) {
      setErrorText(
        t(`change-password:CHANGE_PASSWORD.ERRORS.${errorCodeOf(err)}`, {
          defaultValue: t('change-password:CHANGE_PASSWORD.ERRORS.DEFAULT'),
        }),
      );
    }
  };

  return (
    <AuthCard
      title={t('TITLE')}
      lead={t('LEAD')}
      icon="mail"
      footer={
        <>
          {t('REMEMBERED')} <Link to={APP_ROUTES.login}>{t('LOGIN_LINK')}</Link>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField formId={FORM_ID} name="email" label={t('EMAIL')} error={error}>
          <input
            type="email"
            inputMode="email"
            autoComplete="email"
            className={`form-control${error ? ' is-invalid' : ''}`}
            {...invalidProps(FORM_ID, 'email', error)}
            {...register('email')}
          />
        </FormField>
        <button type="submit" className="btn auth-submit w-100" disabled={forgotten.isPending}>
          {forgotten.isPending ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('LOADING')}
            </>
          ) : (
            t('SUBMIT')
          )}
        </button>
        {errorText ? (
          <FormAlert className="mt-3 mb-0">{errorText}</FormAlert>
        ) : null}
      </form>
    </AuthCard>
  );
}
