import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '@club/contract/forms';
import type { LoginBody, LoginForm } from '@club/contract/forms';
import { APP_ROUTES } from '@club/contract/routes';
import { useSession } from '../../lib/session.tsx';
import { withSpinner } from '../../lib/spinner.ts';
import { clearErrorToasts } from '../../lib/toasts.ts';
import { ApiCallError } from '../../lib/http.ts';
import { returnPathOf } from '../../lib/return-path.ts';
import { FormField, invalidProps } from '../../lib/forms/form-field.tsx';
import { PasswordInput } from '../../lib/forms/password-input.tsx';
import { AuthCard } from './components/auth-card.tsx';
import { useLoginMutation } from './api/login.ts';

const FORM_ID = 'login';

/**
 * Login (SPEC §2, §4): login, password, remember-me; success goes back where the member came
 * from (`?next=` or the members-only screen that sent them here, a path of this site only),
 * else home; failure says so inline.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = returnPathOf(params, location.state);
  const login = useLoginMutation();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [failure, setFailure] = useState<'error' | 'throttled' | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitted },
  } = useForm<LoginForm, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    // isValid is kept up to date as the member types, so the button can follow it.
    mode: 'onChange',
    defaultValues: { login: '', password: '', rememberMe: false },
  });
  const showErrors = isSubmitted;

  const onSubmit = async (body: LoginBody) => {
    setFailure(null);
    try {
      const session = await withSpinner(login.mutateAsync(body));
      signIn(session, body.rememberMe ?? false);
      clearErrorToasts();
      navigate(returnTo ?? APP_ROUTES.home);
    } catch (err) {
      setFailure(err instanceof ApiCallError && err.status === 429 ? 'throttled' : 'error');
    }
  };

  return (
    <AuthCard
      title={t('TITLE')}
      lead={t('LEAD')}
      icon="user"
      footer={
        <>
          {t('NO_ACCOUNT')} <Link to={APP_ROUTES.register}>{t('REGISTER_LINK')}</Link>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)}>
        {failure ? (
          <div className="alert alert-danger py-2" role="alert">
            {t('ERROR')}
            {failure === 'throttled' ? <div className="small mt-1">{t('THROTTLED')}</div> : null}
          </div>
        ) : null}
        <FormField formId={FORM_ID} name="login" label={t('LOGIN')} error={showErrors ? errors.login : undefined}>
          <input
            type="text"
            className={`form-control${showErrors && errors.login ? ' is-invalid' : ''}`}
            autoComplete="username"
            autoCapitalize="none"
            {...invalidProps(FORM_ID, 'login', showErrors && errors.login)}
            {...register('login')}
          />
        </FormField>
        <FormField formId={FORM_ID} name="password" label={t('PASSWORD')} error={showErrors ? errors.password : undefined}>
          <PasswordInput
            visible={passwordVisible}
            onToggleVisible={() => setPasswordVisible((v) => !v)}
            invalid={Boolean(showErrors && errors.password)}
            autoComplete="current-password"
            {...invalidProps(FORM_ID, 'password', showErrors && errors.password)}
            {...register('password')}
          />
        </FormField>
        <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
          <div className="form-check mb-0">
            <input className="form-check-input" type="checkbox" id={`${FORM_ID}-rememberMe`} {...register('rememberMe')} />
            <label className="form-check-label" htmlFor={`${FORM_ID}-rememberMe`}>
              {t('REMEMBER_ME')}
            </label>
          </div>
          <Link to={APP_ROUTES.forgotten} className="small">
            {t('FORGOTTEN_LINK')}
          </Link>
        </div>
        <button type="submit" className="btn auth-submit w-100" disabled={!isValid || login.isPending}>
          {login.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {t('SUBMIT')}
        </button>
      </form>
    </AuthCard>
  );
}
