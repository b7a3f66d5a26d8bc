import { useTranslation } from 'react-i18next';
import { PageHeader } from '../lib/page-title.tsx';

/** Page not found: the title only (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return <PageHeader title={t('NOT_FOUND.TITLE')} />;
}
