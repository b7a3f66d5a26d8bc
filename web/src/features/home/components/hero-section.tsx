import { useContext, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeroPictureContext, drawnHeroPicture } from '../hero-picture.ts';

/** The hero: the club's promise over a drawing of the range at first light, and two ways in. */
export function HeroSection() {
  const { t } = useTranslation('home/hero');
  const files = useContext(HeroPictureContext);
  const [heroPicture] = useState(() => drawnHeroPicture() ?? files);
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <img
        className="hero-backdrop"
        src={heroPicture.src}
        srcSet={heroPicture.srcSet}
        sizes="100vw"
        width={heroPicture.width}
        height={heroPicture.height}
        alt={t('IMAGE_ALT')}
        fetchPriority="high"
      />
      <div className="container-xl hero-content">
        <p className="hero-kicker">{t('KICKER')}</p>
        <h1 id="hero-title">{t('TITLE')}</h1>
        <p className="hero-subtitle">{t('SUBTITLE')}</p>
        <div className="d-flex flex-wrap gap-3">
          <Link to="/#contact" className="btn btn-accent btn-lg">
            {t('CTA_PRIMARY')}
          </Link>
          <Link to="/#fees" className="btn btn-outline-light btn-lg">
            {t('CTA_SECONDARY')}
          </Link>
        </div>
        <ul className="hero-facts list-unstyled">
          {(t('FACTS', { returnObjects: true }) as string[]).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
