import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_ROUTES } from '@club/contract/routes';
import { ToastType } from '@club/contract/enums';
import { LANGUAGES } from '@club/contract/languages';
import { profileFormSchema } from '@club/contract/forms';
import type { ProfileForm, ProfileFormOutput } from '@club/contract/forms';
import type { User } from '@club/contract/schemas';
import { useSession } from '../../lib/session.tsx';
import { showToast } from '../../lib/toasts.ts';
import { FormAlert } from '../../lib/forms/form-alert.tsx';
import { withSpinner } from '../../lib/spinner.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { Icon } from '../../lib/icons.tsx';
import { FormField } from '../../lib/forms/form-field.tsx';
import { PersonFields } from '../../lib/forms/person-fields.tsx';
import { applyServerFieldErrors, errorCodeOf } from '../../lib/forms/server-errors.ts';
import { useActiveUserProfile } from './api/active-user-profile.ts';
import { useUpdateProfileMutation } from './api/update-profile.ts';
import { DataControls } from './components/data-controls.tsx';
import { ClubData } from './components/club-data.tsx';
import { ChangeEmail } from './components/change-email.tsx';
import './profile.css';

const FORM_ID = 'profile';
const LOCKED = ['nombre', 'apellidos', 'email', 'socio'] as const;
const FIELD_NAMES = ['mobil', 'nacimiento', 'sexo', 'division', 'factor'] as const;

function formValuesOf(user: User): ProfileForm {
  return {
    login: user.login,
    nombre: user.nombre,
    apellidos: user.apellidos,
    email: user.email,
    socio: user.socio ?? '',
    mobil: user.mobil,
    nacimiento: user.nacimiento,
    sexo: user.sexo,
    division: user.division,
    factor: user.factor,
    recordatorios: user.recordatorios ?? true,
    idioma: user.idioma ?? 'es',
  };
}

