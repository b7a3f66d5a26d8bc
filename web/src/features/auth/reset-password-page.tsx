import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';

/** Placeholder until this screen's issue lands: the title of the screen. */
export function ResetPasswordPage() {
  const { t } = useTranslation('reset-password');
  return <PageHeader title={t('TITLE')} />;
}
