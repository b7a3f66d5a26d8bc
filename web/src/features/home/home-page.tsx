import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.tsx';

/** Placeholder until the landing page lands: the hero's title and subtitle. */
export function HomePage() {
  const { t } = useTranslation('home/hero');
  usePageTitle(undefined);
  return (
    <section id="hero" className="hero-placeholder">
      <div className="container-xl py-5">
        <h1 className="display-5">{t('TITLE')}</h1>
        <p className="lead">{t('SUBTITLE')}</p>
      </div>
    </section>
  );
}
