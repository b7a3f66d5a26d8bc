import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { APP_ROUTES } from '@club/contract/routes';
import { useSession } from '../../lib/session.tsx';
import { showToast } from '../../lib/toasts.ts';

/** Says so when a call came back 401 and the member was signed out, and goes to login. */
export function SessionNotices() {
  const { expired } = useSession();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useEffect(() => {
    if (!expired) return;
    showToast({ title: t('SESSION.EXPIRED_TITLE'), message: t('SESSION.EXPIRED_MESSAGE'), type: ToastType.warning });
    navigate(APP_ROUTES.login);
  }, [expired, t, navigate]);
  return null;
}
