import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { registerBodyFromForm, registerFormSchema } from '@club/contract/forms';
import type { RegisterForm, RegisterFormOutput } from '@club/contract/forms';
import { APP_ROUTES } from '@club/contract/routes';
import { showToast } from '../../lib/toasts.ts';
import { withSpinner } from '../../lib/spinner.ts';
import { FormField, invalidProps } from '../../lib/forms/form-field.tsx';
import { PasswordInput } from '../../lib/forms/password-input.tsx';
import { PersonFields } from '../../lib/forms/person-fields.tsx';
import { FormAlert } from '../../lib/forms/form-alert.tsx';
import { applyServerFieldErrors, errorCodeOf, showRefusalOnField } from '../../lib/forms/server-errors.ts';
import { AuthCard } from './components/auth-card.tsx';
import { useRegisterMutation } from './api/register.ts';
import { postLogin } from './api/login.ts';
import { useSession } from '../../lib/session.tsx';

const FORM_ID = 'register';
const FIELD_NAMES = [
  'login',
  'password',
  'passwordConfirm',
  'nombre',
  'apellidos',
  'email',
  'mobil',
  'nacimiento',
  'sexo',
  'socio',
  'division',
  'factor',
] as const;

const EMPTY: DefaultValues<RegisterForm> = {
  login: '',
  password: '',
  passwordConfirm: '',
  nombre: '',
  apellidos: '',
  email: '',
  mobil: '',
  nacimiento: '',
  socio: '',
  division: null,
  factor: null,
};

/** Refusals that belong to one field: their message shows under it (issue 13: one message). */
const FIELD_OF_REFUSAL: Readonly<Record<string, 'login' | 'email'>> = { LOGIN_TAKEN: 'login', EMAIL_TAKEN: 'email' };

/**
 * Registration (SPEC §2, §4, §5): messages after the first submit; an invalid form or
 * differing passwords send nothing; success toasts and goes to login; a refusal shows
 * REGISTER.ERRORS.{CODE} once, where the person is looking: under its field (login or e-mail
 * taken, which takes the focus) or beside the submit button; no generic toast repeats it.
 */
export function RegisterPage() {
  const { t } = useTranslation(['register', 'common']);
  const navigate = useNavigate();
  const { signIn } = useSession();
  const registration = useRegisterMutation();
  const [passwordsVisible, setPasswordsVisible] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RegisterForm, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitted },
  } = form;
  const showErrors = isSubmitted;

  const onSubmit = async (values: RegisterFormOutput) => {
    setServerError(null);
    try {
      const body = registerBodyFromForm(values);
      await withSpinner(registration.mutateAsync(body));
      // The person has just proved the password: sign them in rather than ask for it again.
      // Should that fail (a throttled address), the account exists and sign-in is one step away.
      const session = await withSpinner(postLogin({ login: body.login, password: body.password })).catch(() => null);
      if (session) {
        signIn(session, false);
        showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_SIGNED_IN'), type: ToastType.success });
        navigate(APP_ROUTES.home);
      } else {
        showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_MESSAGE'), type: ToastType.success });
        navigate(APP_ROUTES.login);
      }
    } catch (err) {
      const code = errorCodeOf(err);
      const text = t(`REGISTER.ERRORS.${code}`, { defaultValue: t('REGISTER.ERRORS.DEFAULT') });
      const field = Object.hasOwn(FIELD_OF_REFUSAL, code) ? FIELD_OF_REFUSAL[code] : undefined;
      if (field) {
        showRefusalOnField(setError, setFocus, field, text);
      } else {
        applyServerFieldErrors(err, setError, FIELD_NAMES);
        setServerError(text);
      }
    }
  };

  const passwordField = (name: 'password' | 'passwordConfirm', withToggle: boolean) => (
    <FormField formId={FORM_ID} name={name} label={t(name === 'password' ? 'PASSWORD' : 'PASSWORD_CONFIRM')} error={showErrors ? errors[name] : undefined} required>
      <PasswordInput
        visible={passwordsVisible}
        // One toggle shows or hides both passwords (SPEC §2).
        onToggleVisible={withToggle ? () => setPasswordsVisible((v) => !v) : undefined}
        invalid={Boolean(showErrors && errors[name])}
        autoComplete="new-password"
        {...invalidProps(FORM_ID, name, showErrors && errors[name])}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <AuthCard
      title={t('TITLE')}
      lead={t('LEAD')}
      icon="user"
      wide
      footer={
        <>
          {t('HAVE_ACCOUNT')} <Link to={APP_ROUTES.login}>{t('LOGIN_LINK')}</Link>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
          <h2 className="auth-section-title">{t('SECTION_ACCOUNT')}</h2>
          <FormField formId={FORM_ID} name="login" label={t('common:PERSON.LOGIN')} hint={t('LOGIN_HINT')} error={showErrors ? errors.login : undefined} required>
            <input
              type="text"
              className={`form-control${showErrors && errors.login ? ' is-invalid' : ''}`}
              autoComplete="username"
              autoCapitalize="none"
              {...invalidProps(FORM_ID, 'login', showErrors && errors.login)}
              {...register('login')}
            />
          </FormField>
          <div className="row g-sm-3">
            <div className="col-sm-6">{passwordField('password', true)}</div>
            <div className="col-sm-6">{passwordField('passwordConfirm', false)}</div>
          </div>
          <p className="form-text mt-n2 mb-0">{t('PASSWORD_HINT')}</p>
          <h2 className="auth-section-title">{t('SECTION_PERSON')}</h2>
          <PersonFields formId={FORM_ID} showErrors={showErrors} />
          <p className="small text-secondary mb-3">{t('REQUIRED_NOTE')}</p>
          {serverError ? <FormAlert testId="register-error">{serverError}</FormAlert> : null}
          <button type="submit" className="btn auth-submit w-100" disabled={registration.isPending}>
            {registration.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            {t('SUBMIT')}
          </button>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
