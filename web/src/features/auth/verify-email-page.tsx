import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';
import { useSession } from '../../lib/session.tsx';
import { errorCodeOf } from '../../lib/forms/server-errors.ts';
import { AuthCard } from './components/auth-card.tsx';
import { fetchCurrentUser, useFollowVerificationLink } from './api/verify-email.ts';

/**
 * The page the verification mail links to: follows the link once on arrival and says whether
 * the address is now confirmed; a signed-in member's session learns it at once.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['register', 'common']);
  const [params] = useSearchParams();
  const { status, replaceUser } = useSession();
  const follow = useFollowVerificationLink();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  // The link is single use: React's development double effect must not follow it twice.
  const followed = useRef<string | null>(null);

  useEffect(() => {
    if (followed.current === id || !id || !token) return;
    followed.current = id;
    follow.mutate({ id, token });
  }, [id, token, follow]);

  useEffect(() => {
    if (!follow.isSuccess || status !== 'authenticated') return;
    void fetchCurrentUser().then(replaceUser, () => undefined);
  }, [follow.isSuccess, status, replaceUser]);

  const missing = !id || !token;
  const failed = missing || follow.isError;
  const code = follow.isError ? errorCodeOf(follow.error) : 'INVALID_TOKEN';

  return (
    <AuthCard title={t('VERIFY.TITLE')} icon="mail">
      {follow.isSuccess ? (
        <div className="alert alert-success" role="status">
          {follow.data.alreadyConfirmed ? t('VERIFY.ALREADY') : t('VERIFY.SUCCESS')}
        </div>
      ) : failed ? (
        <div className="alert alert-danger" role="alert">
          {t(`VERIFY.ERRORS.${code}`, { defaultValue: t('VERIFY.ERRORS.DEFAULT') })}
        </div>
      ) : (
        <div className="d-flex align-items-center gap-2 py-3" role="status">
          <span className="spinner-border spinner-border-sm text-secondary" aria-hidden="true" />
          <span>{t('VERIFY.CHECKING')}</span>
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        {status === 'authenticated' ? (
          <Link className="btn auth-submit" to={APP_ROUTES.calendar}>
            {t('VERIFY.TO_CALENDAR')}
          </Link>
        ) : (
          <Link className="btn auth-submit" to={APP_ROUTES.login}>
            {t('VERIFY.TO_LOGIN')}
          </Link>
        )}
      </div>
      {failed ? <p className="form-text mt-3 mb-0">{t('VERIFY.RESEND_HINT')}</p> : null}
    </AuthCard>
  );
}
