import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';
import { AuthCard } from './components/auth-card.tsx';
import { useTurnRemindersOff } from './api/reminders-off.ts';

/**
 * The page a reminder's "stop reminders" link opens: asks first (opening a link changes
 * nothing, so a mail scanner following it turns nothing off), then turns event reminders off
 * for the member the signed link names, without signing in.
 */
export function RemindersOffPage() {
  const { t } = useTranslation(['reminders-off', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const turnOff = useTurnRemindersOff();

  return (
    <AuthCard title={t('TITLE')} lead={t('LEAD')} icon="mail">
      {turnOff.isSuccess ? (
        <div className="alert alert-success" role="status">
          {t('DONE')}
        </div>
      ) : !token || turnOff.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('INVALID')}
        </div>
      ) : (
        <button
          type="button"
          className="btn auth-submit"
          disabled={turnOff.isPending}
          onClick={() => turnOff.mutate(token)}
        >
          {t('TURN_OFF')}
        </button>
      )}
      <p className="form-text mt-3 mb-0">
        {t('PROFILE_HINT')} <Link to={APP_ROUTES.profile}>{t('PROFILE_LINK')}</Link>
      </p>
    </AuthCard>
  );
}
