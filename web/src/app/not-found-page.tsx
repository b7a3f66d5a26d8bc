import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';
import { PageHeader } from '../lib/page-title.tsx';

/** Page not found: the title and a way back home, so a mistyped link is not a dead end (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('NOT_FOUND.TITLE')} />
      <div className="container-xl py-4">
        <Link to={APP_ROUTES.home} className="btn btn-primary">
          {t('NOT_FOUND.HOME')}
        </Link>
      </div>
    </>
  );
}
