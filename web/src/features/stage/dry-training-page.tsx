import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';

/** Placeholder until this screen's issue lands: the title of the screen. */
export function DryTrainingPage() {
  const { t } = useTranslation('dry-training');
  return <PageHeader title={t('TITLE')} />;
}