/**
 * Profile (SPEC §2, §4): the registration fields without passwords; login, names, e-mail and
 * member number shown but disabled. Success replaces the session user and toasts; no navigation.
 */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const { user: sessionUser } = useSession();
  usePageTitle(t('TITLE'));
  // MembersOnly guards the route, so a session user is there.
  const uuid = sessionUser?.uuid ?? '';
  const profile = useActiveUserProfile(uuid, sessionUser);

  return (
    <section className="profile-screen">
      <div className="container-xl">
        <header className="profile-head">
          <div className="profile-avatar" aria-hidden="true">
            <Icon name="user" size={30} />
          </div>
          <div>
            <h1 className="profile-title">{t('TITLE')}</h1>
            <p className="profile-lead mb-0">{sessionUser ? sessionUser.fullName : null}</p>
          </div>
        </header>
        <div className="row g-4">
          <div className="col-lg-8">
            <div className="card profile-card">
              <div className="card-body">
                {profile.isPending ? (
                  // The form's frame, drawn at build time too: its headings and help texts are
                  // on screen at the first paint, and the fields fill in where they stand.
                  <ProfileEditor user={null} />
                ) : profile.isError ? (
                  <div className="alert alert-danger mb-0" role="alert">
                    {t('LOAD_ERROR')}
                  </div>
                ) : (
                  <ProfileEditor user={profile.data} />
                )}
              </div>
            </div>
          </div>
          {/* After the form has arrived: on a phone these cards sit under it and would push it down. */}
          <div className="col-lg-4 profile-side">
            {profile.data ? <ClubData user={profile.data} /> : null}
            {profile.data ? <ChangeEmail user={profile.data} /> : null}
            {sessionUser && !profile.isPending ? <DataControls user={sessionUser} /> : null}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The form's values before the member's profile has arrived (the frame is disabled meanwhile). */
const BLANK_VALUES: ProfileForm = {
  login: '',
  nombre: '',
  apellidos: '',
  email: '',
  socio: '',
  mobil: '',
  nacimiento: '',
  sexo: 1,
  division: null,
  factor: null,
  recordatorios: true,
  idioma: 'es',
};

function ProfileEditor({ user }: { user: User | null }) {
  const { t } = useTranslation(['profile', 'common']);
  const { replaceUser } = useSession();
  const update = useUpdateProfileMutation();
  const [errorText, setErrorText] = useState<string | null>(null);
  const form = useForm<ProfileForm, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: user ? formValuesOf(user) : BLANK_VALUES,
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitted, isDirty },
  } = form;

  // A newer answer (after saving) becomes the form's starting point.
  useEffect(() => {
    if (user) reset(formValuesOf(user));
  }, [user, reset]);

  const onSubmit = async (values: ProfileFormOutput) => {
    if (!user) return;
    setErrorText(null);
    try {
      // Login, names, e-mail and socio are the server's to keep; they travel as stored.
      const saved = await withSpinner(
        update.mutateAsync({
          ...values,
          uuid: user.uuid,
          login: user.login,
          nombre: user.nombre,
          apellidos: user.apellidos,
          email: user.email,
          socio: user.socio,
        }),
      );
      replaceUser(saved);
      showToast({ title: t('SUCCESS_TITLE'), message: t('SUCCESS_MESSAGE'), type: ToastType.success });
    } catch (err) {
      applyServerFieldErrors(err, setError, FIELD_NAMES);
      setErrorText(t(`ERRORS.${errorCodeOf(err)}`, { defaultValue: t('ERRORS.DEFAULT') }));
    }
  };

  return (
    <FormProvider {...form}>
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={user === null}>
        {user === null ? (
          <p className="visually-hidden" role="status">
            {t('common:loading')}
          </p>
        ) : null}
        <fieldset disabled={user === null} className="profile-fields">
          <h2 className="profile-section-title">{t('SECTION_ACCOUNT')}</h2>
          <FormField formId={FORM_ID} name="login" label={t('common:PERSON.LOGIN')}>
            <input
              id={`${FORM_ID}-login`}
              type="text"
              className="form-control"
              {...register('login', { disabled: true })}
            />
          </FormField>
          <p className="form-text mt-n2">{t('LOCKED_NOTE')}</p>
          <h2 className="profile-section-title">{t('SECTION_PERSON')}</h2>
          <PersonFields formId={FORM_ID} locked={LOCKED} showErrors={isSubmitted} />
          <h2 className="profile-section-title">{t('SECTION_NOTICES')}</h2>
          <div className="form-check form-switch mb-3">
            <input
              id={`${FORM_ID}-recordatorios`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              {...register('recordatorios')}
            />
            <label className="form-check-label" htmlFor={`${FORM_ID}-recordatorios`}>
              {t('REMINDERS')}
            </label>
            <div className="form-text">{t('REMINDERS_HINT')}</div>
          </div>
          <p className="small" data-testid="profile-calendar">
            {t('CALENDAR_HINT')}{' '}
            <Link to={APP_ROUTES.myRegistrations}>{t('CALENDAR_LINK')}</Link>
          </p>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${FORM_ID}-idioma`}>
              {t('MAIL_LANGUAGE')}
            </label>
            <select id={`${FORM_ID}-idioma`} className="form-select" {...register('idioma')}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`LANGUAGE_NAMES.${language}`)}
                </option>
              ))}
            </select>
            <div className="form-text">{t('MAIL_LANGUAGE_HINT')}</div>
          </div>
          {/* The refusal's one message, beside the button that was pressed; no toast repeats it. */}
          {errorText ? <FormAlert testId="profile-error">{errorText}</FormAlert> : null}
          <div className="d-flex flex-wrap gap-2 justify-content-end mt-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={!isDirty || update.isPending}
              onClick={() => reset(user ? formValuesOf(user) : BLANK_VALUES)}
            >
              {t('RESET')}
            </button>
            <button type="submit" className="btn profile-submit" disabled={update.isPending}>
              {update.isPending ? (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              ) : null}
              {t('SUBMIT')}
            </button>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
