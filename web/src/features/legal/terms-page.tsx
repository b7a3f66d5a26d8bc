import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';

/** Placeholder until this screen's issue lands: the title of the screen. */
export function TermsPage() {
  const { t } = useTranslation('legal');
  return <PageHeader title={t('TERMS.TITLE')} />;
}
