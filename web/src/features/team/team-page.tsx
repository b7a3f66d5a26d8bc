import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';

/** Placeholder until the team pages land: the instructor's name and subtitle. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(`team/${slug}`);
  return <PageHeader title={t('NAME')} subtitle={t('SUBTITLE')} />;
}
