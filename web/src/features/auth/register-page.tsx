import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';

/** Placeholder until this screen's issue lands: the title of the screen. */
export function RegisterPage() {
  const { t } = useTranslation('register');
  return <PageHeader title={t('TITLE')} />;
}
