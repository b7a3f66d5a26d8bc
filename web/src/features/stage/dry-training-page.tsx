import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';
import { StageLoading, useRouteStage } from './hooks/use-route-stage.tsx';
import { Viewer } from './viewer/viewer.tsx';
import './stage.css';

/** The read-only stage viewer (SPEC §2) with the drill player: the route's stage, the stored one, or empty. */
export function DryTrainingPage() {
  const { id } = useParams();
  const { t } = useTranslation('dry-training');
  usePageTitle(t('TITLE'));
  const stage = useRouteStage(id, 'dry-training');
  if (stage === null) return <StageLoading label={t('LOADING')} />;
  return <Viewer key={id ?? 'local'} stage={stage} />;
}
