import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { Icon } from '../../../lib/icons.tsx';
import { galleryPicture, partnerLogo } from '../images.ts';
import { NewTabNote } from './external-link-note.tsx';
import { SectionHeading } from './section-heading.tsx';

const partnersById = new Map(siteSettings.partners.map((partner) => [partner.id, partner]));

/** About the club: who we are, the bodies we belong to and what a new shooter needs. */
export function AboutSection() {
  const { t } = useTranslation('home/about');
  const picture = galleryPicture('club-house');
  return (
    <section id="about" className="home-section" aria-labelledby="about-title">
      <div className="container-xl">
        <SectionHeading id="about-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <div className="row g-5 align-items-center">
          <div className="col-lg-6" data-reveal>
            {(t('PARAGRAPHS', { returnObjects: true }) as string[]).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h3 className="h5 mt-4">{t('AFFILIATIONS')}</h3>
            <ul className="about-partners list-unstyled">
              {siteSettings.aboutPartners.map((id) => (
                <li key={id}>
                  <a href={partnersById.get(id)?.url} target="_blank" rel="noopener noreferrer">
                    <img src={partnerLogo(id)} width={48} height={48} alt="" loading="lazy" />
                    <span>{t(`PARTNERS.${id}`)}</span>
                    <NewTabNote text={t('NEW_TAB')} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-6" data-reveal>
            <img
              className="about-image"
              src={picture.src}
              srcSet={picture.srcSet}
              sizes="(min-width: 1200px) 540px, (min-width: 992px) 45vw, 100vw"
              width={picture.width}
              height={picture.height}
              alt={t('IMAGE_ALT')}
              loading="lazy"
              decoding="async"
            />
            <div className="requirements">
              <h3 className="h5">{t('REQUIREMENTS_TITLE')}</h3>
              <ul className="list-unstyled mb-0">
                {(t('REQUIREMENTS', { returnObjects: true }) as string[]).map((item) => (
                  <li key={item}>
                    <Icon name="check" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
